import { LIMITS } from '@wallet/contract';
import Decimal from 'decimal.js';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { CardRow } from './queries';

/**
 * The automatic freeze of PRODUCT_SPEC.md section 4:
 * - more than 5 consecutive funds-related declines (the 6th in a row freezes);
 * - an authorization failure rate above 15% over a window of the card's last 20 authorizations,
 *   judged once 20 exist. The window starts again when the card is unfrozen, so an unfrozen card is
 *   not frozen at once by the failures that froze it. Declines caused by the card being frozen or not
 *   yet open are not counted: they say nothing about how the card is used.
 */
export const RATE_WINDOW_SIZE = 20;
export const MAX_CONSECUTIVE_FUNDS_FAILURES = LIMITS.card.freezeAfterConsecutiveFundsFailures;
export const MAX_FAILURE_RATE = new Decimal(LIMITS.card.freezeFailureRateAbove);
const NOT_COUNTED = ['card_frozen', 'card_inactive'];

export type RuleFreeze = 'consecutive_funds_failures' | 'failure_rate' | null;

export async function ruleFreeze(trx: Transaction<Database>, card: CardRow, consecutiveFundsFailures: number): Promise<RuleFreeze> {
  if (consecutiveFundsFailures > MAX_CONSECUTIVE_FUNDS_FAILURES) return 'consecutive_funds_failures';
  const window = await sql<{ total: string; failed: string }>`
    select count(*)::text as total, count(*) filter (where not approved)::text as failed from (
      select approved from card_transactions
      where card_id = ${card.id} and type = 'authorization' and id > ${card.rule_window_after_id}
        and (decline_reason is null or decline_reason not in (${sql.join(NOT_COUNTED)}))
      order by id desc limit ${RATE_WINDOW_SIZE}
    ) recent`.execute(trx);
  const row = window.rows[0];
  const total = Number(row?.total ?? 0);
  if (total < RATE_WINDOW_SIZE) return null;
  return new Decimal(row?.failed ?? 0).div(total).gt(MAX_FAILURE_RATE) ? 'failure_rate' : null;
}
