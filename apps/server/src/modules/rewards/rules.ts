import { Decimal } from '@wallet/contract';
import type { Selectable } from 'kysely';
import type { Executor } from '../../platform/db/database';
import type { RewardRulesTable, RuleEventKind, RuleRoleColumn } from '../../platform/db/schema-rewards';

/**
 * The rate rules of the programme (reward_rules): one row per version of (event kind, role, level),
 * each applying from its starts_at. The rule of an event is the version with the latest starts_at at
 * or before the event (ties: the highest id, the one written last), so a rate change applies to
 * events after it and a reward always names the version it was paid on.
 */
export type RewardRule = Selectable<RewardRulesTable>;

export async function ruleFor(
  db: Executor,
  kind: RuleEventKind,
  role: RuleRoleColumn,
  level: 1 | 2,
  at: Date,
): Promise<RewardRule | undefined> {
  return db
    .selectFrom('reward_rules')
    .selectAll()
    .where('event_kind', '=', kind)
    .where('role', '=', role)
    .where('level', '=', level)
    .where('starts_at', '<=', at)
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** How a rule reads to a member: "0.2%" or "1 USDT". */
export function ruleText(rule: Pick<RewardRule, 'amount_kind' | 'value' | 'currency'>): string {
  const value = new Decimal(rule.value).toFixed();
  return rule.amount_kind === 'percent' ? `${value}%` : `${value} ${rule.currency}`;
}

/**
 * Every rule version, read once in the caller's transaction, answering ruleFor's question in memory:
 * the processor asks it for thousands of events a batch, and the table holds a few dozen rows. Read
 * fresh for each batch (no cache across transactions), so a rate written before the batch is seen.
 */
export interface RuleBook {
  ruleFor(kind: RuleEventKind, role: RuleRoleColumn, level: 1 | 2, at: Date): RewardRule | undefined;
}

export async function ruleBook(db: Executor): Promise<RuleBook> {
  const rows = await db.selectFrom('reward_rules').selectAll().orderBy('starts_at', 'desc').orderBy('id', 'desc').execute();
  const byKey = new Map<string, RewardRule[]>();
  for (const row of rows) {
    const key = `${row.event_kind}:${row.role}:${row.level}`;
    const list = byKey.get(key);
    if (list) list.push(row);
    else byKey.set(key, [row]);
  }
  return {
    ruleFor(kind, role, level, at) {
      // Newest first: the first version that had started by `at` is the one in force.
      return byKey.get(`${kind}:${role}:${level}`)?.find((rule) => rule.starts_at.getTime() <= at.getTime());
    },
  };
}
