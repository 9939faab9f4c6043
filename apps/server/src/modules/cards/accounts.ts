import type { Executor } from '../../platform/db/database';
import { accountId, balancesByPurpose, existingAccounts, SYSTEM_PURPOSES } from '../ledger';

/**
 * A card's money in the ledger, per card: what the user can spend, and what authorizations hold until
 * they are cleared or reversed. Both are the user's accounts, so neither can go below zero.
 */
export const cardPurpose = (cardId: string) => `card:${cardId}`;
export const holdPurpose = (cardId: string) => `card_hold:${cardId}`;
/** Where cleared purchases go (the issuer pays the merchant and settles with us). */
export const CARD_FLOAT = SYSTEM_PURPOSES.cardFloat;
/** A clearing above the authorization that the card balance cannot cover: owed by the user, carried by us. */
export const CARD_SHORTFALL = 'card_shortfall';

export interface CardRef {
  id: string;
  user_id: string;
  currency: 'USD' | 'HKD';
}

/**
 * Account ids never change once created, so they are remembered per card: an authorization decision
 * then spends its time on the balance, not on finding accounts. Only ids of committed accounts are
 * kept (the caller's transaction may still roll back a new one), so a miss just asks again.
 */
const known = new Map<string, { available: string; hold: string }>();
const KNOWN_MAX = 100_000;

export async function cardAccountIds(db: Executor, card: CardRef) {
  const cached = known.get(card.id);
  if (cached) return cached;
  const purposes = [cardPurpose(card.id), holdPurpose(card.id)];
  const existing = await existingAccounts(db, card.user_id, card.currency, purposes);
  const available = existing.get(purposes[0] as string);
  const hold = existing.get(purposes[1] as string);
  if (available && hold) {
    if (known.size >= KNOWN_MAX) known.clear();
    known.set(card.id, { available, hold });
    return { available, hold };
  }
  return {
    available: available ?? (await accountId(db, { userId: card.user_id, currency: card.currency, purpose: purposes[0] as string })),
    hold: hold ?? (await accountId(db, { userId: card.user_id, currency: card.currency, purpose: purposes[1] as string })),
  };
}

export const systemAccount = (db: Executor, currency: 'USD' | 'HKD' | 'USDT', purpose: string) =>
  accountId(db, { userId: null, currency, purpose });

/** Available and held balances of many cards in one query. */
export async function cardBalances(db: Executor, cardIds: string[]): Promise<Map<string, { balance: string; held: string }>> {
  const balances = await balancesByPurpose(
    db,
    cardIds.flatMap((id) => [cardPurpose(id), holdPurpose(id)]),
  );
  return new Map(cardIds.map((id) => [id, { balance: balances.get(cardPurpose(id)) ?? '0', held: balances.get(holdPurpose(id)) ?? '0' }]));
}
