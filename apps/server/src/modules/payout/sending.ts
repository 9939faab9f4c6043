import { addSeconds } from '../../platform/clock';
import type { PayoutDeps } from './deps';
import { finishOrder, partnerRequest } from './order-money';
import * as q from './order-queries';
import { type PartnerPayout, refusedForSure } from './partner';
import { partnerReason } from './reasons';

/**
 * An order's way through the payout partner, as a saved state machine (ADR 0007's pattern):
 *
 *   held -> sending -> submitted -> arrived | rejected
 *
 * `sending` is claimed for a lease and saved before the call; our order id is the partner's
 * idempotency key, so calling again can never pay twice. An outcome the call did not tell (timeout,
 * 5xx, no connection) is looked up by id; with no record there, the call is made again later with the
 * same id. Only a certain refusal rejects (and returns the USDT). `submitted` waits for the partner's
 * webhook, and is looked up now and then in case one was lost. No database lock is held across a call.
 */

/** How long one driver owns a claimed order: longer than a call plus a lookup at the partner's timeout. */
const LEASE_SECONDS = 60;
/** Waits between attempts whose outcome stayed unknown; the last repeats. */
const RETRY_SECONDS = [2, 5, 15, 30, 60, 120, 300];
/** How often a submitted order is looked up in case a webhook was lost. */
const POLL_SECONDS = [60, 120, 300, 600];
/** How long a request waits for its order's first step before answering "in progress" (the app polls). */
export const REPLY_WAIT_MS = 2500;

export const PAYOUT_ORDER_JOB = 'payout.order';

type Outcome =
  | { kind: 'known'; payout: PartnerPayout }
  | { kind: 'refused'; reason: string; note: string | null }
  | { kind: 'unknown'; error: string };

async function attempt(deps: PayoutDeps, order: q.OrderRow): Promise<Outcome> {
  const partner = deps.partner;
  if (!partner) return { kind: 'unknown', error: 'no payout partner configured' };
  try {
    return { kind: 'known', payout: await partner.submit(partnerRequest(deps.box, order)) };
  } catch (error) {
    if (refusedForSure(error)) {
      deps.log.warn({ err: error, order: order.id }, 'payout refused by the partner');
      return { kind: 'refused', reason: partnerReason(error.partnerCode), note: error.partnerCode };
    }
    deps.log.warn({ err: error, order: order.id }, 'payout: outcome unknown, looking it up');
  }
  return lookup(deps, order.id);
}

async function lookup(deps: PayoutDeps, id: string): Promise<Outcome> {
  try {
    const found = await deps.partner?.lookup(id);
    return found ? { kind: 'known', payout: found } : { kind: 'unknown', error: 'the partner has no record yet' };
  } catch (error) {
    return { kind: 'unknown', error: (error as Error).message };
  }
}

/** One step of the order, if due: send it, or look up a submitted one. Returns it as it then stands. */
export async function driveOrder(deps: PayoutDeps, id: string): Promise<q.OrderRow | undefined> {
  const now = deps.clock.now();
  const current = await q.findOrder(deps.db, id);
  if (!current || current.next_attempt_at > now || !deps.partner) return current;
  if (current.stage === 'submitted') return followUp(deps, current);
  // Saved before the call: a crash from here on leaves 'sending', which the next driver resumes.
  const order = await q.claim(deps.db, id, now, addSeconds(now, LEASE_SECONDS));
  if (!order) return q.findOrder(deps.db, id);
  const outcome = await attempt(deps, order);
  if (outcome.kind === 'unknown') {
    const wait = RETRY_SECONDS[Math.min(order.attempts, RETRY_SECONDS.length) - 1] ?? 300;
    await schedule(deps, id, wait);
    return q.updateOrder(deps.db, id, { next_attempt_at: addSeconds(now, wait), last_error: outcome.error.slice(0, 500), updated_at: now });
  }
  if (outcome.kind === 'refused')
    return finishOrder(deps, id, { outcome: 'rejected', reason: outcome.reason, note: outcome.note, actor: 'partner' });
  return apply(deps, order, outcome.payout);
}

/** What the partner says of a payout it has: paid or rejected ends the order; pending waits for the webhook. */
export async function apply(deps: PayoutDeps, order: q.OrderRow, payout: PartnerPayout): Promise<q.OrderRow> {
  if (payout.status === 'paid') return finishOrder(deps, order.id, { outcome: 'arrived', reference: payout.reference, actor: 'partner' });
  if (payout.status === 'rejected')
    return finishOrder(deps, order.id, { outcome: 'rejected', reason: partnerReason('rejected'), note: payout.reason, actor: 'partner' });
  if (order.stage === 'submitted') return order;
  const now = deps.clock.now();
  const saved = await deps.db.transaction().execute(async (trx) => {
    const locked = await q.lockOrder(trx, order.id);
    if (locked?.stage !== 'sending') return locked;
    await q.insertEvent(trx, { order_id: order.id, step: 'sent', note: payout.reference, actor: 'partner', created_at: now });
    return q.updateOrder(trx, order.id, {
      stage: 'submitted',
      partner_reference: payout.reference,
      next_attempt_at: addSeconds(now, POLL_SECONDS[0] as number),
      last_error: null,
      updated_at: now,
    });
  });
  await schedule(deps, order.id, POLL_SECONDS[0] as number);
  return saved ?? order;
}

async function followUp(deps: PayoutDeps, order: q.OrderRow): Promise<q.OrderRow | undefined> {
  const outcome = await lookup(deps, order.id);
  if (outcome.kind === 'known' && outcome.payout.status !== 'pending') return apply(deps, order, outcome.payout);
  const polls = Math.min(order.attempts, POLL_SECONDS.length - 1);
  const wait = POLL_SECONDS[polls] as number;
  const now = deps.clock.now();
  return q.updateOrder(deps.db, order.id, {
    attempts: order.attempts + 1,
    next_attempt_at: addSeconds(now, wait),
    last_error: outcome.kind === 'unknown' ? outcome.error.slice(0, 500) : null,
    updated_at: now,
  });
}

async function schedule(deps: PayoutDeps, id: string, seconds: number) {
  if (!deps.jobs) return;
  await deps.jobs.send(PAYOUT_ORDER_JOB, { id }, { startAfter: seconds, singletonKey: `${id}:${seconds}` });
}

/** Every order whose next step is due (after a restart, a lost job, an unknown outcome or a lost webhook). */
export async function driveDueOrders(deps: PayoutDeps, limit = 100): Promise<number> {
  if (!deps.partner) return 0;
  const due = await q.dueIds(deps.db, deps.clock.now(), limit);
  for (const { id } of due) {
    try {
      await driveOrder(deps, id);
    } catch (error) {
      deps.log.error({ err: error, order: id }, 'payout order step failed');
    }
  }
  return due.length;
}

/** Drives a fresh order while the request waits, up to REPLY_WAIT_MS; the rest goes on in the background. */
export async function driveWhileWaiting(deps: PayoutDeps, order: q.OrderRow): Promise<q.OrderRow> {
  if (order.stage !== 'held' || !deps.partner) return order;
  const step = driveOrder(deps, order.id).catch((error: unknown) => {
    deps.log.error({ err: error, order: order.id }, 'payout order step failed');
    return undefined;
  });
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), REPLY_WAIT_MS);
  });
  const done = await Promise.race([step, waited]);
  clearTimeout(timer);
  return done ?? (await q.findOrder(deps.db, order.id)) ?? order;
}
