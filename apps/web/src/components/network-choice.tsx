import { BINDABLE_NETWORKS, type BindableNetwork, NETWORKS } from '@wallet/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './form-controls.module.css';

type Props = { id?: string; value?: BindableNetwork; onChange?: (network: BindableNetwork) => void };

/** TRON or BSC, as two large radio choices: the network decides which addresses are valid. */
export function NetworkChoice({ id, value, onChange }: Props) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <div id={id} className={styles.choices}>
      {BINDABLE_NETWORKS.map((network) => (
        <label key={network} className={styles.choice} data-checked={value === network} data-testid={`network-${network}`}>
          <input
            type="radio"
            className="visually-hidden"
            name={name}
            value={network}
            checked={value === network}
            onChange={() => onChange?.(network)}
          />
          <span className={styles.choiceTitle}>{network}</span>
          <span className={styles.choiceText}>
            {t(`network.${network}`) === network
              ? NETWORKS[network].standard
              : `${t(`network.${network}`)} · ${NETWORKS[network].standard}`}
          </span>
        </label>
      ))}
    </div>
  );
}
