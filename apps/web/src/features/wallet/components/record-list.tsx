import { InfiniteScroll, List } from 'antd-mobile';
import { BillOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useErrorText } from '../../../lib/use-error-text';
import type { useRecords } from '../api/get-records';
import { RecordRow } from './record-row';
import styles from './records.module.css';

type Props = {
  records: ReturnType<typeof useRecords>;
  filtered: boolean;
  onClearFilters: () => void;
};

/** The records, newest first, loading the next page as the end comes into view. */
export function RecordList({ records, filtered, onClearFilters }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();

  if (records.isPending) return <LoadingState rows={8} />;
  if (records.isError && !records.data) {
    return (
      <ErrorState
        title={t('records.loadError')}
        description={errorText(records.error)}
        onRetry={() => void records.refetch()}
        retrying={records.isFetching}
      />
    );
  }
  const rows = records.data.pages.flatMap((page) => page.records);
  if (rows.length === 0) {
    return filtered ? (
      <EmptyState image={<BillOutline />} title={t('records.emptyFiltered')}>
        <button type="button" className={styles.linkButton} onClick={onClearFilters} data-testid="records-clear-filters">
          {t('records.clearFilters')}
        </button>
      </EmptyState>
    ) : (
      <EmptyState image={<BillOutline />} title={t('records.empty')} description={t('records.emptyText')} />
    );
  }

  return (
    <>
      <List data-testid="records-list">
        {rows.map((record) => (
          <RecordRow key={record.id} record={record} />
        ))}
      </List>
      <InfiniteScroll
        // InfiniteScroll offers a retry when this rejects.
        loadMore={async () => {
          const result = await records.fetchNextPage();
          if (result.isError) throw result.error;
        }}
        hasMore={records.hasNextPage}
      >
        {(hasMore, failed, retry) =>
          failed ? (
            <span className={styles.scrollNote}>
              {t('records.loadMoreError')}{' '}
              <button type="button" className={styles.linkButton} onClick={() => void retry()}>
                {t('common.retry')}
              </button>
            </span>
          ) : hasMore ? (
            <span className={styles.scrollNote}>{t('common.loading')}</span>
          ) : (
            <span className={styles.scrollNote}>{t('records.end')}</span>
          )
        }
      </InfiniteScroll>
    </>
  );
}
