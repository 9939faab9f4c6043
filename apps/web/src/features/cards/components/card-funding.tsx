import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PagedList } from '../../../components/paged-list';
import signedStyles from '../../../components/signed-amount.module.css';
import { formatDateTime, formatSignedMoney } from '../../../lib/format';
import { ledgerTypeLabel } from '../../../lib/ledger-type-label';
import { useAppStore } from '../../../lib/store';
import { useCardFunding } from '../api/get-card-transactions';

/** Money into and out of the card other than purchases: recharges, withdrawals to the wallet, monthly fees. */
export function CardFunding({ cardId }: { cardId: string }) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const pages = useCardFunding(cardId);
  return (
    <PagedList
      pages={pages}
      itemsOf={(page) => page.funding}
      errorTitle={t('cards.loadError')}
      empty={<EmptyState compact title={t('cards.basic.noFunding')} />}
      endText={t('cards.basic.end')}
      rows={3}
      compact
    >
      {(funding) => (
        <List data-testid="card-funding">
          {funding.map((item) => {
            const signed = formatSignedMoney(item.amount, item.currency);
            return (
              <List.Item
                key={item.id}
                description={formatDateTime(item.time, language)}
                extra={
                  <span className={signedStyles[signed.direction]}>
                    {signed.text} {item.currency}
                  </span>
                }
              >
                {ledgerTypeLabel(item.typeCode, language, item.label)}
              </List.Item>
            );
          })}
        </List>
      )}
    </PagedList>
  );
}
