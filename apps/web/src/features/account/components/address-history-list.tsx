import { List, Tag } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { formatDateTime } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import { useErrorText } from '../../../lib/use-error-text';
import { useAddressHistory } from '../api/get-address-history';
import styles from './address.module.css';

/** Addresses bound before the current one, newest first. */
export function AddressHistoryList() {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const errorText = useErrorText();
  const history = useAddressHistory();

  if (history.isPending) return <LoadingState rows={3} />;
  if (history.isError) {
    return (
      <ErrorState
        title={t('address.historyError')}
        description={errorText(history.error)}
        onRetry={() => void history.refetch()}
        retrying={history.isFetching}
        compact
      />
    );
  }
  if (history.data.entries.length === 0) {
    return (
      <EmptyState image={<ClockCircleOutline />} title={t('address.historyEmpty')} description={t('address.historyEmptyText')} compact />
    );
  }
  return (
    <List>
      {history.data.entries.map((entry) => (
        <List.Item
          key={`${entry.changedAt}-${entry.oldAddress}`}
          prefix={<Tag fill="outline">{entry.oldNetwork}</Tag>}
          description={t('address.replacedAt', { time: formatDateTime(entry.changedAt, language) })}
        >
          <code className={styles.historyAddress}>{entry.oldAddress}</code>
        </List.Item>
      ))}
    </List>
  );
}
