import { isCurrency, isLedgerFamily } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { StatementLink } from '../../features/statements/components/statement-link';
import { type RecordFilters as Filters, useRecords } from '../../features/wallet/api/get-records';
import { RecordFilters } from '../../features/wallet/components/record-filters';
import { RecordList } from '../../features/wallet/components/record-list';

/** The filters live in the address (?currency=USDT&family=transfers), so a record's detail returns to the same list. */
function filtersOf(params: URLSearchParams): Filters {
  const currency = params.get('currency');
  const family = params.get('family');
  return { currency: isCurrency(currency) ? currency : undefined, family: isLedgerFamily(family) ? family : undefined };
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
    if (next.family) query.set('family', next.family);
    setParams(query, { replace: true });
  };

  return (
    <>
      <NavBar title={t('records.title')} back right={<StatementLink />} />
      <RecordFilters value={filters} onChange={setFilters} />
      <PullToRefresh onRefresh={async () => void (await records.refetch())}>
        <PageBody>
          <RecordList
            records={records}
            filtered={filters.currency !== undefined || filters.family !== undefined}
            onClearFilters={() => setFilters({})}
          />
        </PageBody>
      </PullToRefresh>
    </>
  );
}
