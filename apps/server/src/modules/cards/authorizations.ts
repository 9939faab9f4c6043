import { CURRENCIES, type DeclineReason } from '@wallet/contract';
import Decimal from 'decimal.js';
import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { type Leg, planCheckedBatch, post } from '../wallet/ledger';
import { CARD_FLOAT, CARD_SHORTFALL, cardAccountIds, systemAccount } from './accounts';
import type { DecidedCards } from './decided-cards';
import type { CardDeps } from './deps';
import { countedInWindow, MAX_CONSECUTIVE_FUNDS_FAILURES, type RuleFreeze, ruleWindows, windowOverRate } from './freeze-rules';
import { type CardRow, claimEvent, lockAuthorization, lockCard } from './queries';

export interface AuthorizationRequest {
  authorizationId: string;
  issuerCardId: string;
  amount: string;
  currency: string;
  merchant: { name: string; mcc?: string; country?: string };
}

export interface Decision {
  approved: boolean;
  reason: DeclineReason | null;
}

const reference = (cardId: string) => `card:${cardId}`;

function decline(
  card: Pick<CardRow, 'status' | 'frozen' | 'currency'>,
  request: AuthorizationRequest,
  available: Decimal | null,
): DeclineReason | null {
  if (card.status !== 'active') return 'card_inactive';
  if (card.frozen) return 'card_frozen';
  if (request.currency !== card.currency) return 'currency_mismatch';
  if (available === null || available.lt(request.amount)) return 'insufficient_funds';
  return null;
}

export type DecisionResult = Decision & { frozeCard: RuleFreezeResult };

export interface DecisionItem {
  request: AuthorizationRequest;
  /** The webhook delivery's identity (time and delivery id): recorded with the decision, refused when seen before. */
  delivery?: string;
}

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
  for (const [attempt, locked] of [false, false, true, true].entries()) {
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

interface CardState {
  row: ReadCard;
  available: Decimal | null;
  consecutive: number;
  frozen: boolean;
  freezeReason: RuleFreeze;
  /** Counted authorizations of the failure-rate window, oldest first; loaded only when a decline needs it. */
  window: boolean[] | null;
}

type Planned =
  | { kind: 'answer'; result: DecisionResult }
  | { kind: 'refused'; reason: unknown }
  | { kind: 'new'; card: CardState; request: AuthorizationRequest; amount: Decimal; result: DecisionResult };

type Decided = Extract<Planned, { kind: 'new' }>;

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
  const cached = useKnown ? known?.lookup([...new Set(items.map((i) => i.request.issuerCardId))]) : null;
  const read = cached ? { seen: [], cards: cached, earlier: [] } : await readBatch(db, items);

  // Decide in order. A decline that may freeze a card by rate needs the card's window: the first pass
  // notes which cards need one, they are read in one query, and the pass runs again with them.
  let windows = new Map<string, boolean[]>();
  let plan = planBatch(items, read, windows);
  if (plan.needWindows.length > 0) {
    windows = await ruleWindows(db, plan.needWindows);
    plan = planBatch(items, read, windows);
  }
  const decided = plan.planned.filter((p): p is Decided => p.kind === 'new');
  let written: ReadCard[] = [];
  if (decided.length > 0 || plan.deliveries.length > 0) written = await writeDecisions(deps, db, decided, plan.deliveries);
  // A transaction has not committed yet: what it wrote is not known until it has.
  if (!db.isTransaction) known?.remember([...read.cards, ...written]);
  return plan.planned.map((p) =>
    p.kind === 'refused' ? { status: 'rejected' as const, reason: p.reason } : { status: 'fulfilled' as const, value: p.result },
  );
}

/**
 * One statement: the cards (locked in id order when `db` is a transaction) with their versions and
 * their two accounts' balances and versions; which deliveries were seen before; and which of the
 * authorizations were answered before.
 */
async function readBatch(db: Executor, items: DecisionItem[]): Promise<BatchRead> {
  const deliveries = [...new Set(items.flatMap((i) => (i.delivery ? [i.delivery] : [])))];
  const issuerIds = [...new Set(items.map((i) => i.request.issuerCardId))];
  const authorizationIds = [...new Set(items.map((i) => i.request.authorizationId))];
  const row = (
    await sql<BatchRead>`
      with card_rows as (
        select c.id, c.user_id, c.currency, c.status, c.frozen, c.consecutive_funds_failures,
          c.rule_window_after_id::text as rule_window_after_id, c.issuer_card_id, c.version::text as version,
          a.id::text as available_id, a.balance::text as available_balance, a.version::text as available_version,
          h.id::text as hold_id, h.balance::text as hold_balance, h.version::text as hold_version
        from cards c
        -- Lateral lookups with "limit 1" (which the planner does not flatten into a join): one probe of the
        -- accounts owner index per card, whatever the table size or its statistics.
        left join lateral (select id, balance, version from ledger_accounts
          where coalesce(user_id, '00000000-0000-0000-0000-000000000000'::uuid) = c.user_id
            and currency = c.currency and purpose = 'card:' || c.id::text limit 1) a on true
        left join lateral (select id, balance, version from ledger_accounts
          where coalesce(user_id, '00000000-0000-0000-0000-000000000000'::uuid) = c.user_id
            and currency = c.currency and purpose = 'card_hold:' || c.id::text limit 1) h on true
        where c.issuer_card_id = any(${issuerIds}::text[])
        order by c.id
        ${db.isTransaction ? sql`for update of c` : sql``}
      )
      select (select coalesce(json_agg(signature), '[]') from card_webhook_deliveries where signature = any(${deliveries}::text[])) as seen,
        (select coalesce(json_agg(card_rows), '[]') from card_rows) as cards,
        (select coalesce(json_agg(json_build_object('ref', t.issuer_ref, 'approved', t.approved, 'reason', t.decline_reason)), '[]')
          from unnest(${authorizationIds}::text[]) as r(ref)
          -- One probe of the (type, issuer_ref) index per id ("limit 1" keeps it a lateral probe): with "= any(...)"
          -- the planner, its statistics behind a growing table, scanned every authorization.
          cross join lateral (select issuer_ref, approved, decline_reason from card_transactions
            where type = 'authorization' and issuer_ref = r.ref limit 1) t) as earlier`.execute(db)
  ).rows[0];
  return row as BatchRead;
}

/**
 * Everything a batch decided, in one statement that commits all or nothing: the deliveries, the
 * authorization rows (in decision order: their ids order the failure-rate window), each decided
 * card's failure count and rule freeze, and the holds through the ledger. write_guard fails the
 * statement unless every card is still at the version read (an update of a card, by anyone, bumps
 * it) and every account too (planCheckedBatch); an authorization or delivery recorded meanwhile
 * fails it by its unique key. Either way decideBatch reads again.
 */
async function writeDecisions(deps: CardDeps, db: Executor, decided: Decided[], deliveries: string[]): Promise<ReadCard[]> {
  const now = deps.clock.now();
  const approvals = decided.filter((d) => d.result.approved);
  for (const { card } of approvals) {
    if (card.row.available_id && card.row.hold_id) continue;
    // Made outside this try (so a rollback cannot take them back), then read again with the rest.
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

  // Arrays rather than a row of parameters per decision: the statement stays the same size however big the batch.
  const column = <T>(pick: (d: Decided) => T) => decided.map(pick);
  // In id order, as every writer of cards locks them.
  const cards = [...new Set(decided.map((d) => d.card))].sort((a, b) => (a.row.id < b.row.id ? -1 : 1));
  const cardColumn = <T>(pick: (c: CardState) => T) => cards.map(pick);
  const written = await sql`
    with new_deliveries as (
      insert into card_webhook_deliveries (signature) select unnest(${deliveries}::text[]) returning 1
    ), new_authorizations as (
      insert into card_transactions (card_id, type, issuer_ref, authorization_id, currency, amount, merchant, approved,
        decline_reason, held, balance_change, created_at, updated_at)
      select card_id, 'authorization', ref, ref, currency, amount, merchant, approved, reason, held, change, ${now}, ${now}
      from unnest(${column((d) => d.card.row.id)}::uuid[], ${column((d) => d.request.authorizationId)}::text[],
        ${column((d) => d.request.currency)}::text[], ${column((d) => d.amount.toFixed())}::numeric[],
        ${column((d) => JSON.stringify(d.request.merchant))}::jsonb[], ${column((d) => d.result.approved)}::boolean[],
        ${column((d) => d.result.reason)}::text[], ${column((d) => (d.result.approved ? d.amount.toFixed() : '0'))}::numeric[],
        ${column((d) => (d.result.approved ? d.amount.neg().toFixed() : '0'))}::numeric[])
        with ordinality as v(card_id, ref, currency, amount, merchant, approved, reason, held, change, n)
      order by n
      returning 1
    ), checked_cards as (
      update cards as c set consecutive_funds_failures = v.consecutive, frozen = c.frozen or v.froze,
        freeze_reason = case when v.froze then v.reason else c.freeze_reason end,
        updated_at = case when v.changed then ${now} else c.updated_at end
      from unnest(${cardColumn((c) => c.row.id)}::uuid[], ${cardColumn((c) => c.row.version)}::bigint[],
        ${cardColumn((c) => c.consecutive)}::integer[], ${cardColumn((c) => c.freezeReason !== null)}::boolean[],
        ${cardColumn((c) => c.freezeReason)}::text[],
        ${cardColumn((c) => c.consecutive !== c.row.consecutive_funds_failures || c.freezeReason !== null)}::boolean[])
        as v(id, version, consecutive, froze, reason, changed)
      where c.id = v.id and c.version = v.version
      returning c.id, c.version
    )${holds.ctes ? sql`, ${holds.ctes}` : sql``}
    select write_guard((select count(*) from checked_cards) = ${cards.length} and ${holds.complete}) as ok,
      (select coalesce(json_object_agg(id, version::text), '{}') from checked_cards) as versions`.execute(db);
  holds.committed(db);
  const { versions } = written.rows[0] as { versions: Record<string, string> };
  // Each card as it now is (the version its update took), for the next batch (see DecidedCards).
  return cards.map(({ row, consecutive, frozen }) => {
    const available = holds.after.get(row.available_id as string);
    const hold = holds.after.get(row.hold_id as string);
    return {
      ...row,
      version: versions[row.id] as string,
      consecutive_funds_failures: consecutive,
      frozen,
      available_balance: available?.balance ?? row.available_balance,
      available_version: available?.version ?? row.available_version,
      hold_balance: hold?.balance ?? row.hold_balance,
      hold_version: hold?.version ?? row.hold_version,
    };
  });
}

/** What a batch needs of a card it read. */
export type ReadCard = Pick<
  CardRow,
  'id' | 'user_id' | 'currency' | 'status' | 'frozen' | 'consecutive_funds_failures' | 'rule_window_after_id' | 'issuer_card_id' | 'version'
> & {
  available_id: string | null;
  available_balance: string | null;
  available_version: string | null;
  hold_id: string | null;
  hold_balance: string | null;
  hold_version: string | null;
};

interface BatchRead {
  seen: string[];
  cards: ReadCard[];
  earlier: Array<{ ref: string; approved: boolean; reason: string | null }>;
}

/**
 * The decisions of a batch, taken in order on a copy of each card's state; pure, so it can run again
 * once the failure-rate windows it asked for are read.
 */
function planBatch(items: DecisionItem[], read: BatchRead, windows: Map<string, boolean[]>) {
  const cards = new Map<string, CardState>();
  for (const row of read.cards)
    cards.set(row.issuer_card_id as string, {
      row,
      available: row.available_balance === null ? null : new Decimal(row.available_balance),
      consecutive: row.consecutive_funds_failures,
      frozen: row.frozen,
      freezeReason: null,
      window: windows.has(row.id) ? [...(windows.get(row.id) as boolean[])] : null,
    });
  const seen = new Set(read.seen);
  const answers = new Map<string, DecisionResult>(
    read.earlier.map((e) => [e.ref, { approved: e.approved, reason: e.reason as DeclineReason | null, frozeCard: null }]),
  );
  const usedDeliveries = new Set<string>();
  const needWindows: ReadCard[] = [];
  const planned: Planned[] = items.map(({ request, delivery }) => {
    if (delivery !== undefined) {
      if (seen.has(delivery) || usedDeliveries.has(delivery)) return { kind: 'refused', reason: new AppError('WEBHOOK_REPLAYED') };
      usedDeliveries.add(delivery);
    }
    const card = cards.get(request.issuerCardId);
    if (!card) return { kind: 'answer', result: { approved: false, reason: 'card_inactive', frozeCard: null } };
    // Inserted before any money moves: a repeated request for the same authorization gets the first answer.
    const first = answers.get(request.authorizationId);
    if (first) return { kind: 'answer', result: { approved: first.approved, reason: first.reason, frozeCard: null } };

    const amount = new Decimal(request.amount);
    const tooPrecise = amount.decimalPlaces() > CURRENCIES[card.row.currency].precision;
    const reason = tooPrecise ? 'currency_mismatch' : decline({ ...card.row, frozen: card.frozen }, request, card.available);
    if (reason === null) card.available = (card.available as Decimal).minus(amount);

    if (reason === null) card.consecutive = 0;
    else if (reason === 'insufficient_funds') card.consecutive += 1;
    const counted = countedInWindow(reason);
    if (counted) card.window?.push(reason === null);
    // Only a decline can push a card over a rule (an approval adds no failure), so approvals skip the check.
    let freeze: RuleFreeze = null;
    if (reason !== null && !card.frozen && counted) {
      if (card.consecutive > MAX_CONSECUTIVE_FUNDS_FAILURES) freeze = 'consecutive_funds_failures';
      else if (card.window === null) {
        if (!needWindows.includes(card.row)) needWindows.push(card.row);
      } else if (windowOverRate(card.window)) freeze = 'failure_rate';
    }
    if (freeze) {
      card.frozen = true;
      card.freezeReason = freeze;
    }
    const result: DecisionResult = {
      approved: reason === null,
      reason,
      frozeCard: freeze ? { issuerCardId: request.issuerCardId, reason: freeze } : null,
    };
    answers.set(request.authorizationId, result);
    return { kind: 'new', card, request, amount, result };
  });
  return { planned, needWindows, deliveries: [...usedDeliveries] };
}
type RuleFreezeResult = { issuerCardId: string; reason: 'consecutive_funds_failures' | 'failure_rate' } | null;

export interface AuthorizationEvent {
  eventId: string;
  type: 'authorization.reversal' | 'authorization.clearing' | 'authorization.refund' | 'authorization.expired';
  authorizationId: string;
  issuerCardId: string;
  amount: string;
  currency: string;
  merchant: { name: string; mcc?: string; country?: string };
  /** authorization.expired only: the issuer's stand-in decision. */
  approved?: boolean;
}

/**
 * Reversal, clearing, refund and stand-in (expired) events for one authorization. Each runs once
 * (keyed by the issuer's event id, recorded in the same transaction as its effects), and each is
 * written against the authorization's current state, so they can arrive in any order:
 * - reversal releases up to what is still held;
 * - clearing releases the whole hold and takes the settled amount, which may be smaller (the rest
 *   returns to the card) or larger (the difference comes from the card balance; what the balance
 *   cannot cover is carried as a shortfall);
 * - refund credits the card;
 * - expired: the issuer stood in (we answered too late); a hold we placed is released.
 * An event for an authorization not seen yet is refused with CARD_EVENT_TOO_EARLY; the issuer retries.
 */
export async function applyAuthorizationEvent(deps: CardDeps, event: AuthorizationEvent): Promise<{ duplicate: boolean }> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    // Card first, then the authorization: the same order as decisions, so the two never deadlock.
    const cardRef = await trx.selectFrom('cards').select('id').where('issuer_card_id', '=', event.issuerCardId).executeTakeFirst();
    if (!cardRef) throw new AppError('CARD_EVENT_TOO_EARLY');
    const card = (await lockCard(trx, cardRef.id)) as CardRow;
    if (!(await claimEvent(trx, event.eventId, event.type))) return { duplicate: true };
    const accounts = await cardAccountIds(trx, card);
    const amount = new Decimal(event.amount);
    const journal = (typeCode: 501 | 502 | 503 | 504, legs: Leg[]) =>
      post(trx, {
        typeCode,
        userId: card.user_id,
        reference: reference(card.id),
        idempotencyKey: `card-event:${event.eventId}`,
        memo: { authorizationId: event.authorizationId, merchant: event.merchant.name },
        legs: legs.filter((l) => !new Decimal(l.amount).isZero()),
      });

    if (event.type === 'authorization.expired') {
      await expire(trx, card, event, accounts, journal, now);
      return { duplicate: false };
    }
    const auth = await lockAuthorization(trx, event.authorizationId);
    if (!auth) throw new AppError('CARD_EVENT_TOO_EARLY');
    const held = new Decimal(auth.held);

    if (event.type === 'authorization.reversal') {
      const release = Decimal.min(amount, held);
      if (release.gt(0))
        await journal(502, [
          { accountId: accounts.hold, amount: release.neg().toFixed() },
          { accountId: accounts.available, amount: release.toFixed() },
        ]);
      await trx
        .updateTable('card_transactions')
        .set({
          held: held.minus(release).toFixed(),
          balance_change: new Decimal(auth.balance_change).plus(release).toFixed(),
          updated_at: now,
        })
        .where('id', '=', auth.id)
        .execute();
      await addRow(trx, card, event, 'reversal', release, release, now);
    } else if (event.type === 'authorization.clearing') {
      const extra = amount.minus(held);
      let take = new Decimal(0);
      let shortfall = new Decimal(0);
      if (extra.gt(0)) {
        const row = await trx
          .selectFrom('ledger_accounts')
          .select('balance')
          .where('id', '=', accounts.available)
          .executeTakeFirstOrThrow();
        take = Decimal.min(extra, new Decimal(row.balance));
        shortfall = extra.minus(take);
      }
      const float = await systemAccount(trx, card.currency, CARD_FLOAT);
      const shortfallAccount = await systemAccount(trx, card.currency, CARD_SHORTFALL);
      await journal(503, [
        { accountId: accounts.hold, amount: held.neg().toFixed() },
        { accountId: accounts.available, amount: extra.gt(0) ? take.neg().toFixed() : extra.neg().toFixed() },
        { accountId: float, amount: amount.toFixed() },
        { accountId: shortfallAccount, amount: shortfall.neg().toFixed() },
      ]);
      const settledBefore = new Decimal(auth.settled_amount ?? 0);
      // Before: the approval took `held` from the balance. Now the card has paid `amount - shortfall` in all.
      await trx
        .updateTable('card_transactions')
        .set({
          held: '0',
          settled: true,
          settled_amount: settledBefore.plus(amount).toFixed(),
          balance_change: new Decimal(auth.balance_change).plus(held).minus(amount.minus(shortfall)).toFixed(),
          updated_at: now,
        })
        .where('id', '=', auth.id)
        .execute();
    } else {
      const float = await systemAccount(trx, card.currency, CARD_FLOAT);
      await journal(504, [
        { accountId: float, amount: amount.neg().toFixed() },
        { accountId: accounts.available, amount: amount.toFixed() },
      ]);
      await addRow(trx, card, event, 'refund', amount, amount, now);
    }
    return { duplicate: false };
  });
}

async function addRow(
  trx: Transaction<Database>,
  card: CardRow,
  event: AuthorizationEvent,
  type: 'reversal' | 'refund',
  amount: Decimal,
  change: Decimal,
  now: Date,
) {
  await trx
    .insertInto('card_transactions')
    .values({
      card_id: card.id,
      type,
      issuer_ref: event.eventId,
      authorization_id: event.authorizationId,
      currency: card.currency,
      amount: amount.toFixed(),
      merchant: JSON.stringify(event.merchant),
      approved: true,
      decline_reason: null,
      settled: true,
      settled_amount: amount.toFixed(),
      balance_change: change.toFixed(),
      created_at: now,
      updated_at: now,
    })
    .execute();
}

async function expire(
  trx: Transaction<Database>,
  card: CardRow,
  event: AuthorizationEvent,
  accounts: { available: string; hold: string },
  journal: (typeCode: 502, legs: Leg[]) => Promise<unknown>,
  now: Date,
) {
  // A tombstone first: if our late decision is still on its way, it will find this row and change nothing.
  const standIn = event.approved === true;
  // The tombstone is a counted authorization of the card's failure-rate window: a decision read before it
  // must not be written after it, so the card's version moves (see writeDecisions).
  await trx.updateTable('cards').set({ updated_at: now }).where('id', '=', card.id).execute();
  await trx
    .insertInto('card_transactions')
    .values({
      card_id: card.id,
      type: 'authorization',
      issuer_ref: event.authorizationId,
      authorization_id: event.authorizationId,
      currency: event.currency,
      amount: new Decimal(event.amount).toFixed(),
      merchant: JSON.stringify(event.merchant),
      approved: standIn,
      decline_reason: standIn ? null : 'issuer_timeout',
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['type', 'issuer_ref']).doNothing())
    .execute();
  if (standIn) return;
  const auth = await lockAuthorization(trx, event.authorizationId);
  if (!auth) return;
  const held = new Decimal(auth.held);
  if (held.gt(0))
    await journal(502, [
      { accountId: accounts.hold, amount: held.neg().toFixed() },
      { accountId: accounts.available, amount: held.toFixed() },
    ]);
  await trx
    .updateTable('card_transactions')
    .set({ approved: false, decline_reason: 'issuer_timeout', held: '0', balance_change: '0', updated_at: now })
    .where('id', '=', auth.id)
    .execute();
}
