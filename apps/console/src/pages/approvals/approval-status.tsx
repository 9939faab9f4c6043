import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApprovalStatus } from '../../types/console';

const COLORS: Record<ApprovalStatus, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  expired: 'default',
  failed: 'volcano',
};

export function ApprovalStatusTag({ status }: { status: ApprovalStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`approvals.status.${status}`, { defaultValue: status })}</Tag>;
}

/** An approval kind's name; a kind a later issue adds shows as its code until it has a text. */
export function useKindLabel() {
  const { t } = useTranslation();
  // i18next reads dots as nesting: a kind's dots are underscores in the catalogue.
  return (kind: string) => t(`approvals.kinds.${kind.replaceAll('.', '_')}`, { defaultValue: kind });
}
