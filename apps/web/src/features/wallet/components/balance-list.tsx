import type { BalancesReply } from '@wallet/contract';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { allBalances } from './all-balances';
import styles from './wallet.module.css';

/** Every currency with its balance and estimated value; currencies not held are greyed, not hidden. */
export function BalanceList({ balances }: { balances: BalancesReply }) {
  const { t } = useTranslation();
  return (
    <List>
      {allBalances(balances).map((row) => (
        <List.Item
          key={row.currency}
          className={row.empty ? styles.emptyRow : undefined}
          description={t(`currency.${row.currency}`)}
          extra={
            <div className={styles.amountCell}>
              <div className={styles.amountMain} data-testid={`balance-${row.currency}`}>
                {formatMoney(row.balance, row.currency)}
              </div>
              <div className={styles.amountSub}>
                {t('home.balances.estimate', {
                  amount: formatMoney(row.estimate, balances.displayCurrency),
                  currency: balances.displayCurrency,
                })}
              </div>
            </div>
          }
        >
          <span className={styles.currencyCode}>{row.currency}</span>
        </List.Item>
      ))}
    </List>
  );
}
