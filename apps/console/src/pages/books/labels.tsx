import type { ReconBreak, ReconRun } from '@wallet/contract';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/date-time';

const RUN_COLOURS: Record<ReconRun['status'], string> = { running: 'processing', completed: 'green', failed: 'red' };
const BREAK_COLOURS: Record<ReconBreak['status'], string> = { open: 'red', resolved: 'green', fixed: 'blue', accepted: 'default' };

export function RunStatusTag({ status }: { status: ReconRun['status'] }) {
  const { t } = useTranslation();
  return <Tag color={RUN_COLOURS[status]}>{t(`books.runStatuses.${status}`)}</Tag>;
}

export function BreakStatusTag({ status }: { status: ReconBreak['status'] }) {
  const { t } = useTranslation();
  return <Tag color={BREAK_COLOURS[status]}>{t(`books.statuses.${status}`)}</Tag>;
}

/** A source point's name: `chain:BSC:USDT` reads as "Chain BSC · USDT", the issuer and partner by their names. */
export function useSourceName() {
  const { t } = useTranslation();
  return (source: string) => {
    const [head = '', ...rest] = source.split(':');
    const name = t(`books.sources.${head}`, { defaultValue: head });
    return rest.length > 0 ? `${name} ${rest.join(' · ')}` : name;
  };
}

/** Where each source stood when it answered: its block or its as-of time, and how much it compared. */
export function SourcePoints({ points }: { points: ReconRun['sources'] }) {
  const { t } = useTranslation();
  const sourceName = useSourceName();
  if (points.length === 0) return <>—</>;
  return (
    <Space direction="vertical" size={0}>
      {points.map((point) => (
        <Typography.Text key={point.source} style={{ whiteSpace: 'nowrap' }}>
          {sourceName(point.source)}
          {': '}
          {point.block
            ? t('books.runs.block', { block: point.block })
            : point.asOf
              ? t('books.runs.asOf', { at: formatDateTime(point.asOf) })
              : '—'}
          <Typography.Text type="secondary"> · {t('books.runs.checked', { count: point.checked })}</Typography.Text>
        </Typography.Text>
      ))}
    </Space>
  );
}

/** A network and currency, or the currency alone for totals that span networks. */
export function whereOf(brk: Pick<ReconBreak, 'network' | 'currency'>): string {
  return brk.network ? `${brk.network} · ${brk.currency}` : brk.currency;
}
