import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<string, string> = { city_partner: 'gold', promotion_manager: 'blue', agent: 'green' };

/** An agency role as a tag; no role as plain text. */
export function RoleTag({ role }: { role: string | null }) {
  const { t } = useTranslation();
  if (!role) return <span>{t('agency.roles.none')}</span>;
  return <Tag color={COLOURS[role]}>{t(`agency.roles.${role}`)}</Tag>;
}

/** A rule's rate as operators read it: "3 USDT" or "0.3 %". */
export function rateText(rule: { amountKind: string; value: string; currency: string | null }): string {
  return rule.amountKind === 'fixed' ? `${rule.value} ${rule.currency ?? ''}` : `${rule.value} %`;
}
