import type { Language, Translated } from '@wallet/contract';

/**
 * Why an order was rejected, as the member reads it. An operator's reason is their own words; a
 * partner's refusal is stored as `partner:<code>` and shown as a sentence in the member's language
 * (the partner's own text stays in the order's timeline for operators).
 */
const PARTNER_REASONS: Record<string, Translated> = {
  payee_rejected: {
    en: 'The receiving account could not accept the payment.',
    zh: '收款账户无法接收该笔付款。',
    ko: '수취 계정에서 지급을 받을 수 없습니다.',
    ja: '受取口座がこの支払いを受け取れませんでした。',
  },
  rejected: {
    en: 'The payout partner could not pay this account.',
    zh: '代付机构无法向该账户付款。',
    ko: '지급 대행사가 이 계정으로 지급할 수 없었습니다.',
    ja: '支払代行会社がこの口座へ支払えませんでした。',
  },
};

export const partnerReason = (code: string | null) => `partner:${code && Object.hasOwn(PARTNER_REASONS, code) ? code : 'rejected'}`;

export function reasonText(reason: string | null, language: Language): string | null {
  if (!reason?.startsWith('partner:')) return reason;
  return (PARTNER_REASONS[reason.slice('partner:'.length)] ?? PARTNER_REASONS.rejected)?.[language] ?? null;
}
