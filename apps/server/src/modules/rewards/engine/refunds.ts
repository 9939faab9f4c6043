import { Decimal } from '@wallet/contract';
import { type Posting, postMany, walletBalancesOfMany } from '../../ledger';
import { rewardAccounts } from './accounts';
import { roundDown, ZERO } from './amounts';
import { type DebtChange, debtKey, lockDebts, writeDebts } from './debts';
import {
  eventsByKeys,
  lockRewardsOfEvents,
  type RewardEvent,
  type RewardRow,
  refundedUpTo,
  type Trx,
  updateRefundedRewards,
} from './queries';

/**
 * Card refunds (spec43 "Money model"): each reward paid on the refunded spending loses the refunded
 * share, amount * refunded / spent rounded down (a full refund takes all). Inside the holding window
 * (pending or held) the share is cancelled; after release (available) it is clawed back from the
 * wallet with code 419, never below zero, and what the wallet cannot give is owed (reward_debts) and
 * offset against the next rewards.
 *
 * Each refund works from the total refunded so far (this refund and those before it), not its own
 * amount: the shares of several partial refunds add up to exactly the share of their sum, and a
 * refund processed again finds nothing left to take.
 */

type Clawback = { reward: RewardRow; refundId: string; share: Decimal };

const CLAWBACK_TRIES = 3;

export async function applyRefunds(trx: Trx, refunds: RewardEvent[]): Promise<void> {
  if (refunds.length === 0) return;
  const spendKeys = [...new Set(refunds.map((r) => r.refund_of).filter((k): k is string => k !== null))];
  const spends = new Map((await eventsByKeys(trx, spendKeys)).map((e) => [e.source_key, e]));
  const totals = new Map((await refundedUpTo(trx, spendKeys)).map((r) => [r.id, new Decimal(r.total)]));
  // Every reward any of these refunds touches, locked in one statement before any debt or wallet.
  const rewards = await lockRewardsOfEvents(
    trx,
    [...spends.values()].map((s) => s.id),
  );
  const byEvent = new Map<string, RewardRow[]>();
  for (const reward of rewards) byEvent.set(reward.event_id, [...(byEvent.get(reward.event_id) ?? []), reward]);

  const changed = new Map<string, RewardRow>();
  const clawbacks: Clawback[] = [];
  for (const refund of [...refunds].sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)))) {
    const spend = refund.refund_of ? spends.get(refund.refund_of) : undefined;
    // Spending from before the programme (no event) earned nothing: there is nothing to take back.
    if (!spend?.amount) continue;
    const spent = new Decimal(spend.amount);
    const refunded = totals.get(refund.id) ?? ZERO;
    for (const reward of byEvent.get(spend.id) ?? []) {
      if (!['pending', 'held', 'available'].includes(reward.status)) continue;
      const amount = new Decimal(reward.amount);
      const target = refunded.gte(spent) ? amount : Decimal.min(amount, roundDown(amount.times(refunded).div(spent), reward.currency));
      const share = target.minus(reward.cancelled).minus(reward.clawed);
      if (share.lte(0)) continue;
      if (reward.status === 'available') {
        reward.clawed = new Decimal(reward.clawed).plus(share).toFixed();
        reward.reason = 'refunded_after_window';
        clawbacks.push({ reward, refundId: refund.id, share });
      } else {
        const cancelled = new Decimal(reward.cancelled).plus(share);
        reward.cancelled = cancelled.toFixed();
        if (cancelled.gte(amount)) {
          reward.status = 'cancelled';
          reward.reason = 'refunded';
        } else if (reward.status === 'pending') reward.reason = 'refunded';
      }
      changed.set(reward.id, reward);
    }
  }
  await clawBack(trx, clawbacks);
  await updateRefundedRewards(
    trx,
    [...changed.values()].map((r) => ({ id: r.id, cancelled: r.cancelled, clawed: r.clawed, status: r.status, reason: r.reason })),
  );
}

/**
 * Takes the clawed-back shares from the wallets: min(share, balance) each, in one ledger batch, and
 * adds the rest to what the member owes. A wallet spent from between the read and the ledger's lock
 * refuses its posting (never below zero); its balance is read again, now under the ledger's lock,
 * and the posting retried with what is there.
 */
async function clawBack(trx: Trx, clawbacks: Clawback[]): Promise<void> {
  if (clawbacks.length === 0) return;
  const owed = await lockDebts(
    trx,
    clawbacks.map((c) => ({ userId: c.reward.beneficiary_id, currency: c.reward.currency })),
    { create: true },
  );
  const accounts = await rewardAccounts(
    trx,
    clawbacks.map(({ reward }) => ({ userId: reward.beneficiary_id, currency: reward.currency })),
  );
  const taken = new Map<number, Decimal>();
  let left = clawbacks.map((_, index) => index);
  for (let attempt = 1; left.length > 0; attempt++) {
    const balances = await walletBalancesOfMany(trx, [...new Set(left.map((i) => (clawbacks[i] as Clawback).reward.beneficiary_id))]);
    const running = new Map<string, Decimal>();
    for (const [userId, list] of balances) for (const b of list) running.set(debtKey(userId, b.currency), new Decimal(b.balance));
    const postings: Array<{ index: number; posting: Posting }> = [];
    for (const index of left) {
      const { reward, refundId, share } = clawbacks[index] as Clawback;
      const key = debtKey(reward.beneficiary_id, reward.currency);
      const take = Decimal.min(share, running.get(key) ?? ZERO);
      taken.set(index, take);
      if (take.lte(0)) continue;
      running.set(key, (running.get(key) as Decimal).minus(take));
      postings.push({
        index,
        posting: {
          typeCode: 419,
          userId: reward.beneficiary_id,
          reference: `reward:${reward.id}`,
          idempotencyKey: `reward-clawback:${refundId}:${reward.id}`,
          memo: { rewardId: reward.id, refundEventId: refundId },
          legs: [
            { accountId: accounts.wallet(reward.beneficiary_id, reward.currency), amount: take.neg().toFixed() },
            { accountId: accounts.expense(reward.currency), amount: take.toFixed() },
          ],
        },
      });
    }
    const results = await postMany(
      trx,
      postings.map((p) => p.posting),
    );
    const refused = postings.filter((_, i) => results[i]?.status === 'rejected');
    if (refused.length > 0 && attempt >= CLAWBACK_TRIES)
      throw (results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason;
    left = refused.map((p) => p.index);
  }
  const changes: DebtChange[] = [];
  clawbacks.forEach(({ reward, share }, index) => {
    const rest = share.minus(taken.get(index) ?? ZERO);
    if (rest.lte(0)) return;
    const key = debtKey(reward.beneficiary_id, reward.currency);
    owed.set(key, (owed.get(key) ?? ZERO).plus(rest));
    changes.push({ userId: reward.beneficiary_id, currency: reward.currency, delta: rest, rewardId: reward.id, reason: 'clawback' });
  });
  await writeDebts(trx, owed, changes);
}
