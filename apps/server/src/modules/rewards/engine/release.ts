import { Decimal, type LedgerTypeCode } from '@wallet/contract';
import { type Posting, postMany } from '../../ledger';
import { readSetting } from '../../operators/settings';
import { rewardAccounts } from './accounts';
import { type DebtChange, debtKey, lockDebts, writeDebts } from './debts';
import type { EngineDeps } from './deps';
import { lockDueRewards, markReleased } from './queries';

const BATCH = 500;
const DAY_MS = 86_400_000;

/**
 * Releases the pending rewards whose holding window has passed (created_at + rewards.holding_days,
 * read in each batch's transaction, so shortening the setting releases earlier): an amount the
 * beneficiary owes in that currency is paid off first, then ONE journal per reward moves the rest from
 * the rewards expense account to their wallet; the reward becomes available. Held rewards stay.
 *
 * Safe to run anywhere at once: each batch locks its rewards with SKIP LOCKED (two releasers take
 * different rewards) and writes only rewards still pending; each journal's idempotency key names the
 * reward's (event, beneficiary, level), so no reward is paid twice even by a replay. Batches of
 * BATCH rewards are one transaction and one ledger write each (postMany: every wallet locked once).
 * Returns how many rewards it released.
 */
export async function releaseDueRewards(deps: EngineDeps, now: Date = deps.clock.now(), batch = BATCH): Promise<number> {
  let released = 0;
  for (;;) {
    const taken = await releaseBatch(deps, now, batch);
    released += taken;
    if (taken < batch) return released;
  }
}

async function releaseBatch(deps: EngineDeps, now: Date, batch: number): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const days = Number(await readSetting(trx, 'rewards.holding_days'));
    const due = await lockDueRewards(trx, new Date(now.getTime() - days * DAY_MS), batch);
    if (due.length === 0) return 0;
    const owed = await lockDebts(
      trx,
      due.map((r) => ({ userId: r.beneficiary_id, currency: r.currency })),
      { create: false },
    );

    const changes: DebtChange[] = [];
    const plans = due.map((reward) => {
      const payable = new Decimal(reward.amount).minus(reward.cancelled);
      const key = debtKey(reward.beneficiary_id, reward.currency);
      const debt = owed.get(key) ?? new Decimal(0);
      const offset = Decimal.min(debt, payable);
      if (offset.gt(0)) {
        owed.set(key, debt.minus(offset));
        changes.push({
          userId: reward.beneficiary_id,
          currency: reward.currency,
          delta: offset.neg(),
          rewardId: reward.id,
          reason: 'offset',
        });
      }
      return { reward, offset, pay: payable.minus(offset) };
    });

    const paying = plans.filter((p) => p.pay.gt(0));
    const accounts = await rewardAccounts(
      trx,
      paying.map(({ reward }) => ({ userId: reward.beneficiary_id, currency: reward.currency })),
    );
    const postings: Posting[] = paying.map(({ reward, pay }) => ({
      typeCode: reward.type_code as LedgerTypeCode,
      userId: reward.beneficiary_id,
      reference: `reward:${reward.id}`,
      idempotencyKey: `reward:${reward.event_id}:${reward.beneficiary_id}:${reward.level}`,
      memo: { rewardId: reward.id, eventId: reward.event_id, level: reward.level },
      legs: [
        { accountId: accounts.expense(reward.currency), amount: pay.neg().toFixed() },
        { accountId: accounts.wallet(reward.beneficiary_id, reward.currency), amount: pay.toFixed() },
      ],
    }));
    const results = await postMany(trx, postings);
    const journalOf = new Map<string, string>();
    results.forEach((result, index) => {
      // The expense account has no limit and the wallet only receives: a refusal is a bug, and the batch rolls back.
      if (result.status === 'rejected') throw result.reason;
      journalOf.set((paying[index] as (typeof paying)[number]).reward.id, result.value.journalId);
    });

    await writeDebts(trx, owed, changes);
    await markReleased(
      trx,
      plans.map(({ reward, offset }) => ({ id: reward.id, journalId: journalOf.get(reward.id) ?? null, offset: offset.toFixed() })),
      now,
    );
    return due.length;
  });
}
