import { List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PagedList } from '../../../components/paged-list';
import { formatDateTime } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import { useCardTransactions } from '../api/get-card-transactions';
import { txAmountText, txStatus } from './card-tx-text';

/** Merchant, time, amount, balance change, type and settlement; declines with their reason in the user's language. A row opens the transaction. */
export function CardTransactions({ cardId }: { cardId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useAppStore((s) => s.language);
  const pages = useCardTransactions(cardId);
  return (
    <PagedList
      pages={pages}
      itemsOf={(page) => page.transactions}
      errorTitle={t('cards.loadError')}
      empty={<EmptyState compact title={t('cards.basic.noTransactions')} />}
      endText={t('cards.basic.end')}
      rows={3}
      compact
    >
      {(transactions) => (
        <List data-testid="card-transactions">
          {transactions.map((tx) => {
            const status = txStatus(tx);
            return (
              <List.Item
                key={tx.id}
                clickable
                arrowIcon={false}
                onClick={() => navigate(`/pages/cardBasic/transaction?id=${cardId}&tx=${tx.id}`)}
                description={`${formatDateTime(tx.time, language)}${tx.declineReason ? ` · ${tx.declineReason}` : ''}`}
                extra={
                  <span>
                    {txAmountText(tx)} {tx.currency}
                    <br />
                    <Tag color={status.color}>{t(status.label)}</Tag>
                  </span>
                }
                data-testid="card-tx"
              >
                {tx.merchant} · {t(`cards.tx.${tx.type}`)}
              </List.Item>
            );
          })}
        </List>
      )}
    </PagedList>
  );
}
