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

/**
 * What a request will do, in the operator's language, drawn from its exact payload: the server's
 * summary is English and stays for kinds this console does not know yet.
 */
export function useApprovalSummary() {
  const { t } = useTranslation();
  return (approval: { kind: string; summary: string; payload: unknown }) => {
    const p = (approval.payload ?? {}) as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const key = `approvals.summaries.${approval.kind.replaceAll('.', '_')}`;
    if (approval.kind === 'balance.adjust') {
      const amount = text(p.amount);
      const debit = amount.startsWith('-');
      return t(`${key}.${debit ? 'debit' : 'credit'}`, {
        amount: amount.replace(/^-/, ''),
        currency: text(p.currency),
        uid: text(p.uid),
        reason: text(p.reason),
      });
    }
    if (approval.kind === 'operator.roles') {
      const roles = Array.isArray(p.roles) ? p.roles.map((role) => t(`roles.${String(role)}`)).join(', ') : '';
      return t(key, { email: text(p.email), roles });
    }
    if (approval.kind === 'agency.role') {
      const role = (value: unknown) => t(`agency.roles.${typeof value === 'string' ? value : 'none'}`);
      return t(key, { uid: text(p.uid), before: role(p.roleBefore), after: role(p.roleAfter), note: text(p.note) });
    }
    const params = Object.fromEntries(Object.entries(p).map(([name, value]) => [name, text(value)]));
    return t(key, { ...params, defaultValue: approval.summary });
  };
}
