import type { ConsoleDpoolPeriod } from '@wallet/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export function DpoolStatusTag({ status }: { status: ConsoleDpoolPeriod['status'] }) {
  const { t } = useTranslation();
  return <Tag color={status === 'paid' ? 'green' : 'blue'}>{t(`nodes.dpool.statuses.${status}`)}</Tag>;
}

/** A Merkle root or hash shortened for a table, whole in its tooltip and copy. */
export const shortHash = (value: string) => (value.length > 14 ? `${value.slice(0, 8)}…${value.slice(-4)}` : value);
