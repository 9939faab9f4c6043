import type { LargeNodeApplication } from '@wallet/contract';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { formatDateTime } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import { usdt } from './my-placement';
import styles from './placement.module.css';

const COLOR = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;

/** My applications with their state, the reason of a rejection, and the USDT held, settled or returned. */
export function ApplicationList({ items }: { items: LargeNodeApplication[] }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  if (items.length === 0) return <EmptyState title={t('nodes.apply.none')} description={t('nodes.apply.noneText')} compact />;
  return (
    <div data-testid="applications">
      {items.map((item) => (
        <div key={item.id} className={styles.item} data-testid={`application-${item.status}`}>
          <div className={styles.itemHead}>
            <span translate="no">{`${item.city} · ${item.name}`}</span>
            <Tag color={COLOR[item.status]}>{t(`nodes.apply.status.${item.status}`)}</Tag>
          </div>
          <span className={styles.muted} data-testid="application-amount">
            {t(`nodes.apply.amount.${item.status}`, { amount: usdt(item.amount) })}
          </span>
          {item.reason && <span className={`${styles.muted} ${styles.bad}`}>{t('nodes.apply.reason', { reason: item.reason })}</span>}
          <span className={styles.muted}>
            {t('nodes.apply.appliedAt', { time: formatDateTime(item.createdAt, language) })}
            {item.decidedAt && ` · ${t('nodes.apply.decidedAt', { time: formatDateTime(item.decidedAt, language) })}`}
          </span>
        </div>
      ))}
    </div>
  );
}
