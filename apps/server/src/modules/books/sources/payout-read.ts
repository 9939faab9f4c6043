import { Decimal } from '@wallet/contract';
import { z } from 'zod';
import type { PartnerPayment, PayoutPartner } from '../../payout/partner';
import { readSource, SourceUnavailable } from '../source';

const PAGE = 5000;
/** Totals that moved while the list was read are read again, this many times at most. */
const STEADY_ATTEMPTS = 3;

const amount = z.string().regex(/^-?\d+(\.\d+)?$/);
const pageSchema = z.object({
  asOf: z.string().min(1),
  payouts: z.array(
    z.object({ id: z.string().min(1), reference: z.string().min(1), amount, currency: z.string().min(1), paidAt: z.string() }),
  ),
  nextCursor: z.string().min(1).nullable(),
});
const totalsSchema = z.object({
  asOf: z.string().min(1),
  paid: z.record(z.string(), z.object({ count: z.number().int().min(0), amount })),
});
const prefundingSchema = z.object({ asOf: z.string().min(1), balances: z.record(z.string(), amount) });

export type PartnerTotals = z.infer<typeof totalsSchema>;

const read = <T>(what: string, call: () => Promise<unknown>, schema: z.ZodType<T>) =>
  readSource({ source: 'payout', name: 'payout partner' }, what, call, schema);

export const readPrefunding = (partner: PayoutPartner) => read('prefunding', () => partner.prefunding(), prefundingSchema);

async function readPaid(partner: PayoutPartner) {
  const payments: PartnerPayment[] = [];
  let cursor: string | null = null;
  let asOf: string | null = null;
  do {
    const page = await read('paid list', () => partner.listPaid({ cursor, limit: PAGE }), pageSchema);
    if (asOf !== null && page.asOf !== asOf)
      throw new SourceUnavailable('payout', `the payout partner's paid list changed its as-of time between pages (${asOf}, ${page.asOf})`);
    asOf = page.asOf;
    payments.push(...page.payouts);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return { asOf: asOf as string, payments };
}

const sameTotals = (a: PartnerTotals, b: PartnerTotals) => {
  const keys = new Set([...Object.keys(a.paid), ...Object.keys(b.paid)]);
  return [...keys].every(
    (key) => a.paid[key]?.count === b.paid[key]?.count && new Decimal(a.paid[key]?.amount ?? '0').eq(b.paid[key]?.amount ?? '0'),
  );
};

/** The paid list and the totals as of one moment: totals read before and after the list must agree, else it is read again. */
export async function readPartner(partner: PayoutPartner) {
  let before = await read('totals', () => partner.totals(), totalsSchema);
  for (let attempt = 1; ; attempt++) {
    const list = await readPaid(partner);
    const after = await read('totals', () => partner.totals(), totalsSchema);
    if (sameTotals(before, after) || attempt >= STEADY_ATTEMPTS) return { ...list, totals: before };
    before = after;
  }
}
