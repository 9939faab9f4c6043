import { Decimal } from '@wallet/contract';
import type { RuleEventKind } from '../../../platform/db/schema-rewards';
import { flaggedPairs } from '../abuse';
import { type RuleBook, ruleBook } from '../rules';
import { rewardTypeCode, roundDown } from './amounts';
import type { EngineDeps } from './deps';
import {
  insertRewards,
  markProcessed,
  type NewReward,
  type RewardEvent,
  type RewardTask,
  rolesOf,
  signedUpAt,
  type Trx,
  tasksByIds,
  tryProcessingLock,
  uplinesOf,
  waitingEvents,
} from './queries';
import { applyRefunds } from './refunds';
import { checkTasks, isTaskProgress, type TaskTrigger } from './tasks';

const DAY_MS = 86_400_000;
const RULE_KINDS: readonly string[] = ['card_opened', 'physical_card_opened', 'card_recharge', 'card_spend'];

/**
 * Turns waiting reward events into rewards, oldest first, one batch of up to `limit` events per call
 * in one transaction: for each event and each of the member's inviters (level 1 and 2; a task pays
 * level 1 only), one rewards row, paid or not (status not_paid with its reason), then the event is
 * marked processed. A refund applies to the rewards of its spend (refunds.ts); card events then check
 * the member's tasks (tasks.ts).
 *
 * One processor at a time (an advisory lock; a second caller returns 0 at once): events are taken in
 * id order, so a refund is never applied before the spend it refunds, and one worker holds no lock a
 * second would wait on. Batches keep it fast: the batch's uplines, roles, rules and abuse flags are
 * read in a few statements and its rewards written in one. Exactly once: a rewards row is unique per
 * (event, beneficiary, level) and the event is marked in the same transaction, so a replay (or an
 * event processed again) pays nothing more. Returns how many events it processed.
 */
export async function processRewardEvents(deps: EngineDeps, { limit = 1000 }: { limit?: number } = {}): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await tryProcessingLock(trx))) return 0;
    const now = deps.clock.now();
    const waiting = await waitingEvents(trx, limit);
    if (waiting.length === 0) return 0;

    const processed: RewardEvent[] = [];
    const seen = new Set<string>();
    for (const event of waiting) {
      // A refund waits for its spend (already processed, or earlier in this batch); waitingEvents left out those behind theirs.
      if (event.kind === 'card_refund' && event.refund_of && !seen.has(event.refund_of) && (await spendWaiting(trx, event.refund_of)))
        continue;
      processed.push(event);
      seen.add(event.source_key);
    }

    const members = [...new Set(processed.map((e) => e.member_id))];
    const uplines = await uplinesOf(trx, members);
    const roles = await rolesOf(trx, [...new Set([...uplines.values()].flat())]);
    const rules = await ruleBook(trx);
    const taskEvents = processed.filter((e) => e.kind === 'task');
    const tasks = await tasksByIds(trx, [...new Set(taskEvents.map((e) => e.task_id).filter((id): id is string => id !== null))]);
    const signups = await signedUpAt(trx, [...new Set(taskEvents.map((e) => e.member_id))]);

    const rows: NewReward[] = [];
    for (const event of processed) {
      const upline = uplines.get(event.member_id) ?? [];
      if (event.kind === 'card_refund' || upline.length === 0) continue;
      const levels: Array<1 | 2> = event.kind === 'task' ? [1] : [1, 2];
      for (const level of levels) {
        const beneficiary = upline[level - 1];
        if (!beneficiary) continue;
        const role = roles.get(beneficiary) ?? 'member';
        const base = {
          event_id: event.id,
          beneficiary_id: beneficiary,
          member_id: event.member_id,
          level,
          type_code: rewardTypeCode(event.kind, level),
          role,
          upline: [event.member_id, ...upline],
          created_at: now,
        };
        const paid =
          event.kind === 'task'
            ? taskReward(event, tasks.get(event.task_id ?? ''), signups.get(event.member_id))
            : ruleReward(event, rules, role, level);
        rows.push({ ...base, ...paid });
      }
    }
    await holdFlagged(trx, rows, now);
    await insertRewards(trx, rows);

    await applyRefunds(
      trx,
      processed.filter((e) => e.kind === 'card_refund'),
    );
    await checkTasks(trx, taskTriggers(processed, uplines));
    await markProcessed(
      trx,
      processed.map((e) => e.id),
      now,
    );
    return processed.length;
  });
}

async function spendWaiting(trx: Trx, sourceKey: string): Promise<boolean> {
  const spend = await trx.selectFrom('reward_events').select('processed_at').where('source_key', '=', sourceKey).executeTakeFirst();
  return spend !== undefined && spend.processed_at === null;
}

type Paid = Pick<NewReward, 'rule_id' | 'task_id' | 'currency' | 'amount' | 'status' | 'reason'>;

const notPaid = (currency: string, reason: 'no_rule' | 'zero_rate' | 'outside_window', ids: Partial<Paid> = {}): Paid => ({
  rule_id: null,
  task_id: null,
  ...ids,
  currency,
  amount: '0',
  status: 'not_paid',
  reason,
});

/**
 * The rule in force when the event happened, for the beneficiary's role and level: a fixed amount in
 * the rule's currency, or a percentage of the event's amount in its currency, rounded down. A rule
 * of 0, or a percentage that rounds to nothing, pays nothing (zero_rate).
 */
function ruleReward(event: RewardEvent, rules: RuleBook, role: NewReward['role'], level: 1 | 2): Paid {
  const fallbackCurrency = event.currency ?? 'USDT';
  if (!RULE_KINDS.includes(event.kind)) return notPaid(fallbackCurrency, 'no_rule');
  const rule = rules.ruleFor(event.kind as RuleEventKind, role, level, event.occurred_at);
  if (!rule) return notPaid(fallbackCurrency, 'no_rule');
  const ruled = { rule_id: rule.id };
  let currency: string;
  let amount: Decimal;
  if (rule.amount_kind === 'fixed') {
    currency = rule.currency as string;
    amount = roundDown(new Decimal(rule.value), currency);
  } else {
    if (event.amount === null || event.currency === null) return notPaid(fallbackCurrency, 'no_rule', ruled);
    currency = event.currency;
    amount = roundDown(new Decimal(event.amount).times(rule.value).div(100), currency);
  }
  if (amount.lte(0)) return notPaid(currency, 'zero_rate', ruled);
  return { ...ruled, task_id: null, currency, amount: amount.toFixed(), status: 'pending', reason: null };
}

/** A task's reward, to the direct inviter, if the goal was met within the task's days of the member's sign-up. */
function taskReward(event: RewardEvent, task: RewardTask | undefined, signup: Date | undefined): Paid {
  if (!task) return notPaid(event.currency ?? 'USDT', 'no_rule');
  const ids = { task_id: task.id };
  if (!signup || event.occurred_at.getTime() > signup.getTime() + task.within_days * DAY_MS)
    return notPaid(task.currency, 'outside_window', ids);
  const amount = roundDown(new Decimal(task.reward), task.currency);
  if (amount.lte(0)) return notPaid(task.currency, 'zero_rate', ids);
  return { rule_id: null, ...ids, currency: task.currency, amount: amount.toFixed(), status: 'pending', reason: null };
}

/** Asks the abuse rules about every pair that would be paid: flagged pairs are held, voided pairs void. */
async function holdFlagged(trx: Trx, rows: NewReward[], now: Date): Promise<void> {
  const payable = rows.filter((r) => r.status === 'pending');
  if (payable.length === 0) return;
  const pairs = [...new Map(payable.map((r) => [`${r.beneficiary_id}:${r.member_id}`, r])).values()].map((r) => ({
    beneficiaryId: r.beneficiary_id,
    memberId: r.member_id,
  }));
  const flags = await flaggedPairs(trx, pairs, now);
  if (flags.size === 0) return;
  for (const row of payable) {
    const flag = flags.get(`${row.beneficiary_id}:${row.member_id}`);
    if (flag === 'held') Object.assign(row, { status: 'held', reason: 'flagged' });
    else if (flag === 'void') Object.assign(row, { status: 'void', reason: 'voided' });
  }
}

/** Each member's last card event of the batch, for members with an inviter (a task pays the inviter). */
function taskTriggers(events: RewardEvent[], uplines: Map<string, string[]>): TaskTrigger[] {
  const last = new Map<string, TaskTrigger>();
  for (const event of events) {
    if (!isTaskProgress(event.kind) || !uplines.get(event.member_id)?.[0]) continue;
    last.set(event.member_id, { memberId: event.member_id, eventId: event.id, occurredAt: event.occurred_at });
  }
  return [...last.values()];
}
