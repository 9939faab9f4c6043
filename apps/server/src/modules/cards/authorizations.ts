import { CURRENCIES, type DeclineReason } from '@wallet/contract';
import Decimal from 'decimal.js';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { type Leg, post } from '../wallet/ledger';
import { CARD_FLOAT, CARD_SHORTFALL, cardAccountIds, systemAccount } from './accounts';
import type { CardDeps } from './deps';
import { ruleFreeze } from './freeze-rules';
import { type CardRow, claimEvent, lockAuthorization, lockCard, lockCardWithBalance } from './queries';

export interface AuthorizationRequest {
  authorizationId: string;
  issuerCardId: string;
  amount: string;
  currency: string;
  merchant: { name: string; mcc?: string; country?: string };
}

export interface Decision {
  approved: boolean;
  reason: DeclineReason | null;
}

const reference = (cardId: string) => `card:${cardId}`;

function decline(card: CardRow, request: AuthorizationRequest, available: Decimal | null): DeclineReason | null {
  if (card.status !== 'active') return 'card_inactive';
  if (card.frozen) return 'card_frozen';
  if (request.currency !== card.currency) return 'currency_mismatch';
  if (available === null || available.lt(request.amount)) return 'insufficient_funds';
  return null;
}

/**
 * The issuer's synchronous question "may this card pay this much?". Answered under the card's row
 * lock, so parallel authorizations of one card are decided one after another against the real
 * balance; an approval is a ledger hold (available -> held) in the same transaction. A repeated
 * request for the same authorization gets the first answer and holds nothing more.
 */
export async function decideAuthorization(
  deps: CardDeps,
  request: AuthorizationRequest,
): Promise<Decision & { frozeCard: RuleFreezeResult }> {
  const amount = new Decimal(request.amount);
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    // The card row lock and the available balance in one round trip: this path is the issuer's 2 seconds.
    const card = await lockCardWithBalance(trx, request.issuerCardId);
    if (!card) return { approved: false, reason: 'card_inactive', frozeCard: null };
    const tooPrecise = amount.decimalPlaces() > CURRENCIES[card.currency].precision;
    const reason = tooPrecise
      ? 'currency_mismatch'
      : decline(card, request, card.available_balance === null ? null : new Decimal(card.available_balance));
    // Inserted before any money moves: a repeated request for the same authorization conflicts here and
    // gets the first answer, holding nothing more.
    const inserted = await trx
      .insertInto('card_transactions')
      .values({
        card_id: card.id,
        type: 'authorization',
        issuer_ref: request.authorizationId,
        authorization_id: request.authorizationId,
        currency: request.currency,
        amount: amount.toFixed(),
        merchant: JSON.stringify(request.merchant),
        approved: reason === null,
        decline_reason: reason,
        held: reason === null ? amount.toFixed() : '0',
        balance_change: reason === null ? amount.neg().toFixed() : '0',
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['type', 'issuer_ref']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      const first = await trx
        .selectFrom('card_transactions')
        .select(['approved', 'decline_reason'])
        .where('type', '=', 'authorization')
        .where('issuer_ref', '=', request.authorizationId)
        .executeTakeFirstOrThrow();
      return { approved: first.approved, reason: first.decline_reason as DeclineReason | null, frozeCard: null };
    }
    if (reason === null) {
      const accounts = await cardAccountIds(trx, card);
      await post(trx, {
        typeCode: 501,
        userId: card.user_id,
        reference: reference(card.id),
        idempotencyKey: `card-auth:${request.authorizationId}:hold`,
        memo: { authorizationId: request.authorizationId, merchant: request.merchant.name },
        legs: [
          { accountId: accounts.available, amount: amount.neg().toFixed() },
          { accountId: accounts.hold, amount: amount.toFixed() },
        ],
      });
    }

    let consecutive = card.consecutive_funds_failures;
    if (reason === null) consecutive = 0;
    else if (reason === 'insufficient_funds') consecutive += 1;
    // Only a decline can push a card over a rule (an approval adds no failure), so approvals skip the check.
    const freeze =
      reason === null || card.frozen || reason === 'card_frozen' || reason === 'card_inactive'
        ? null
        : await ruleFreeze(trx, card, consecutive);
    if (consecutive !== card.consecutive_funds_failures || freeze)
      await trx
        .updateTable('cards')
        .set({ consecutive_funds_failures: consecutive, updated_at: now, ...(freeze ? { frozen: true, freeze_reason: freeze } : {}) })
        .where('id', '=', card.id)
        .execute();
    return { approved: reason === null, reason, frozeCard: freeze ? { issuerCardId: request.issuerCardId, reason: freeze } : null };
  });
}
type RuleFreezeResult = { issuerCardId: string; reason: 'consecutive_funds_failures' | 'failure_rate' } | null;

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

/**
 * Reversal, clearing, refund and stand-in (expired) events for one authorization. Each runs once
 * (keyed by the issuer's event id, recorded in the same transaction as its effects), and each is
 * written against the authorization's current state, so they can arrive in any order:
 * - reversal releases up to what is still held;
 * - clearing releases the whole hold and takes the settled amount, which may be smaller (the rest
 *   returns to the card) or larger (the difference comes from the card balance; what the balance
 *   cannot cover is carried as a shortfall);
 * - refund credits the card;
 * - expired: the issuer stood in (we answered too late); a hold we placed is released.
 * An event for an authorization not seen yet is refused with CARD_EVENT_TOO_EARLY; the issuer retries.
 */
export async function applyAuthorizationEvent(deps: CardDeps, event: AuthorizationEvent): Promise<{ duplicate: boolean }> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    // Card first, then the authorization: the same order as decisions, so the two never deadlock.
    const cardRef = await trx.selectFrom('cards').select('id').where('issuer_card_id', '=', event.issuerCardId).executeTakeFirst();
    if (!cardRef) throw new AppError('CARD_EVENT_TOO_EARLY');
    const card = (await lockCard(trx, cardRef.id)) as CardRow;
    if (!(await claimEvent(trx, event.eventId, event.type))) return { duplicate: true };
    const accounts = await cardAccountIds(trx, card);
    const amount = new Decimal(event.amount);
    const journal = (typeCode: 501 | 502 | 503 | 504, legs: Leg[]) =>
      post(trx, {
        typeCode,
        userId: card.user_id,
        reference: reference(card.id),
        idempotencyKey: `card-event:${event.eventId}`,
        memo: { authorizationId: event.authorizationId, merchant: event.merchant.name },
        legs: legs.filter((l) => !new Decimal(l.amount).isZero()),
      });

    if (event.type === 'authorization.expired') {
      await expire(trx, card, event, accounts, journal, now);
      return { duplicate: false };
    }
    const auth = await lockAuthorization(trx, event.authorizationId);
    if (!auth) throw new AppError('CARD_EVENT_TOO_EARLY');
    const held = new Decimal(auth.held);

    if (event.type === 'authorization.reversal') {
      const release = Decimal.min(amount, held);
      if (release.gt(0))
        await journal(502, [
          { accountId: accounts.hold, amount: release.neg().toFixed() },
          { accountId: accounts.available, amount: release.toFixed() },
        ]);
      await trx
        .updateTable('card_transactions')
        .set({
          held: held.minus(release).toFixed(),
          balance_change: new Decimal(auth.balance_change).plus(release).toFixed(),
          updated_at: now,
        })
        .where('id', '=', auth.id)
        .execute();
      await addRow(trx, card, event, 'reversal', release, release, now);
    } else if (event.type === 'authorization.clearing') {
      const extra = amount.minus(held);
      let take = new Decimal(0);
      let shortfall = new Decimal(0);
      if (extra.gt(0)) {
        const row = await trx
          .selectFrom('ledger_accounts')
          .select('balance')
          .where('id', '=', accounts.available)
          .executeTakeFirstOrThrow();
        take = Decimal.min(extra, new Decimal(row.balance));
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
      await trx
        .updateTable('card_transactions')
        .set({
          held: '0',
          settled: true,
          settled_amount: settledBefore.plus(amount).toFixed(),
          balance_change: new Decimal(auth.balance_change).plus(held).minus(amount.minus(shortfall)).toFixed(),
          updated_at: now,
        })
        .where('id', '=', auth.id)
        .execute();
    } else {
      const float = await systemAccount(trx, card.currency, CARD_FLOAT);
      await journal(504, [
        { accountId: float, amount: amount.neg().toFixed() },
        { accountId: accounts.available, amount: amount.toFixed() },
      ]);
      await addRow(trx, card, event, 'refund', amount, amount, now);
    }
    return { duplicate: false };
  });
}

async function addRow(
  trx: Transaction<Database>,
  card: CardRow,
  event: AuthorizationEvent,
  type: 'reversal' | 'refund',
  amount: Decimal,
  change: Decimal,
  now: Date,
) {
  await trx
    .insertInto('card_transactions')
    .values({
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
      balance_change: change.toFixed(),
      created_at: now,
      updated_at: now,
    })
    .execute();
}

async function expire(
  trx: Transaction<Database>,
  card: CardRow,
  event: AuthorizationEvent,
  accounts: { available: string; hold: string },
  journal: (typeCode: 502, legs: Leg[]) => Promise<unknown>,
  now: Date,
) {
  // A tombstone first: if our late decision is still on its way, it will find this row and change nothing.
  const standIn = event.approved === true;
  await trx
    .insertInto('card_transactions')
    .values({
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
    })
    .onConflict((oc) => oc.columns(['type', 'issuer_ref']).doNothing())
    .execute();
  if (standIn) return;
  const auth = await lockAuthorization(trx, event.authorizationId);
  if (!auth) return;
  const held = new Decimal(auth.held);
  if (held.gt(0))
    await journal(502, [
      { accountId: accounts.hold, amount: held.neg().toFixed() },
      { accountId: accounts.available, amount: held.toFixed() },
    ]);
  await trx
    .updateTable('card_transactions')
    .set({ approved: false, decline_reason: 'issuer_timeout', held: '0', balance_change: '0', updated_at: now })
    .where('id', '=', auth.id)
    .execute();
}
