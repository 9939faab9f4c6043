import { List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { LoadingState } from '../../../components/loading-state';
import { useCardTransactions } from '../api/get-card-transactions';

/** Merchant, time, amount, balance change, type and settlement; declines with their reason in the user's language. */
export function CardTransactions({ cardId }: { cardId: string }) {
  const { t, i18n } = useTranslation();
  const list = useCardTransactions(cardId);
  if (list.isPending) return <LoadingState rows={3} />;
  const rows = list.data?.transactions ?? [];
  if (rows.length === 0) return <EmptyState compact title={t('cards.basic.noTransactions')} />;
  return (
    <List header={t('cards.basic.transactions')} data-testid="card-transactions">
      {rows.map((tx) => (
        <List.Item
          key={tx.id}
          description={`${new Date(tx.time).toLocaleString(i18n.language)}${tx.declineReason ? ` · ${tx.declineReason}` : ''}`}
          extra={
            <span>
              {tx.approved ? `${tx.balanceChange} ${tx.currency}` : tx.amount}
              <br />
              <Tag color={!tx.approved ? 'danger' : tx.settled ? 'success' : 'warning'}>
                {!tx.approved ? t('cards.tx.declined') : tx.settled ? t('cards.tx.settled') : t('cards.tx.unsettled')}
              </Tag>
            </span>
          }
        >
          {tx.merchant} · {t(`cards.tx.${tx.type}`)}
        </List.Item>
      ))}
    </List>
  );
}
