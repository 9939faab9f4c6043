import { afterCommit } from '../../platform/db/after-commit';
import type { Executor } from '../../platform/db/database';
import type { RewardEventKind } from '../../platform/db/schema-rewards';

/**
 * The rewards outbox (DESIGN.md section 3): the module whose money makes an event (a card opened,
 * recharged, spent on or refunded; a task met) writes it here in the same transaction as the money.
 * A job turns it into rewards later; writing the same event twice (same sourceKey) writes it once.
 */
export interface RewardEventInput {
  kind: RewardEventKind;
  /** The member whose activity this is; their upline earns. */
  memberId: string;
  /** Unique per business event, e.g. `card-event:<issuer event id>` or `card-opened:<card id>`. */
  sourceKey: string;
  /** What it is about: `card:<id>`. */
  sourceRef: string;
  /** card_refund: the sourceKey of the card_spend event it refunds. */
  refundOf?: string | null;
  taskId?: string | null;
  amount?: string | null;
  currency?: string | null;
  occurredAt: Date;
}

type EventListener = () => void;
const listeners = new Set<EventListener>();

/**
 * Hears that reward events were written, after their transaction commits: the engine's jobs wake the
 * processor then instead of at the next minute. Returns the unsubscribe function.
 */
export function onRewardEvents(listener: EventListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function recordRewardEvent(trx: Executor, event: RewardEventInput): Promise<void> {
  afterCommit(trx, () => {
    for (const listener of listeners) listener();
  });
  await trx
    .insertInto('reward_events')
    .values({
      kind: event.kind,
      member_id: event.memberId,
      source_key: event.sourceKey,
      source_ref: event.sourceRef,
      refund_of: event.refundOf ?? null,
      task_id: event.taskId ?? null,
      amount: event.amount ?? null,
      currency: event.currency ?? null,
      occurred_at: event.occurredAt,
    })
    .onConflict((oc) => oc.column('source_key').doNothing())
    .execute();
}
