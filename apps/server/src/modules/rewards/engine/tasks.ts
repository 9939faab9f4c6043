import { Decimal } from '@wallet/contract';
import { sql } from 'kysely';
import { recordRewardEvent } from '../events';
import type { RewardTask, Trx } from './queries';

/**
 * Operator-defined tasks (reward_tasks): a member who has opened min_cards cards and spent min_spend
 * in spend_currency (settled, less refunds) earns their direct inviter the task's reward (code 33),
 * once per task. Checked after the member's card events are processed; when the goal is met a task
 * event (source_key `task:<task id>:<member id>`) goes into the outbox in the same transaction and is
 * paid like any other event. Its time is when the goal was met, which decides the window (within_days
 * of sign-up) when it is processed.
 */

/** The member's latest card event of a batch: what their progress is counted up to. */
export interface TaskTrigger {
  memberId: string;
  eventId: string;
  occurredAt: Date;
}

const PROGRESS_KINDS = ['card_opened', 'physical_card_opened', 'card_spend', 'card_refund'] as const;
export const isTaskProgress = (kind: string) => (PROGRESS_KINDS as readonly string[]).includes(kind);

export const taskSourceKey = (taskId: string, memberId: string) => `task:${taskId}:${memberId}`;

export async function checkTasks(trx: Trx, triggers: TaskTrigger[]): Promise<number> {
  if (triggers.length === 0) return 0;
  const earliest = new Date(Math.min(...triggers.map((t) => t.occurredAt.getTime())));
  const tasks = await trx
    .selectFrom('reward_tasks')
    .selectAll()
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', earliest)]))
    .execute();
  if (tasks.length === 0) return 0;

  const done = new Set(
    (
      await trx
        .selectFrom('reward_events')
        .select('source_key')
        .where('kind', '=', 'task')
        .where('member_id', '=', sql<string>`any(${triggers.map((t) => t.memberId)}::uuid[])`)
        .execute()
    ).map((r) => r.source_key),
  );
  const progress = await progressOf(trx, triggers);
  let met = 0;
  for (const trigger of triggers) {
    const mine = progress.get(trigger.memberId) ?? { cards: 0, spent: new Map<string, Decimal>() };
    for (const task of tasks) {
      if (done.has(taskSourceKey(task.id, trigger.memberId)) || !activeAt(task, trigger.occurredAt)) continue;
      const spent = mine.spent.get(task.spend_currency) ?? new Decimal(0);
      if (mine.cards < task.min_cards || spent.lt(task.min_spend)) continue;
      await recordRewardEvent(trx, {
        kind: 'task',
        memberId: trigger.memberId,
        sourceKey: taskSourceKey(task.id, trigger.memberId),
        sourceRef: `task:${task.id}`,
        taskId: task.id,
        amount: task.reward,
        currency: task.currency,
        occurredAt: trigger.occurredAt,
      });
      met += 1;
    }
  }
  return met;
}

const activeAt = (task: RewardTask, at: Date) => task.starts_at <= at && (task.ends_at === null || task.ends_at > at);

/** Each member's cards opened and net settled spending per currency, counting their events up to the trigger. */
async function progressOf(trx: Trx, triggers: TaskTrigger[]): Promise<Map<string, { cards: number; spent: Map<string, Decimal> }>> {
  const rows = await sql<{ member_id: string; kind: string; currency: string | null; n: number; total: string | null }>`
    select e.member_id, e.kind, e.currency, count(*)::int as n, sum(e.amount)::text as total
    from unnest(${triggers.map((t) => t.memberId)}::uuid[], ${triggers.map((t) => t.eventId)}::bigint[]) as t(member_id, last_id)
    join reward_events e on e.member_id = t.member_id and e.id <= t.last_id
      and e.kind = any(${[...PROGRESS_KINDS]}::text[])
    group by e.member_id, e.kind, e.currency`.execute(trx);
  const progress = new Map<string, { cards: number; spent: Map<string, Decimal> }>();
  for (const row of rows.rows) {
    const mine = progress.get(row.member_id) ?? { cards: 0, spent: new Map<string, Decimal>() };
    progress.set(row.member_id, mine);
    if (row.kind === 'card_opened' || row.kind === 'physical_card_opened') mine.cards += row.n;
    else if (row.currency !== null) {
      const signed = new Decimal(row.total ?? 0).times(row.kind === 'card_refund' ? -1 : 1);
      mine.spent.set(row.currency, (mine.spent.get(row.currency) ?? new Decimal(0)).plus(signed));
    }
  }
  return progress;
}
