import type { RoundStatus } from '@wallet/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<RoundStatus, string> = { upcoming: 'blue', open: 'green', sold_out: 'gold', closed: 'default' };

export function RoundStatusTag({ status }: { status: RoundStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLOURS[status]}>{t(`placement.statuses.${status}`)}</Tag>;
}

/** A round's name in the console's language, English when it has none there. */
export function roundName(name: Record<'en' | 'zh' | 'ko' | 'ja', string>, language: string): string {
  return (language === 'zh' ? name.zh : '') || name.en;
}
