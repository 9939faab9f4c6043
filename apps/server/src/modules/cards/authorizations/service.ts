import { monthStartUtc } from '@wallet/contract';
import type { Executor } from '../../../platform/db/database';
import { accountsAtVersions, planCheckedBatch } from '../../ledger';
import { announceNotifications, type NotificationInput } from '../../notifications/notify';
import { cardAccountIds } from '../accounts';
import { cardsChanged } from '../card-changes';
import type { CardDeps } from '../deps';
import { tellCardFrozen } from '../notices';
import type { DecidedCards } from './decided-cards';
import { type Decided, planBatch } from './plan';
import * as q from './queries';
import type { AuthorizationRequest, DecisionItem, DecisionResult, ReadCard } from './types';

/**
 * Authorization decisions: read the cards, decide (plan.ts), write the decisions and their holds
 * (their SQL in queries.ts). The issuer's later events about an authorization are in events.ts.
 */

const reference = (cardId: string) => `card:${cardId}`;

/** Thrown when what a batch read no longer holds (an account it must hold on appeared meanwhile): read again. */
class BatchConflict extends Error {}

/** Failures that mean "a row changed between the read and the write": the batch is read and decided again. */
const isConflict = (error: unknown) =>
  error instanceof BatchConflict || ['40001', '40P01', '23505'].includes((error as { code?: string }).code ?? '');

/**
 * The issuer's synchronous question "may this card pay this much?", for one authorization. See
 * decideBatch, of which this is a batch of one.
 */
export async function decideAuthorization(deps: CardDeps, request: AuthorizationRequest): Promise<DecisionResult> {
  const [result] = await decideBatch(deps, [{ request }]);
  if (result?.status !== 'fulfilled') throw result?.reason;
  return result.value;
}

/**
 * Decides many authorizations at once, exactly as if they were decided one after another in the
 * order given: each card's decisions are taken in turn against its running balance, failure count
 * and freeze state, and every approval is a ledger hold (available -> held). Nothing is answered
 * before the write committed, so an "approved" always has its hold. A repeated request for the same
 * authorization gets the first answer and holds nothing more; a delivery already seen is refused
 * (WEBHOOK_REPLAYED).
 *
 * Two round trips: a read without locks, then one statement that writes everything and commits only
 * if every card and account is still at the version read (see writeDecisions). When rows keep
 * changing under it, the batch is decided under the card locks instead (locked in id order, as all
 * card work does, so never deadlocking), where only the accounts can still move. If the batch fails
 * for any other reason, nothing of it stays and each decision is taken again alone, so one bad
 * request cannot sink the others.
 */
export async function decideBatch(
  deps: CardDeps,
  items: DecisionItem[],
  known?: DecidedCards,
): Promise<Array<PromiseSettledResult<DecisionResult>>> {
  if (items.length === 0) return [];
  let failure: unknown;
  // Under the card locks only a card's accounts can still move (a recharge settling), so a few more
  // tries there, under heavy traffic on one card, end it rather than failing the purchase.
  for (const [attempt, locked] of [false, false, true, true, true].entries()) {
    try {
      if (!locked) return await decideOnce(deps, deps.db, items, known, attempt === 0);
      return await deps.db.transaction().execute((trx) => decideOnce(deps, trx, items));
    } catch (error) {
      known?.forget(items.map((i) => i.request.issuerCardId));
      failure = error;
      if (!isConflict(error)) break;
    }
  }
  if (items.length === 1) return [{ status: 'rejected', reason: failure }];
  deps.log.warn({ err: failure, size: items.length }, 'authorization batch rolled back; deciding one by one');
  const results: Array<PromiseSettledResult<DecisionResult>> = [];
  // One after another, in arrival order: the same order the batch would have used.
  for (const item of items) {
    const [result] = await decideBatch(deps, [item], known);
    results.push(result as PromiseSettledResult<DecisionResult>);
  }
  return results;
}

/**
 * One try of decideBatch: with `db` a transaction, under the card locks; otherwise checked at the write,
 * and (with `useKnown`) from what this process last wrote of the cards when it knows them all.
 */
async function decideOnce(
  deps: CardDeps,
  db: Executor,
  items: DecisionItem[],
  known?: DecidedCards,
  useKnown = false,
): Promise<Array<PromiseSettledResult<DecisionResult>>> {
  // Without a read, deliveries and authorizations seen before are not known here: their unique keys
  // fail the write, and the next try reads them.
  const knownCards = useKnown ? known?.lookup([...new Set(items.map((i) => i.request.issuerCardId))]) : null;
  // A month's spend can fall without the card row changing (a reversal releases a hold), so a card with
  // a monthly limit is always read afresh; an approval elsewhere after the read bumps the card's version,
  // which the write checks.
  const cached = knownCards?.some((c) => c.monthly_limit !== null) ? null : knownCards;
  // One moment for the whole batch: the month its spend is summed for is the month its rows are written in.
  const now = deps.clock.now();
  const read = cached
    ? { seen: [], cards: cached, earlier: [] }
    : await q.readBatch(db, {
        deliveries: [...new Set(items.flatMap((i) => (i.delivery ? [i.delivery] : [])))],
        issuerIds: [...new Set(items.map((i) => i.request.issuerCardId))],
        authorizationIds: [...new Set(items.map((i) => i.request.authorizationId))],
        monthStart: monthStartUtc(now),
      });

  // Decide in order. A decline that may freeze a card by rate needs the card's window: the first pass
  // notes which cards need one, they are read in one query, and the pass runs again with them.
  let windows = new Map<string, boolean[]>();
  let plan = planBatch(items, read, windows);
  if (plan.needWindows.length > 0) {
    windows = await q.ruleWindows(db, plan.needWindows);
    plan = planBatch(items, read, windows);
  }
  const decided = plan.planned.filter((p): p is Decided => p.kind === 'new');
  let written: ReadCard[] = [];
  if (decided.length > 0 || plan.deliveries.length > 0) {
    // A freeze is mailed in its transaction (the outbox writes there), so a batch that freezes a card,
    // which is rare, is written in one; the others stay a single statement.
    const freezes = decided.some((d) => d.result.frozeCard !== null);
    written =
      freezes && !db.isTransaction
        ? await deps.db.transaction().execute((trx) => writeDecisions(deps, trx, decided, plan.deliveries, now))
        : await writeDecisions(deps, db, decided, plan.deliveries, now);
  }
  // A transaction has not committed yet: what it wrote is not known until it has.
  if (!db.isTransaction) known?.remember([...read.cards, ...written]);
  return plan.planned.map((p) =>
    p.kind === 'refused' ? { status: 'rejected' as const, reason: p.reason } : { status: 'fulfilled' as const, value: p.result },
  );
}

/**
 * Everything a batch decided, in one statement that commits all or nothing: the deliveries, the
 * authorization rows (in decision order: their ids order the failure-rate window), each decided
 * card's failure count and rule freeze, and the holds through the ledger. write_guard fails the
 * statement unless every card is still at the version read (an update of a card, by anyone, bumps
 * it) and every account too: those it holds on (planCheckedBatch) and those it declined from
 * (accountsAtVersions); an authorization or delivery recorded meanwhile fails it by its unique key.
 * Either way decideBatch reads again. The statement is queries.ts insertDecisions; the holds and the
 * notices in it are the ledger's and the notifications' own SQL builders.
 */
async function writeDecisions(deps: CardDeps, db: Executor, decided: Decided[], deliveries: string[], now: Date): Promise<ReadCard[]> {
  const approvals = decided.filter((d) => d.result.approved);
  // A recharge settling, a hold released or a refund credits the card's account without touching its
  // row, so a decline taken from the balance (or from a month's spend, which a reversal lowers by
  // crediting that balance) could be written from money that has since arrived: the account is checked
  // at the version read, as an approval's is by its compare-and-set.
  const moneyDeclines = decided.filter((d) => d.result.reason === 'insufficient_funds' || d.result.reason === 'over_monthly_limit');
  for (const { card, result } of [...approvals, ...moneyDeclines]) {
    if (card.row.available_id !== null && (card.row.hold_id !== null || !result.approved)) continue;
    // Made outside this try (so a rollback cannot take them back), then read again with the rest. A
    // decline needs its account too: one that does not exist yet has no version to check.
    await cardAccountIds(deps.db, card.row);
    throw new BatchConflict('a card account was created');
  }
  const account = (id: string | null, balance: string | null, version: string | null, card: ReadCard) => ({
    id: id as string,
    user_id: card.user_id,
    currency: card.currency,
    balance: balance as string,
    version: version as string,
  });
  const holds = planCheckedBatch(
    [...new Set(approvals.map((a) => a.card.row))].flatMap((c) => [
      account(c.available_id, c.available_balance, c.available_version, c),
      account(c.hold_id, c.hold_balance, c.hold_version, c),
    ]),
    approvals.map(({ card, request, amount }) => ({
      typeCode: 501 as const,
      userId: card.row.user_id,
      reference: reference(card.row.id),
      idempotencyKey: `card-auth:${request.authorizationId}:hold`,
      memo: { authorizationId: request.authorizationId, merchant: request.merchant.name },
      legs: [
        { accountId: card.row.available_id as string, amount: amount.neg().toFixed() },
        { accountId: card.row.hold_id as string, amount: amount.toFixed() },
      ],
    })),
  );
  // The plan approved only what each balance covers, so a refused hold is a bug, not a decline.
  const [refused] = holds.refused.values();
  if (refused !== undefined) throw refused;
  // A card with an approval in this batch has its account checked by the hold's compare-and-set already.
  const approved = new Set(approvals.map((a) => a.card.row));
  const unchanged = accountsAtVersions(
    moneyDeclines
      .filter((d) => !approved.has(d.card.row))
      .map(({ card }) => ({ id: card.row.available_id as string, version: card.row.available_version as string })),
  );

  // In id order, as every writer of cards locks them.
  const cards = [...new Set(decided.map((d) => d.card))].sort((a, b) => (a.row.id < b.row.id ? -1 : 1));
  // The member hears of each decline (the authorization's unique key makes it once per authorization).
  const declines = decided.flatMap(
    ({ card, request, amount, result }): Array<NotificationInput & { userId: string }> =>
      result.approved
        ? []
        : [
            {
              userId: card.row.user_id,
              code: 'card_declined',
              params: {
                amount: amount.toFixed(),
                currency: request.currency,
                merchant: request.merchant.name,
                reason: result.reason ?? '',
              },
              ref: { kind: 'card', id: card.row.id },
            },
          ],
  );
  const froze = cards.filter((c) => c.freezeReason !== null);
  if (froze.length > 0 && !db.isTransaction) throw new Error('authorizations: a batch that freezes a card is written in a transaction');
  const versions = await q.insertDecisions(db, {
    now,
    deliveries,
    decisions: decided.map(({ card, request, amount, result }) => ({
      cardId: card.row.id,
      authorizationId: request.authorizationId,
      currency: request.currency,
      amount: amount.toFixed(),
      merchant: JSON.stringify(request.merchant),
      approved: result.approved,
      reason: result.reason,
      held: result.approved ? amount.toFixed() : '0',
      balanceChange: result.approved ? amount.neg().toFixed() : '0',
    })),
    cards: cards.map((c) => ({
      id: c.row.id,
      version: c.row.version,
      consecutive: c.consecutive,
      froze: c.freezeReason !== null,
      freezeReason: c.freezeReason,
      changed: c.consecutive !== c.row.consecutive_funds_failures || c.freezeReason !== null,
    })),
    notices: declines,
    ledger: { ctes: holds.ctes, complete: holds.complete, unchanged },
  });
  holds.committed(db);
  cardsChanged(
    db,
    cards.map((c) => c.row.user_id),
  );
  announceNotifications(
    db,
    declines.map((d) => d.userId),
  );
  // Mailed in the same transaction (see decideOnce).
  for (const { row } of froze) await tellCardFrozen(deps, db, row);
  // Each card as it now is (the version its update took), for the next batch (see DecidedCards).
  return cards.map(({ row, consecutive, frozen, monthSpent }) => {
    const available = holds.after.get(row.available_id as string);
    const hold = holds.after.get(row.hold_id as string);
    return {
      ...row,
      version: versions[row.id] as string,
      consecutive_funds_failures: consecutive,
      frozen,
      month_spent: monthSpent.toFixed(),
      available_balance: available?.balance ?? row.available_balance,
      available_version: available?.version ?? row.available_version,
      hold_balance: hold?.balance ?? row.hold_balance,
      hold_version: hold?.version ?? row.hold_version,
    };
  });
}
