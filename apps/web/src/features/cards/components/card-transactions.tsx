import { List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { QueryGate } from '../../../components/query-gate';
import { formatDateTime, formatExactMoney, formatSignedMoney } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import { useCardTransactions } from '../api/get-card-transactions';

/** Merchant, time, amount, balance change, type and settlement; declines with their reason in the user's language. */
export function CardTransactions({ cardId }: { cardId: string }) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const list = useCardTransactions(cardId);
  return (
    <QueryGate query={list} errorTitle={t('cards.loadError')} rows={3} compact>
      {({ transactions }) =>
        transactions.length === 0 ? (
          <EmptyState compact title={t('cards.basic.noTransactions')} />
        ) : (
          <List header={t('cards.basic.transactions')} data-testid="card-transactions">
            {transactions.map((tx) => (
              <List.Item
                key={tx.id}
                description={`${formatDateTime(tx.time, language)}${tx.declineReason ? ` · ${tx.declineReason}` : ''}`}
                extra={
                  <span>
                    {/* A decline moved nothing: its amount is what was asked, unsigned. */}
                    {tx.approved ? formatSignedMoney(tx.balanceChange, tx.currency).text : formatExactMoney(tx.amount, tx.currency)}{' '}
                    {tx.currency}
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
        )
      }
    </QueryGate>
  );
}
