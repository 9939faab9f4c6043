import { List } from 'antd-mobile';
import { BillOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PagedList } from '../../../components/paged-list';
import { TextButton } from '../../../components/text-button';
import type { useRecords } from '../api/get-records';
import { RecordRow } from './record-row';

type Props = {
  records: ReturnType<typeof useRecords>;
  filtered: boolean;
  onClearFilters: () => void;
};

/** The records, newest first, loading the next page as the end comes into view. */
export function RecordList({ records, filtered, onClearFilters }: Props) {
  const { t } = useTranslation();
  const empty = filtered ? (
    <EmptyState image={<BillOutline />} title={t('records.emptyFiltered')}>
      <TextButton onClick={onClearFilters} testId="records-clear-filters">
        {t('records.clearFilters')}
      </TextButton>
    </EmptyState>
  ) : (
    <EmptyState image={<BillOutline />} title={t('records.empty')} description={t('records.emptyText')} />
  );
  return (
    <PagedList
      pages={records}
      itemsOf={(page) => page.records}
      errorTitle={t('records.loadError')}
      empty={empty}
      endText={t('records.end')}
    >
      {(rows) => (
        <List data-testid="records-list">
          {rows.map((record) => (
            <RecordRow key={record.id} record={record} />
          ))}
        </List>
      )}
    </PagedList>
  );
}
