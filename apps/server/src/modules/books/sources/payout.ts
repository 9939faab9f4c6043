import { type Currency, Decimal } from '@wallet/contract';
import type { Db } from '../../../platform/db/database';
import type { SnapshotReserve } from '../../../platform/db/schema-books';
import { arrivedThroughPartner, orderStages } from '../../payout/orders';
import type { PartnerPayment, PayoutPartner } from '../../payout/partner';
import type { BooksSource, Difference, ReadInput, SourceReading } from '../source';
import { readPartner, readPrefunding } from './payout-read';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface OrderRow {
  id: string;
  stage: string;
  amount_out: string;
  finished_at: Date | null;
}

const difference = (fields: Omit<Difference, 'source' | 'network' | 'currency' | 'difference'>): Difference => ({
  ...fields,
  source: 'payout',
  network: null,
  currency: 'CNY' as Currency,
  difference: new Decimal(fields.observed ?? '0').minus(fields.expected ?? '0').toFixed(),
});

const sum = (payments: PartnerPayment[]) => payments.reduce((total, payment) => total.plus(payment.amount), new Decimal(0)).toFixed();

/**
 * The payout partner against the app's flash exchange orders (issue 45). Expected: every order the
 * app marked arrived on the partner's word (an order a desk paid by hand never went to the partner).
 * Observed: every payment the partner made, matched by the reference we gave it (our order id).
 *
 * The app's orders are read before the partner, so a payment made in between is only ever extra on
 * the partner's side; and around the cut-off only what happened before it counts as missing (an
 * order that arrived after it, a payment made after it may still be on its way to the other side).
 */
export function payoutSource(deps: { db: Db; partner: PayoutPartner }): BooksSource {
  return {
    source: 'payout',

    async reconcile(input: ReadInput): Promise<SourceReading> {
      const arrived = await arrivedById(input.db);
      const reading = await readPartner(deps.partner);
      const differences: Difference[] = [];
      const byReference = new Map<string, PartnerPayment[]>();
      for (const payment of reading.payments) byReference.set(payment.reference, [...(byReference.get(payment.reference) ?? []), payment]);

      for (const order of arrived.values()) {
        const payments = byReference.get(order.id) ?? [];
        const details = { orderId: order.id, finishedAt: order.finished_at?.toISOString() ?? null, paymentIds: payments.map((p) => p.id) };
        if (payments.length === 0) {
          if (order.finished_at && order.finished_at > input.cutoffAt) continue;
          differences.push(
            difference({
              identity: `payout:not_paid:${order.id}`,
              kind: 'payout_not_paid',
              subject: order.id,
              expected: new Decimal(order.amount_out).toFixed(),
              observed: '0',
              cause: 'partner_did_not_pay',
              details,
            }),
          );
        } else if (payments.length > 1) {
          differences.push(
            difference({
              identity: `payout:paid_twice:${order.id}`,
              kind: 'payout_paid_twice',
              subject: order.id,
              expected: new Decimal(order.amount_out).toFixed(),
              observed: sum(payments),
              cause: 'partner_paid_twice',
              details: { ...details, payments: payments.length },
            }),
          );
        } else if (!new Decimal(sum(payments)).eq(order.amount_out)) {
          differences.push(
            difference({
              identity: `payout:amount:${order.id}`,
              kind: 'payout_amount',
              subject: order.id,
              expected: new Decimal(order.amount_out).toFixed(),
              observed: sum(payments),
              cause: 'amount_differs',
              details,
            }),
          );
        }
      }

      const strangers = [...byReference.entries()].filter(([reference]) => !arrived.has(reference));
      const stages = await stagesOf(
        input.db,
        strangers.map(([reference]) => reference),
      );
      for (const [reference, payments] of strangers) {
        if (payments.every((payment) => Date.parse(payment.paidAt) > input.cutoffAt.getTime())) continue;
        differences.push(
          difference({
            identity: `payout:paid_not_arrived:${reference}`,
            kind: 'payout_paid_not_arrived',
            subject: reference,
            expected: null,
            observed: sum(payments),
            cause: 'partner_paid_unknown_order',
            details: { reference, stage: stages.get(reference) ?? null, paymentIds: payments.map((p) => p.id) },
          }),
        );
      }

      differences.push(...totalsDifferences(reading.payments, reading.totals.paid));
      return { points: [{ source: 'payout', asOf: reading.asOf, checked: arrived.size + strangers.length }], differences };
    },

    async reserves(): Promise<SnapshotReserve[]> {
      const prefunding = await readPrefunding(deps.partner);
      return Object.entries(prefunding.balances)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, amount]) => ({ source: 'payout', currency, amount: new Decimal(amount).toFixed(), asOf: prefunding.asOf }));
    },
  };
}

/** The partner's own totals against its own list: a partner whose books disagree with themselves is a break too. */
function totalsDifferences(payments: PartnerPayment[], paid: Record<string, { count: number; amount: string }>): Difference[] {
  const listed = new Map<string, { count: number; amount: Decimal }>();
  for (const payment of payments) {
    const current = listed.get(payment.currency) ?? { count: 0, amount: new Decimal(0) };
    listed.set(payment.currency, { count: current.count + 1, amount: current.amount.plus(payment.amount) });
  }
  const found: Difference[] = [];
  for (const currency of [...new Set([...listed.keys(), ...Object.keys(paid)])].sort()) {
    const list = listed.get(currency) ?? { count: 0, amount: new Decimal(0) };
    const totals = paid[currency] ?? { count: 0, amount: '0' };
    if (list.amount.eq(totals.amount) && list.count === totals.count) continue;
    // A count that differs while the amounts agree is still a break; it is told in counts, not money.
    const inCounts = list.amount.eq(totals.amount);
    found.push({
      ...difference({
        identity: `payout:totals:${currency}`,
        kind: 'payout_totals',
        subject: null,
        expected: inCounts ? String(list.count) : list.amount.toFixed(),
        observed: inCounts ? String(totals.count) : new Decimal(totals.amount).toFixed(),
        cause: 'partner_totals_differ',
        details: { unit: inCounts ? 'count' : 'amount', listedCount: list.count, totalsCount: totals.count },
      }),
      currency: currency as Currency,
    });
  }
  return found;
}

/** Orders arrived on the partner's word (its webhook or our lookup), by id. */
async function arrivedById(db: Db): Promise<Map<string, OrderRow>> {
  const rows = await arrivedThroughPartner(db);
  return new Map(rows.map((row) => [row.id, row]));
}

/** Where the app has orders the partner paid but we do not count as arrived (null: no such order). */
async function stagesOf(db: Db, references: string[]): Promise<Map<string, string>> {
  const ids = references.filter((reference) => UUID.test(reference));
  if (ids.length === 0) return new Map();
  const rows = await orderStages(db, ids);
  return new Map(rows.map((row) => [row.id, row.stage]));
}
