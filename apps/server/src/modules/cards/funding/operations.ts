import { Decimal, type LedgerTypeCode } from '@wallet/contract';
import { addSeconds } from '../../../platform/clock';
import { AppError } from '../../../platform/errors';
import { type HoldRequest, hold, type Leg, release, settle } from '../../ledger';
import type { CardDeps } from '../deps';
import { refusedForSure } from '../issuer/client';
import { recordCardRecharge } from '../reward-events';
import * as q from './queries';

/**
 * A card load (recharge) or unload (card to wallet) as a saved state machine (ADR 0007):
 *
 *   held -> sending -> succeeded | failed
 *
 * `held`: the money is in a ledger hold, committed with the operation row, before the issuer hears of
 * it. `sending`: claimed by one driver for a lease, saved before the call; our operation id is the
 * issuer's idempotency key, so a second call with it can never move money twice. The outcome is
 * settled (the hold pays out) or released (the hold returns) in one transaction with the new state.
 * An outcome the call did not tell (timeout, 5xx, no connection) is looked up by key; if the issuer
 * has no record, the call is made again later with the same key. Nothing is released that the issuer
 * did not refuse. No database lock is held across a call.
 */

export type CardOperation = q.CardOperationRow;

/** How long one driver owns a claimed operation: longer than a call and a lookup at the issuer's timeout. */
const LEASE_SECONDS = 60;
/** Waits between attempts whose outcome stayed unknown; the last repeats. */
const RETRY_SECONDS = [2, 5, 15, 30, 60, 120, 300];
/** How long a request waits for its operation before answering "processing" (the app then polls). */
export const REPLY_WAIT_MS = 2500;

export interface StartRequest {
  cardId: string;
  userId: string;
  kind: 'load' | 'unload';
  requestKey: string;
  /** What the issuer moves, in the card's currency. */
  amount: string;
  currency: string;
  /** What the member was shown and agreed to: settled exactly as shown. */
  terms: Record<string, string>;
  hold: Omit<HoldRequest, 'key'>;
}

/** An operation's key at the issuer and of its ledger hold: ours, stable across every retry. */
export const operationKey = (op: Pick<CardOperation, 'id'>) => `card-op:${op.id}`;

/** Where a confirmed operation's hold goes (settle adds the held amount's own leg), and its record code. */
export type PayoutOf = (op: CardOperation) => Promise<{ legs: Leg[]; typeCode: LedgerTypeCode }>;

/**
 * Saves the operation and its hold in one transaction. A repeat with the same request key returns the
 * operation as it stands (whatever its state); the same key with another amount is refused.
 */
export async function startOperation(deps: CardDeps, request: StartRequest): Promise<CardOperation> {
  const now = deps.clock.now();
  const created = await deps.db.transaction().execute(async (trx) => {
    const row = await q.insertOperation(trx, {
      card_id: request.cardId,
      user_id: request.userId,
      kind: request.kind,
      request_key: request.requestKey,
      state: 'held',
      currency: request.currency,
      amount: request.amount,
      terms: JSON.stringify(request.terms),
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
    });
    if (!row) return null;
    await hold(trx, { ...request.hold, key: operationKey(row) });
    return row;
  });
  if (created) return created;
  const first = await q.findByRequest(deps.db, request.cardId, request.kind, request.requestKey);
  if (!first) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
  if (!new Decimal(first.amount).eq(request.amount)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return first;
}

type Outcome = { kind: 'succeeded' } | { kind: 'failed'; code: string } | { kind: 'unknown'; error: string };

/** One step of the state machine, if the operation is due; returns it as it then stands. */
export async function driveOperation(deps: CardDeps, id: string, payoutOf: PayoutOf): Promise<CardOperation> {
  const now = deps.clock.now();
  // Saved before the call: a crash from here on leaves 'sending', which the next driver resumes.
  const op = await q.claim(deps.db, id, now, addSeconds(now, LEASE_SECONDS));
  if (!op) return (await q.findById(deps.db, id)) as CardOperation;
  const outcome = await attempt(deps, op);
  return finish(deps, op, outcome, payoutOf);
}

async function attempt(deps: CardDeps, op: CardOperation): Promise<Outcome> {
  const issuerCardId = await q.issuerCardIdOf(deps.db, op.card_id);
  if (!issuerCardId) return { kind: 'failed', code: 'card_not_open' };
  // numeric(38, 18) reads back with 18 decimals; the issuer takes the amount as the member saw it.
  const amount = new Decimal(op.amount).toFixed();
  try {
    if (op.kind === 'load') await deps.issuer.load(issuerCardId, amount, operationKey(op));
    else await deps.issuer.unload(issuerCardId, amount, operationKey(op));
    return { kind: 'succeeded' };
  } catch (error) {
    if (refusedForSure(error)) {
      deps.log.warn({ err: error, operation: op.id }, 'card operation refused by the issuer');
      return { kind: 'failed', code: (error as { issuerCode?: string | null }).issuerCode ?? 'issuer_refused' };
    }
    deps.log.warn({ err: error, operation: op.id }, 'card operation: outcome unknown, looking it up');
  }
  try {
    const found = await deps.issuer.getOperation(operationKey(op));
    if (!found) return { kind: 'unknown', error: 'issuer has no record yet' };
    return found.status === 'succeeded' ? { kind: 'succeeded' } : { kind: 'failed', code: found.failureCode ?? 'issuer_refused' };
  } catch (error) {
    return { kind: 'unknown', error: (error as Error).message };
  }
}

async function finish(deps: CardDeps, op: CardOperation, outcome: Outcome, payoutOf: PayoutOf): Promise<CardOperation> {
  const now = deps.clock.now();
  if (outcome.kind === 'unknown') {
    const wait = RETRY_SECONDS[Math.min(op.attempts, RETRY_SECONDS.length) - 1] ?? 300;
    const row = await q.retryLater(deps.db, op.id, addSeconds(now, wait), outcome.error, now);
    await schedule(deps, op.id, wait);
    return row ?? ((await q.findById(deps.db, op.id)) as CardOperation);
  }
  // Worked out before the transaction (account ids are created on first use), so it only locks.
  const payout = outcome.kind === 'succeeded' ? await payoutOf(op) : null;
  return deps.db.transaction().execute(async (trx) => {
    const locked = await q.lockOperation(trx, op.id);
    if (locked?.state !== 'sending') return locked as CardOperation;
    const reference = `card:${op.card_id}`;
    if (payout) {
      await settle(trx, operationKey(op), payout.legs, { typeCode: payout.typeCode, reference, memo: { operation: op.id } });
      // A load is a recharge the member's upline earns on: what the card received (op.amount, card currency).
      if (op.kind === 'load') await recordCardRecharge(trx, op, now);
      return q.markFinished(trx, op.id, 'succeeded', null, now);
    }
    const reason = outcome.kind === 'failed' ? outcome.code : 'issuer_refused';
    await release(trx, operationKey(op), { typeCode: 112, reference, memo: { operation: op.id, reason } });
    return q.markFinished(trx, op.id, 'failed', reason, now);
  });
}

export const CARD_OPERATION_JOB = 'cards.operation';

async function schedule(deps: CardDeps, id: string, seconds: number) {
  if (!deps.jobs) return;
  await deps.jobs.send(CARD_OPERATION_JOB, { id }, { startAfter: seconds, singletonKey: `${id}:${seconds}` });
}

/** Every operation whose next step is due (after a restart, a lost job or an unknown outcome). */
export async function driveDueOperations(deps: CardDeps, payoutOf: PayoutOf, limit = 100): Promise<number> {
  const due = await q.dueIds(deps.db, deps.clock.now(), limit);
  for (const id of due) {
    try {
      await driveOperation(deps, id, payoutOf);
    } catch (error) {
      deps.log.error({ err: error, operation: id }, 'card operation step failed');
    }
  }
  return due.length;
}

/** Drives a fresh operation while the request waits, up to REPLY_WAIT_MS; the rest goes on in the background. */
export async function driveWhileWaiting(deps: CardDeps, op: CardOperation, payoutOf: PayoutOf): Promise<CardOperation> {
  if (op.state === 'succeeded' || op.state === 'failed' || op.next_attempt_at > deps.clock.now()) return op;
  const step = driveOperation(deps, op.id, payoutOf).catch((error: unknown) => {
    deps.log.error({ err: error, operation: op.id }, 'card operation step failed');
    return null;
  });
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), REPLY_WAIT_MS);
  });
  const done = await Promise.race([step, waited]);
  clearTimeout(timer);
  return done ?? ((await q.findById(deps.db, op.id)) as CardOperation);
}
