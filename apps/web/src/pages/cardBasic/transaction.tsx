import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FormCard } from '../../components/form-card';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { QueryGate } from '../../components/query-gate';
import { CARD_TX_ID, useCardTransaction } from '../../features/cards/api/get-card-transactions';
import { CardTransactionDetail } from '../../features/cards/components/card-transaction-detail';
import { useCardId } from '../../features/cards/components/use-card-id';
import { useCardTextsFollowLanguage } from '../../features/cards/components/use-language-refresh';
import { ApiError } from '../../lib/api-client';

/** One card transaction (#/pages/cardBasic/transaction?id=<card>&tx=<transaction>). */
export default function CardTransactionPage() {
  const { t } = useTranslation();
  const cardId = useCardId();
  const [params] = useSearchParams();
  const txId = params.get('tx') ?? '';
  const tx = useCardTransaction(cardId, txId);
  useCardTextsFollowLanguage();
  const missing =
    cardId === null ||
    !CARD_TX_ID.test(txId) ||
    (tx.error instanceof ApiError && (tx.error.code === 'RECORD_NOT_FOUND' || tx.error.code === 'CARD_NOT_FOUND'));

  return (
    <>
      <NavBar title={t('cards.txDetail.title')} back />
      <PageBody>
        <FormCard>
          {missing ? (
            <EmptyState title={t('cards.txDetail.notFound')} description={t('cards.txDetail.notFoundText')} />
          ) : (
            <QueryGate query={tx} errorTitle={t('cards.txDetail.loadError')} rows={6}>
              {(data) => <CardTransactionDetail tx={data} />}
            </QueryGate>
          )}
        </FormCard>
      </PageBody>
    </>
  );
}
