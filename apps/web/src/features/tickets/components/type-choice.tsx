import { TICKET_TYPES, type TicketType } from '@wallet/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import controls from '../../../components/form-controls.module.css';
import styles from './tickets.module.css';

type Props = { id?: string; value?: TicketType; onChange?: (type: TicketType) => void };

/** What a ticket is about, as radio choices two to a row: every type in view, one tap each. */
export function TypeChoice({ id, value, onChange }: Props) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <div id={id} className={`${controls.choices} ${styles.types}`} role="radiogroup">
      {TICKET_TYPES.map((type) => (
        <label key={type} className={`${controls.choice} ${styles.type}`} data-checked={value === type} data-testid={`ticket-type-${type}`}>
          <input
            type="radio"
            className="visually-hidden"
            name={name}
            value={type}
            checked={value === type}
            onChange={() => onChange?.(type)}
          />
          <span className={controls.choiceTitle}>{t(`tickets.type.${type}`)}</span>
        </label>
      ))}
    </div>
  );
}
