import type { Card } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatExactMoney } from '../../../lib/format';
import styles from './card-money.module.css';

type Props = {
  card: Card;
  /** Money going onto the card or coming from it; none for a screen about the card itself. */
  direction?: 'to' | 'from';
  /** The same page without a card, to choose another; none when the card cannot be changed here. */
  path?: string;
};

/** Which card the screen is about (the money goes to or comes from), with its balance, and a way to choose another. */
export function MoneyCardRow({ card, direction, path }: Props) {
  const { t } = useTranslation();
  return (
    <section className={styles.cardRow} data-testid="money-card">
      <div className={card.type === 'physical' ? `${styles.cardChip} ${styles.cardChipPhysical}` : styles.cardChip} aria-hidden="true">
        {card.maskedNumber?.slice(-4) ?? '----'}
      </div>
      <div className={styles.cardText}>
        {direction && <span className={styles.cardLabel}>{direction === 'to' ? t('cardMoney.card.to') : t('cardMoney.card.from')}</span>}
        <span className={styles.cardName}>
          {/* A long product name gives way; the last four digits, which tell the cards apart, stay. */}
          <span className={styles.cardProduct}>{card.product.name}</span>
          <span className={styles.cardLast4}>•••• {card.maskedNumber?.slice(-4) ?? '----'}</span>
        </span>
        <span className={styles.cardBalance} data-testid="money-card-balance">
          {t('cards.balance')} {formatExactMoney(card.balance, card.currency)} {card.currency}
        </span>
      </div>
      {path && (
        <Link to={path} className={styles.cardChange} data-testid="money-card-change">
          {t('cardMoney.card.change')}
        </Link>
      )}
    </section>
  );
}
