import { type Deposit, formatAmount } from '@wallet/contract';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DepositStatusTag } from './deposit-status-tag';
import styles from './top-up.module.css';

/** My deposits, newest first, each with its amount, status and transaction hash. */
export function DepositList({ deposits }: { deposits: Deposit[] }) {
  const { t } = useTranslation();
  if (deposits.length === 0) return <p className={styles.meta}>{t('topUp.noDeposits')}</p>;
  return (
    <List data-testid="deposit-list">
      {deposits.map((deposit) => (
        <List.Item
          key={deposit.id}
          extra={<DepositStatusTag deposit={deposit} />}
          description={
            <>
              {deposit.reason ? <div>{t(`topUp.reason.${deposit.reason === 'daily_limit' ? 'daily_limit' : 'other'}`)}</div> : null}
              <div className={styles.hash}>{deposit.txHash}</div>
            </>
          }
        >
          {formatAmount(deposit.amount, deposit.currency)} {deposit.currency} · {t(`network.${deposit.network}`)}
        </List.Item>
      ))}
    </List>
  );
}
