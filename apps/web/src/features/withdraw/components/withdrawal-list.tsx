import type { Withdrawal } from '@wallet/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { OrderList, OrderRow } from '../../../components/order-rows';
import { formatDateTime, formatMoney, shortenAddress } from '../../../lib/format';
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
      <OrderList>
        {withdrawals.map((w) => (
          <OrderRow
            key={w.id}
            to={detailPath(w.id)}
            testId="withdrawal-row"
            amount={t('orders.amount', { amount: formatMoney(w.amount, w.currency), currency: w.currency })}
            status={<WithdrawalStatusTag status={w.status} />}
            meta={
              <>
                <span>
                  {w.network} · {shortenAddress(w.address)}
                </span>
                <span>{formatDateTime(w.createdAt, language)}</span>
              </>
            }
          />
        ))}
      </OrderList>
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
