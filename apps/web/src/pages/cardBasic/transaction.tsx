import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { FormCard } from '../../components/form-card';
import { LoadingState } from '../../components/loading-state';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { CARD_TX_ID, useCardTransaction } from '../../features/cards/api/get-card-transactions';
import { CardTransactionDetail } from '../../features/cards/components/card-transaction-detail';
import { useCardId } from '../../features/cards/components/use-card-id';
import { ApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/use-error-text';

/** One card transaction (#/pages/cardBasic/transaction?id=<card>&tx=<transaction>). */
export default function CardTransactionPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const cardId = useCardId();
  const [params] = useSearchParams();
  const txId = params.get('tx') ?? '';
  const tx = useCardTransaction(cardId, txId);
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
          ) : tx.isPending ? (
            <LoadingState rows={6} />
          ) : tx.isError ? (
            <ErrorState
              title={t('cards.txDetail.loadError')}
              description={errorText(tx.error)}
              onRetry={() => void tx.refetch()}
              retrying={tx.isFetching}
            />
          ) : (
            <CardTransactionDetail tx={tx.data} />
          )}
        </FormCard>
      </PageBody>
    </>
  );
}
