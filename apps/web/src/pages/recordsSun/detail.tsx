import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { FormCard } from '../../components/form-card';
import { LoadingState } from '../../components/loading-state';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { RECORD_ID, useRecord } from '../../features/wallet/api/get-record';
import { RecordDetail } from '../../features/wallet/components/record-detail';
import { ApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/use-error-text';

/** One record of the wallet (#/pages/recordsSun/detail?id=...). */
export default function RecordDetailPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const record = useRecord(id);
  const missing = !RECORD_ID.test(id) || (record.error instanceof ApiError && record.error.code === 'RECORD_NOT_FOUND');

  return (
    <>
      <NavBar title={t('records.detail.title')} back />
      <PageBody>
        <FormCard>
          {missing ? (
            <EmptyState title={t('records.detail.notFound')} description={t('records.detail.notFoundText')} />
          ) : record.isPending ? (
            <LoadingState rows={5} />
          ) : record.isError ? (
            <ErrorState
              title={t('records.detail.loadError')}
              description={errorText(record.error)}
              onRetry={() => void record.refetch()}
              retrying={record.isFetching}
            />
          ) : (
            <RecordDetail record={record.data} />
          )}
        </FormCard>
      </PageBody>
    </>
  );
}
