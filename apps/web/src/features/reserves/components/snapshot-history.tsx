import { List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { LinkItem } from '../../../components/link-item';
import { PagedList } from '../../../components/paged-list';
import { formatDateTime } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import { type SnapshotHistoryItem, useSnapshotHistory } from '../api/reserves';
import { ratioPercent } from '../ratio';
import styles from './reserves.module.css';

export const snapshotPath = (id: string) => `/pages/reserves/index?id=${encodeURIComponent(id)}`;

/** Every published snapshot, newest first, a page at a time; a row opens that snapshot. */
export function SnapshotHistory({ shownId }: { shownId: string | null }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const pages = useSnapshotHistory();
  return (
    <PagedList
      pages={pages}
      itemsOf={(page) => page.items}
      errorTitle={t('reserves.historyError')}
      empty={<EmptyState title={t('reserves.historyEmpty')} compact />}
      endText={t('reserves.historyEnd')}
      rows={3}
      compact
    >
      {(items: SnapshotHistoryItem[]) => (
        <List data-testid="snapshot-history">
          {items.map((item) => (
            <LinkItem key={item.id} to={snapshotPath(item.id)} testId={`snapshot-${item.id}`}>
              <div className={styles.historyRow}>
                <div className={styles.head}>
                  <span>{formatDateTime(item.cutoffAt, language)}</span>
                  {item.id === shownId && (
                    <Tag color="primary" fill="outline">
                      {t('reserves.shown')}
                    </Tag>
                  )}
                </div>
                <p className={styles.muted}>
                  {item.lines
                    .map((line) => {
                      const percent = ratioPercent(line.ratio);
                      return `${line.currency} ${percent === null ? t('reserves.nothingOwed') : t('reserves.percent', { percent })}`;
                    })
                    .join(' · ')}
                </p>
              </div>
            </LinkItem>
          ))}
        </List>
      )}
    </PagedList>
  );
}
