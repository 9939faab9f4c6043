import type { Card } from '@wallet/contract';
import { AddCircleOutline, EyeOutline, LockOutline, UnlockOutline, UploadOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './card-detail.module.css';

type Props = { card: Card; onToggleFreeze: () => void; freezing: boolean };

/** The card's everyday actions, four a row with round icons as on the wallet's home screen. */
export function CardQuickActions({ card, onToggleFreeze, freezing }: Props) {
  const { t } = useTranslation();
  const id = encodeURIComponent(card.id);
  return (
    // A physical card has no number to reveal: its three actions share the row rather than leave a gap.
    <nav
      className={styles.actions}
      style={{ gridTemplateColumns: `repeat(${card.type === 'virtual' ? 4 : 3}, minmax(0, 1fr))` }}
      aria-label={t('cardPack.detail.actions')}
    >
      <Link className={styles.action} to={`/pages/rechargeCardSun/index?id=${id}`} data-testid="go-recharge">
        <span className={styles.actionIcon} aria-hidden="true">
          <AddCircleOutline />
        </span>
        {t('cardPack.detail.recharge')}
      </Link>
      <Link className={styles.action} to={`/pages/cardToSun/index?id=${id}`} data-testid="go-to-wallet">
        <span className={styles.actionIcon} aria-hidden="true">
          <UploadOutline />
        </span>
        {t('cardPack.detail.toWallet')}
      </Link>
      {card.type === 'virtual' && (
        <Link className={styles.action} to={`/pages/app-cvv/index?id=${id}`} data-testid="show-details">
          <span className={styles.actionIcon} aria-hidden="true">
            <EyeOutline />
          </span>
          {t('cardPack.detail.showDetails')}
        </Link>
      )}
      <button
        type="button"
        className={styles.action}
        onClick={onToggleFreeze}
        disabled={freezing}
        aria-busy={freezing}
        data-testid="toggle-freeze"
      >
        <span className={card.frozen ? `${styles.actionIcon} ${styles.actionIconDanger}` : styles.actionIcon} aria-hidden="true">
          {card.frozen ? <UnlockOutline /> : <LockOutline />}
        </span>
        {card.frozen ? t('cardPack.detail.unfreeze') : t('cardPack.detail.freeze')}
      </button>
    </nav>
  );
}
