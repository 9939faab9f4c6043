import { isCurrency } from '@wallet/contract';
import { PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { type RecordFilters as Filters, useRecords } from '../../features/wallet/api/get-records';
import { RecordFilters } from '../../features/wallet/components/record-filters';
import { RecordList } from '../../features/wallet/components/record-list';

/** The filters live in the address (?currency=USDT&type=41), so a record's detail returns to the same list. */
function filtersOf(params: URLSearchParams): Filters {
  const currency = params.get('currency');
  const type = params.get('type');
  return {
    currency: isCurrency(currency) ? currency : undefined,
    type: type !== null && /^\d{1,6}$/.test(type) ? Number(type) : undefined,
  };
}

/** Every movement of the wallet, newest first, filtered by currency and type. */
export default function RecordsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const records = useRecords(filters);

  const setFilters = (next: Filters) => {
    const query = new URLSearchParams();
    if (next.currency) query.set('currency', next.currency);
    if (next.type !== undefined) query.set('type', String(next.type));
    setParams(query, { replace: true });
  };

  return (
    <>
      <NavBar title={t('records.title')} back />
      <RecordFilters value={filters} onChange={setFilters} />
      <PullToRefresh onRefresh={async () => void (await records.refetch())}>
        <PageBody>
          <RecordList
            records={records}
            filtered={filters.currency !== undefined || filters.type !== undefined}
            onClearFilters={() => setFilters({})}
          />
        </PageBody>
      </PullToRefresh>
    </>
  );
}
