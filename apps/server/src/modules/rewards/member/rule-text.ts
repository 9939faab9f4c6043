import { Decimal } from '@wallet/contract';

/**
 * A rule as the member reads it: "0.2%" of the source, or "2 USDT" per event. ENGINE's
 * rewards/rules.ts `ruleText` is the shared one once it is merged; this keeps the member reads
 * independent of it until then and writes the same form.
 */
export function memberRuleText(kind: 'fixed' | 'percent', value: string, currency: string | null): string {
  const amount = new Decimal(value).toFixed();
  return kind === 'percent' ? `${amount}%` : `${amount} ${currency ?? ''}`.trim();
}
