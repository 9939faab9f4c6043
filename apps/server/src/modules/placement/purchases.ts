import { Decimal, type PlacementPurchase, quoteForQuantity } from '@wallet/contract';
import { AppError } from '../../platform/errors';
import { type KeyedRequest, KeyTaken } from '../../platform/idempotency';
import { assertNotLocked, lockMemberRules } from '../auth/account-security';
import { type AuthDeps, getProfile, verifyPaymentPassword } from '../auth/service';
import { accountIds, postNew, SYSTEM_PURPOSES, USER_PLACEMENT, USER_WALLET, walletBalances } from '../ledger';
import * as q from './queries';
import { purchaseView, statusOf } from './rounds';

export interface PurchaseInput {
  quantity: string;
  expectedAmount: string;
  paymentPassword: string;
}

/** Why a round refuses `quantity` units now; null when it would sell them. */
function roundRefusal(round: q.RoundRow | undefined, quantity: Decimal, now: Date): AppError | null {
  if (!round) return new AppError('PLACEMENT_ROUND_NOT_FOUND');
  const status = statusOf(round, now);
  if (status === 'closed') return new AppError('PLACEMENT_ROUND_CLOSED');
  if (status === 'sold_out') return new AppError('PLACEMENT_SOLD_OUT');
  if (status === 'upcoming') return new AppError('PLACEMENT_ROUND_UPCOMING');
  const remaining = new Decimal(round.total_quantity).minus(round.sold);
  if (remaining.lt(quantity)) return new AppError('PLACEMENT_NOT_ENOUGH_LEFT', { remaining: remaining.toFixed() });
  return null;
}

/** The round's per-member limits count everything the member bought in it, this purchase included. */
function limitRefusal(limits: { min_per_member: string; max_per_member: string }, total: Decimal, bought: Decimal): AppError | null {
  if (total.lt(limits.min_per_member))
    return new AppError('PLACEMENT_BELOW_MINIMUM', { minimum: new Decimal(limits.min_per_member).toFixed() });
  if (total.gt(limits.max_per_member))
    return new AppError('PLACEMENT_ABOVE_MAXIMUM', {
      maximum: new Decimal(limits.max_per_member).toFixed(),
      bought: bought.toFixed(),
    });
  return null;
}

/**
 * Buys whole SBC units of a round with USDT from the wallet. Every refusal that can be told from a
 * read comes before the payment password; the transaction then takes the units under the round's row
 * lock (queries.takeUnits: never oversold), prices them from what was sold before them (one purchase
 * may span tiers), refuses when that is not what the member confirmed, and posts one journal (420):
 * the buyer's USDT to the placement desk, the desk's SBC to the buyer's placement account (awaiting
 * distribution). Any refusal in it (the balance, the member's limit under their own lock) rolls all back.
 */
export async function purchase(
  deps: AuthDeps,
  userId: string,
  roundId: string,
  input: PurchaseInput,
  keyed: KeyedRequest,
  ip: string,
): Promise<PlacementPurchase> {
  const recorded = await keyed.answered<PlacementPurchase>(deps.db);
  if (recorded) return recorded.value;
  const read = await q.purchaseRead(deps.db, userId, roundId, keyed.key);
  if (read.existing) return purchaseView(read.existing);
  const quantity = new Decimal(input.quantity);
  const now = deps.clock.now();
  const round = read.round;
  const refused = roundRefusal(round, quantity, now);
  if (refused || !round) throw refused ?? new AppError('PLACEMENT_ROUND_NOT_FOUND');
  // KYC lives with the cardholder (cards module); the profile is how other modules read it.
  if (round.kyc_required && (await getProfile(deps, userId)).kycStatus !== 'passed') throw new AppError('PLACEMENT_KYC_REQUIRED');
  const bought = new Decimal(read.myQuantity);
  const overLimit = limitRefusal(round, bought.plus(quantity), bought);
  if (overLimit) throw overLimit;
  const quote = quoteForQuantity(round.tiers, round.sold, quantity.toFixed());
  if (!quote) throw new AppError('PLACEMENT_NOT_ENOUGH_LEFT', { remaining: new Decimal(round.total_quantity).minus(round.sold).toFixed() });
  if (!new Decimal(quote.amount).eq(input.expectedAmount)) throw new AppError('PLACEMENT_PRICE_CHANGED', { amount: quote.amount });
  const usdt = (await walletBalances(deps.db, userId)).find((b) => b.currency === 'USDT');
  if (new Decimal(usdt?.balance ?? 0).lt(quote.amount)) throw new AppError('INSUFFICIENT_BALANCE', { currency: 'USDT' });
  await verifyPaymentPassword(deps, userId, input.paymentPassword, ip);

  // Made (and committed) before the transaction, so it never creates accounts under its locks.
  const [buyerUsdt, deskUsdt, deskSbc, buyerPlacement] = (await accountIds(deps.db, [
    { userId, currency: 'USDT', purpose: USER_WALLET },
    { userId: null, currency: 'USDT', purpose: SYSTEM_PURPOSES.placementDesk },
    { userId: null, currency: 'SBC', purpose: SYSTEM_PURPOSES.placementDesk },
    { userId, currency: 'SBC', purpose: USER_PLACEMENT },
  ])) as [string, string, string, string];

  return deps.db.transaction().execute(async (trx) => {
    const at = deps.clock.now();
    await lockMemberRules(trx, userId);
    await assertNotLocked(trx, userId);
    const taken = await q.takeUnits(trx, roundId, quantity.toFixed(), at);
    if (!taken) throw roundRefusal(await q.roundById(trx, roundId), quantity, at) ?? new AppError('PLACEMENT_ROUND_CLOSED');
    const soldBefore = new Decimal(taken.sold).minus(quantity).toFixed();
    const priced = quoteForQuantity(taken.tiers, soldBefore, quantity.toFixed());
    if (!priced) throw new Error(`placement round ${roundId}: units taken but not priced`);
    if (!new Decimal(priced.amount).eq(input.expectedAmount)) throw new AppError('PLACEMENT_PRICE_CHANGED', { amount: priced.amount });
    const total = new Decimal(await q.addMemberUnits(trx, roundId, userId, quantity.toFixed()));
    const limit = limitRefusal(taken, total, total.minus(quantity));
    if (limit) throw limit;
    const made = await q.insertPurchase(trx, {
      round_id: roundId,
      user_id: userId,
      quantity: quantity.toFixed(),
      amount: priced.amount,
      sold_before: soldBefore,
      lines: priced.lines,
      idempotency_key: keyed.key,
      created_at: at,
    });
    // The same key committed by a request running alongside: that one bought.
    if (!made) throw new KeyTaken();
    const reference = `placement-purchase:${made.id}`;
    const { journalId } = await postNew(trx, {
      typeCode: 420,
      userId,
      reference,
      idempotencyKey: reference,
      memo: { roundId, quantity: quantity.toFixed(), lines: priced.lines },
      legs: [
        { accountId: buyerUsdt, amount: `-${priced.amount}` },
        { accountId: deskUsdt, amount: priced.amount },
        { accountId: deskSbc, amount: `-${quantity.toFixed()}` },
        { accountId: buyerPlacement, amount: quantity.toFixed() },
      ],
    });
    await q.setPurchaseJournal(trx, made.id, journalId);
    await q.addAcquired(trx, userId, quantity.toFixed(), priced.amount, at);
    const result = purchaseView({
      id: made.id,
      round_id: roundId,
      quantity: quantity.toFixed(),
      amount: priced.amount,
      lines: priced.lines,
      created_at: at,
      round_name: taken.name,
    });
    await keyed.save(trx, result);
    return result;
  });
}
