import { Decimal } from '@wallet/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { balanceOf, type Leg, post } from '../../ledger';
import { notify } from '../../notifications/notify';
import { CARD_FLOAT, CARD_SHORTFALL, cardAccountIds, systemAccount } from '../accounts';
import { cardsChanged } from '../card-changes';
import type { CardDeps } from '../deps';
import { type CardRow, type CardTxRow, claimEvent, lockCard } from '../queries';
import { recordCardRefund, recordCardSpend } from '../reward-events';
import * as q from './queries';

export interface AuthorizationEvent {
  eventId: string;
  type: 'authorization.reversal' | 'authorization.clearing' | 'authorization.refund' | 'authorization.expired';
  authorizationId: string;
  issuerCardId: string;
  amount: string;
  currency: string;
  merchant: { name: string; mcc?: string; country?: string };
  /** authorization.expired only: the issuer's stand-in decision. */
  approved?: boolean;
}

/** One event being applied, inside its transaction, with the card locked. */
interface Applying {
  trx: Transaction<Database>;
  card: CardRow;
  event: AuthorizationEvent;
  accounts: { available: string; hold: string };
  amount: Decimal;
  now: Date;
  log: CardDeps['log'];
  /** The event's one journal (keyed by the event id); zero legs are left out. */
  journal(typeCode: 502 | 503 | 504, legs: Leg[]): Promise<unknown>;
}

/**
 * Reversal, clearing, refund and stand-in (expired) events for one authorization. Each runs once
 * (keyed by the issuer's event id, recorded in the same transaction as its effects), and each is
 * written against the authorization's current state, so they can arrive in any order:
 * - reversal releases up to what is still held;
 * - clearing releases the whole hold and takes the settled amount, which may be smaller (the rest
 *   returns to the card) or larger (the difference comes from the card balance; what the balance
 *   cannot cover is carried as a shortfall);
 * - refund credits the card, up to what was settled less what was refunded before;
 * - expired: the issuer stood in (we answered too late); a hold we placed is released.
 * An event for an authorization not seen yet is refused with CARD_EVENT_TOO_EARLY; the issuer retries.
 */
export async function applyAuthorizationEvent(deps: CardDeps, event: AuthorizationEvent): Promise<{ duplicate: boolean }> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    // Card first, then the authorization: the same order as decisions, so the two never deadlock.
    const cardRef = await q.findCardByIssuerId(trx, event.issuerCardId);
    if (!cardRef) throw new AppError('CARD_EVENT_TOO_EARLY');
    const card = (await lockCard(trx, cardRef.id)) as CardRow;
    if (!(await claimEvent(trx, event.eventId, event.type))) return { duplicate: true };
    cardsChanged(trx, [card.user_id]);
    const applying: Applying = {
      trx,
      card,
      event,
      accounts: await cardAccountIds(trx, card),
      amount: new Decimal(event.amount),
      now,
      log: deps.log,
      journal: (typeCode, legs) =>
        post(trx, {
          typeCode,
          userId: card.user_id,
          reference: `card:${card.id}`,
          idempotencyKey: `card-event:${event.eventId}`,
          memo: { authorizationId: event.authorizationId, merchant: event.merchant.name },
          legs: legs.filter((l) => !new Decimal(l.amount).isZero()),
        }),
    };

    if (event.type === 'authorization.expired') {
      await expire(applying);
      return { duplicate: false };
    }
    // Locked: every event of one authorization waits for the one before, so caps are read as they stand.
    const auth = await q.lockAuthorization(trx, event.authorizationId);
    if (!auth) throw new AppError('CARD_EVENT_TOO_EARLY');
    if (event.type === 'authorization.reversal') await reverse(applying, auth);
    else if (event.type === 'authorization.clearing') await clear(applying, auth);
    else await refund(applying, auth);
    return { duplicate: false };
  });
}

async function reverse({ trx, card, event, accounts, amount, now, journal }: Applying, auth: CardTxRow) {
  const held = new Decimal(auth.held);
  const release = Decimal.min(amount, held);
  if (release.gt(0))
    await journal(502, [
      { accountId: accounts.hold, amount: release.neg().toFixed() },
      { accountId: accounts.available, amount: release.toFixed() },
    ]);
  await q.updateAuthorization(trx, auth.id, {
    held: held.minus(release).toFixed(),
    balance_change: new Decimal(auth.balance_change).plus(release).toFixed(),
    updated_at: now,
  });
  await addRow(trx, card, event, 'reversal', release, now);
}

async function clear({ trx, card, event, accounts, amount, now, journal }: Applying, auth: CardTxRow) {
  const held = new Decimal(auth.held);
  const extra = amount.minus(held);
  let take = new Decimal(0);
  let shortfall = new Decimal(0);
  if (extra.gt(0)) {
    take = Decimal.min(extra, new Decimal(await balanceOf(trx, accounts.available)));
    shortfall = extra.minus(take);
  }
  const float = await systemAccount(trx, card.currency, CARD_FLOAT);
  const shortfallAccount = await systemAccount(trx, card.currency, CARD_SHORTFALL);
  await journal(503, [
    { accountId: accounts.hold, amount: held.neg().toFixed() },
    { accountId: accounts.available, amount: extra.gt(0) ? take.neg().toFixed() : extra.neg().toFixed() },
    { accountId: float, amount: amount.toFixed() },
    { accountId: shortfallAccount, amount: shortfall.neg().toFixed() },
  ]);
  const settledBefore = new Decimal(auth.settled_amount ?? 0);
  // Before: the approval took `held` from the balance. Now the card has paid `amount - shortfall` in all.
  await q.updateAuthorization(trx, auth.id, {
    held: '0',
    settled: true,
    settled_amount: settledBefore.plus(amount).toFixed(),
    balance_change: new Decimal(auth.balance_change).plus(held).minus(amount.minus(shortfall)).toFixed(),
    updated_at: now,
  });
  await recordCardSpend(trx, card, { authorizationId: event.authorizationId, eventId: event.eventId, amount }, now);
}

/**
 * A merchant can only give back what the card paid: refunds of an authorization together credit at
 * most its settled amount, and nothing before it is cleared. The issuer may still send more (its
 * error, or a merchant's); the excess is logged for reconciliation rather than paid out of our float.
 */
async function refund({ trx, card, event, amount, accounts, now, log, journal }: Applying, auth: CardTxRow) {
  const settled = new Decimal(auth.settled_amount ?? 0);
  const refundedBefore = new Decimal(auth.refunded_amount);
  const credit = Decimal.max(0, Decimal.min(amount, settled.minus(refundedBefore)));
  if (credit.lt(amount))
    log.warn(
      {
        cardId: card.id,
        authorizationId: event.authorizationId,
        eventId: event.eventId,
        asked: amount.toFixed(),
        credited: credit.toFixed(),
        excess: amount.minus(credit).toFixed(),
        settled: settled.toFixed(),
        refundedBefore: refundedBefore.toFixed(),
      },
      'card refund above what was settled for its authorization; credited only the remainder',
    );
  if (credit.gt(0)) {
    const float = await systemAccount(trx, card.currency, CARD_FLOAT);
    await journal(504, [
      { accountId: float, amount: credit.neg().toFixed() },
      { accountId: accounts.available, amount: credit.toFixed() },
    ]);
    await q.updateAuthorization(trx, auth.id, { refunded_amount: refundedBefore.plus(credit).toFixed(), updated_at: now });
    await recordCardRefund(
      trx,
      card,
      { authorizationId: event.authorizationId, eventId: event.eventId, settled, refundedBefore, credit },
      now,
    );
  }
  await addRow(trx, card, event, 'refund', credit, now);
}

/** A reversal or refund in the card's history, with what it actually gave back to the balance. */
async function addRow(
  trx: Transaction<Database>,
  card: CardRow,
  event: AuthorizationEvent,
  type: 'reversal' | 'refund',
  amount: Decimal,
  now: Date,
) {
  await q.insertTransaction(trx, {
    card_id: card.id,
    type,
    issuer_ref: event.eventId,
    authorization_id: event.authorizationId,
    currency: card.currency,
    amount: amount.toFixed(),
    merchant: JSON.stringify(event.merchant),
    approved: true,
    decline_reason: null,
    settled: true,
    settled_amount: amount.toFixed(),
    balance_change: amount.toFixed(),
    created_at: now,
    updated_at: now,
  });
}

async function expire({ trx, card, event, accounts, now, journal }: Applying) {
  // A tombstone first: if our late decision is still on its way, it will find this row and change nothing.
  const standIn = event.approved === true;
  // The tombstone is a counted authorization of the card's failure-rate window: a decision read before it
  // must not be written after it, so the card's version moves (see writeDecisions).
  await q.touchCard(trx, card.id, now);
  const tombstone = await q.insertTombstone(trx, {
    card_id: card.id,
    type: 'authorization',
    issuer_ref: event.authorizationId,
    authorization_id: event.authorizationId,
    currency: event.currency,
    amount: new Decimal(event.amount).toFixed(),
    merchant: JSON.stringify(event.merchant),
    approved: standIn,
    decline_reason: standIn ? null : 'issuer_timeout',
    created_at: now,
    updated_at: now,
  });
  if (standIn) return;
  const auth = await q.lockAuthorization(trx, event.authorizationId);
  if (!auth) return;
  // The payment was declined at the issuer. The member hears of it when this is the first the card's
  // history says so: a new tombstone, or an approval of ours the issuer did not wait for. A decline of
  // ours was told when it was decided; a late decision of ours finds this row and decides nothing.
  if (tombstone || auth.approved)
    await notify(trx, card.user_id, {
      code: 'card_declined',
      params: {
        amount: new Decimal(event.amount).toFixed(),
        currency: event.currency,
        merchant: event.merchant.name,
        reason: 'issuer_timeout',
      },
      ref: { kind: 'card', id: card.id },
    });
  const held = new Decimal(auth.held);
  if (held.gt(0))
    await journal(502, [
      { accountId: accounts.hold, amount: held.neg().toFixed() },
      { accountId: accounts.available, amount: held.toFixed() },
    ]);
  await q.updateAuthorization(trx, auth.id, {
    approved: false,
    decline_reason: 'issuer_timeout',
    held: '0',
    balance_change: '0',
    updated_at: now,
  });
}
