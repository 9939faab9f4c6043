import type { BalancesReply, DisplayCurrency } from '@wallet/contract';
import { Skeleton } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format';
import styles from './wallet.module.css';

export const DISPLAY_CURRENCY_PATH = '/pages/changeBZSun/index';

/** The wallet's estimated worth in the display currency; tapping it leads to choosing that currency. */
type Props = {
  /** Undefined while loading. */
  balances: BalancesReply | undefined;
  /** The profile's display currency, known before the total is. */
  currency: DisplayCurrency | undefined;
};

export function BalanceTotal({ balances, currency }: Props) {
  const { t } = useTranslation();
  return (
    <Link className={styles.total} to={DISPLAY_CURRENCY_PATH} data-testid="home-total" aria-label={t('home.total.change')}>
      <p className={styles.totalLabel}>
        <span data-testid="home-total-label">{t('home.total.label', { currency: balances?.displayCurrency ?? currency ?? '…' })}</span>
        <RightOutline aria-hidden="true" />
      </p>
      {balances ? (
        <p className={styles.totalAmount}>
          <span data-testid="home-total-amount">{formatMoney(balances.totalEstimate, balances.displayCurrency)}</span>
          <span className={styles.totalCurrency}>{balances.displayCurrency}</span>
        </p>
      ) : (
        <Skeleton className={styles.totalSkeleton} animated />
      )}
      <p className={styles.totalHint}>{t('home.total.hint')}</p>
    </Link>
  );
}
