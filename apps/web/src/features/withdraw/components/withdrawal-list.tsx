import { formatAmount, type Withdrawal } from '@wallet/contract';
import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LinkItem } from '../../../components/link-item';
import { formatDateTime, shortenAddress } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import styles from './withdraw.module.css';
import { WithdrawalStatusTag } from './withdrawal-status-tag';

type Props = {
  withdrawals: Withdrawal[];
  detailPath: (id: string) => string;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
};

/** Withdrawals newest first: amount, status, network, address and time; a row opens its detail. */
export function WithdrawalList({ withdrawals, detailPath, hasMore, loadingMore, onLoadMore }: Props) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  return (
    <>
      <List className={styles.list}>
        {withdrawals.map((w) => (
          <LinkItem
            key={w.id}
            to={detailPath(w.id)}
            testId="withdrawal-row"
            description={
              <span className={styles.rowMeta}>
                <span>
                  {w.network} · {shortenAddress(w.address)}
                </span>
                <span>{formatDateTime(w.createdAt, language)}</span>
              </span>
            }
          >
            <span className={styles.rowTitle}>
              <span className={styles.rowAmount}>
                {t('orders.amount', { amount: formatAmount(w.amount, w.currency), currency: w.currency })}
              </span>
              <WithdrawalStatusTag status={w.status} />
            </span>
          </LinkItem>
        ))}
      </List>
      {hasMore && (
        <div className={styles.more}>
          <Button size="small" fill="outline" color="primary" loading={loadingMore} onClick={onLoadMore} data-testid="orders-more">
            {t('orders.loadMore')}
          </Button>
        </div>
      )}
    </>
  );
}
