import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FormCard } from '../../components/form-card';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { QueryGate } from '../../components/query-gate';
import { RECORD_ID, useRecord } from '../../features/wallet/api/get-record';
import { RecordDetail } from '../../features/wallet/components/record-detail';
import { ApiError } from '../../lib/api-client';

/** One record of the wallet (#/pages/recordsSun/detail?id=...). */
export default function RecordDetailPage() {
  const { t } = useTranslation();
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
          ) : (
            <QueryGate query={record} errorTitle={t('records.detail.loadError')} rows={5}>
              {(data) => <RecordDetail record={data} />}
            </QueryGate>
          )}
        </FormCard>
      </PageBody>
    </>
  );
}
