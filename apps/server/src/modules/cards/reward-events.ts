import { Decimal } from '@wallet/contract';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { recordRewardEvent } from '../rewards/events';

/*
 * What a card's money tells the invitation programme (issue 43): each function writes one event to the
 * rewards outbox in the caller's transaction, the one that moves the money (or opens the card), so the
 * event exists exactly when the money does. The card's owner is the member whose upline earns. Keys
 * are the business event's own identity, so a replayed issuer event or a retried job writes nothing
 * more (recordRewardEvent ignores a key it has).
 *
 * Spending is one event per clearing: an authorization may clear more than once (clear() adds each
 * clearing to settled_amount), and keying by authorization alone would drop every clearing after the
 * first. A refund is therefore split over the clearings it gives back, oldest first (see refundParts),
 * so each card_refund points at one card_spend and never refunds more than that spend was.
 */

type Card = { id: string; user_id: string; type: 'virtual' | 'physical'; currency: string };

export const cardOpenedKey = (cardId: string) => `card-opened:${cardId}`;
export const cardRechargeKey = (operationId: string) => `card-recharge:${operationId}`;
export const cardSpendKey = (authorizationId: string, eventId: string) => `card-spend:${authorizationId}:${eventId}`;
/** The first part of a refund keeps the plain key; a refund spread over several clearings numbers the rest. */
export const cardRefundKey = (eventId: string, part: number) =>
  part === 0 ? `card-refund:${eventId}` : `card-refund:${eventId}:${part + 1}`;

/** The card is open and usable (issuer's card.opened with KYC passed, or KYC passed later): once per card. */
export async function recordCardOpened(trx: Transaction<Database>, card: Pick<Card, 'id' | 'user_id' | 'type'>, now: Date) {
  await recordRewardEvent(trx, {
    kind: card.type === 'physical' ? 'physical_card_opened' : 'card_opened',
    memberId: card.user_id,
    sourceKey: cardOpenedKey(card.id),
    sourceRef: `card:${card.id}`,
    occurredAt: now,
  });
}

/** A card load settled: what the card received, in its currency. */
export async function recordCardRecharge(
  trx: Transaction<Database>,
  load: { id: string; card_id: string; user_id: string; amount: string; currency: string },
  now: Date,
) {
  const amount = new Decimal(load.amount);
  if (!amount.gt(0)) return;
  await recordRewardEvent(trx, {
    kind: 'card_recharge',
    memberId: load.user_id,
    sourceKey: cardRechargeKey(load.id),
    sourceRef: `card:${load.card_id}`,
    amount: amount.toFixed(),
    currency: load.currency,
    occurredAt: now,
  });
}

/** One clearing of an authorization: the settled amount, in the card's currency. */
export async function recordCardSpend(
  trx: Transaction<Database>,
  card: Card,
  clearing: { authorizationId: string; eventId: string; amount: Decimal },
  now: Date,
) {
  if (!clearing.amount.gt(0)) return;
  await recordRewardEvent(trx, {
    kind: 'card_spend',
    memberId: card.user_id,
    sourceKey: cardSpendKey(clearing.authorizationId, clearing.eventId),
    sourceRef: `card:${card.id}`,
    amount: clearing.amount.toFixed(),
    currency: card.currency,
    occurredAt: now,
  });
}

export interface Clearing {
  sourceKey: string;
  amount: Decimal;
}

/**
 * Which clearings a refund gives back, and how much of each. Refunds of an authorization are laid
 * over its clearings in order (first refunds give back the first clearing): the refund covers
 * [refundedBefore, refundedBefore + credit) of the settled total. Clearings applied before the outbox
 * existed have no event; they are the oldest, so they fill the start of that range and a refund of
 * them points at nothing (nothing was paid on them).
 */
export function refundParts(
  clearings: Clearing[],
  settled: Decimal,
  refundedBefore: Decimal,
  credit: Decimal,
): { refundOf: string; amount: Decimal }[] {
  const recorded = clearings.reduce((sum, c) => sum.plus(c.amount), new Decimal(0));
  let start = Decimal.max(0, settled.minus(recorded));
  const from = refundedBefore;
  const to = refundedBefore.plus(credit);
  const parts: { refundOf: string; amount: Decimal }[] = [];
  for (const clearing of clearings) {
    const end = start.plus(clearing.amount);
    const overlap = Decimal.min(end, to).minus(Decimal.max(start, from));
    if (overlap.gt(0)) parts.push({ refundOf: clearing.sourceKey, amount: overlap });
    start = end;
  }
  return parts;
}

/**
 * The clearings of one authorization as the outbox holds them, oldest first. Read with the
 * authorization locked (every event of it waits for the one before), so none is being written.
 * Found through the member's events (reward_events_member_idx): a prefix on source_key cannot use its
 * index under the database's collation.
 */
async function clearingsOf(trx: Transaction<Database>, card: Card, authorizationId: string): Promise<Clearing[]> {
  const prefix = `card-spend:${authorizationId}:`;
  const rows = await trx
    .selectFrom('reward_events')
    .select(['source_key', 'amount'])
    .where('member_id', '=', card.user_id)
    .where('kind', '=', 'card_spend')
    .where(sql<boolean>`starts_with(source_key, ${prefix})`)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ sourceKey: r.source_key, amount: new Decimal(r.amount ?? 0) }));
}

/**
 * An issuer refund credited `credit` to the card: one card_refund per clearing it gives back, each
 * pointing at that clearing's card_spend (refund_of). `settled` and `refundedBefore` are the
 * authorization's totals before this refund.
 */
export async function recordCardRefund(
  trx: Transaction<Database>,
  card: Card,
  refund: { authorizationId: string; eventId: string; settled: Decimal; refundedBefore: Decimal; credit: Decimal },
  now: Date,
) {
  if (!refund.credit.gt(0)) return;
  const clearings = await clearingsOf(trx, card, refund.authorizationId);
  const parts = refundParts(clearings, refund.settled, refund.refundedBefore, refund.credit);
  for (const [index, part] of parts.entries())
    await recordRewardEvent(trx, {
      kind: 'card_refund',
      memberId: card.user_id,
      sourceKey: cardRefundKey(refund.eventId, index),
      sourceRef: `card:${card.id}`,
      refundOf: part.refundOf,
      amount: part.amount.toFixed(),
      currency: card.currency,
      occurredAt: now,
    });
}
