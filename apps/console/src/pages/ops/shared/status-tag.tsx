import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  pending_review: 'gold',
  approved: 'blue',
  sending: 'blue',
  confirming: 'blue',
  completed: 'green',
  credited: 'green',
  arrived: 'green',
  active: 'green',
  passed: 'green',
  rejected: 'red',
  failed: 'red',
  dropped: 'red',
  unattributed: 'orange',
  queued: 'orange',
  in_progress: 'blue',
  processing: 'gold',
};

/** A status code as a coloured tag in the console's language (texts under ops.status). */
export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status] ?? 'default'}>{t(`ops.status.${status}`, { defaultValue: status })}</Tag>;
}
