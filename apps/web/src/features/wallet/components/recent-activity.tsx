import { List } from 'antd-mobile';
import { BillOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useErrorText } from '../../../lib/use-error-text';
import { useRecords } from '../api/get-records';
import { RecordRow } from './record-row';

export const RECENT_RECORDS = 5;

/**
 * The member's latest records on home: the records page's unfiltered query (one cache for both, so
 * either screen opens on the other's data), and refreshed with it when a live balance event re-reads
 * the wallet queries.
 */
export default function RecentActivity() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const records = useRecords({});
  if (records.isPending) return <LoadingState rows={RECENT_RECORDS} />;
  if (records.isError && !records.data) {
    return (
      <ErrorState
        title={t('home.recent.loadError')}
        description={errorText(records.error)}
        onRetry={() => void records.refetch()}
        retrying={records.isFetching}
        compact
      />
    );
  }
  const rows = records.data.pages.flatMap((page) => page.records).slice(0, RECENT_RECORDS);
  if (rows.length === 0) {
    return (
      <div data-testid="recent-empty">
        <EmptyState image={<BillOutline />} title={t('home.recent.empty')} description={t('home.recent.emptyText')} compact />
      </div>
    );
  }
  return (
    <List data-testid="recent-activity">
      {rows.map((record) => (
        <RecordRow key={record.id} record={record} />
      ))}
    </List>
  );
}
