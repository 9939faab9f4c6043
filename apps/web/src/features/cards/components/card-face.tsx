import { type Card, Decimal } from '@wallet/contract';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatExactMoney } from '../../../lib/format';
import styles from './cards.module.css';

/** A card as the pack shows it: product, masked number, balance, state. Never more than the last four digits. */
export function CardFace({ card, link = true }: { card: Card; link?: boolean }) {
  const { t } = useTranslation();
  const state = card.frozen ? 'frozen' : card.status;
  const body = (
    <>
      <div className={styles.row}>
        <span>{card.product.name}</span>
        <Tag
          color={state === 'active' ? 'success' : state === 'failed' || state === 'frozen' ? 'danger' : 'warning'}
          data-testid="card-state"
        >
          {t(`cards.status.${state}`)}
        </Tag>
      </div>
      <div className={styles.number} data-testid="card-number">
        {card.maskedNumber ?? '**** **** **** ----'}
      </div>
      <div className={styles.row}>
        <span>
          <span className={styles.muted}>{t('cards.balance')} </span>
          <span className={styles.balance} data-testid="card-balance">
            {formatExactMoney(card.balance, card.currency)} {card.currency}
          </span>
        </span>
        <span className={styles.muted}>{t(`cards.type.${card.type}`)}</span>
      </div>
      {!new Decimal(card.held).isZero() && (
        <div className={styles.muted}>
          {t('cards.held')} {formatExactMoney(card.held, card.currency)} {card.currency}
        </div>
      )}
    </>
  );
  const className = card.type === 'physical' ? `${styles.face} ${styles.physical}` : styles.face;
  if (!link) return <div className={className}>{body}</div>;
  const to = card.status === 'active' ? `/pages/cardBasic/index?id=${card.id}` : `/pages/afterOpen/index?id=${card.id}`;
  return (
    <Link to={to} className={className} data-testid="card-face">
      {body}
    </Link>
  );
}
