import type { BindableNetwork, WithdrawalNoteCode } from '@wallet/contract';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Executor } from '../../platform/db/database';
import { type DayRange, dayIndex, rangeEnd } from '../../platform/db/day-buckets';
import type { WithdrawalEventsTable, WithdrawalsTable } from '../../platform/db/schema';

export type WithdrawalRow = Selectable<WithdrawalsTable>;

export function findWithdrawal(db: Executor, id: string, userId?: string) {
  let query = db.selectFrom('withdrawals').selectAll().where('id', '=', id);
  if (userId) query = query.where('user_id', '=', userId);
  return query.executeTakeFirst();
}

/**
 * The withdrawals of one network and currency the books follow: in flight (sending, confirming), or
 * completed since `since`. Read in the caller's transaction.
 */
export function outstandingWithdrawalsSince(db: Executor, epoch: { network: BindableNetwork; currency: string; since: Date }) {
  return db
    .selectFrom('withdrawals')
    .select(['id', 'tx_hash', 'amount', 'status', 'confirmed_block', 'updated_at'])
    .where('network', '=', epoch.network)
    .where('currency', '=', epoch.currency)
    .where((eb) =>
      eb.or([eb('status', 'in', ['sending', 'confirming']), eb.and([eb('status', '=', 'completed'), eb('updated_at', '>=', epoch.since)])]),
    )
    .execute();
}

export function withdrawalEvents(db: Executor, withdrawalId: string) {
  return db
    .selectFrom('withdrawal_events')
    .select(['status', 'note_code', 'note_params', 'created_at'])
    .where('withdrawal_id', '=', withdrawalId)
    .orderBy('id')
    .execute();
}

/** How many times the withdrawal entered this status (a withdrawal signed again is broadcast again). */
export async function countWithdrawalEvents(db: Executor, withdrawalId: string, status: string): Promise<number> {
  const row = await db
    .selectFrom('withdrawal_events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('withdrawal_id', '=', withdrawalId)
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findWithdrawalIdByKey(db: Executor, userId: string, key: string) {
  return db.selectFrom('withdrawals').select('id').where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
}

/** A user's withdrawal ids, newest first, created before `before` when given. */
export function listWithdrawalIds(db: Executor, userId: string, take: number, before: Date | undefined) {
  let query = db
    .selectFrom('withdrawals')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(take);
  if (before) query = query.where('created_at', '<', before);
  return query.execute();
}

export function withdrawalCreatedAt(db: Executor, id: string, userId: string) {
  return db.selectFrom('withdrawals').select(['created_at']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export function pendingWithdrawalIds(db: Executor, limit: number) {
  return db
    .selectFrom('withdrawals as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select(['w.id', 'u.uid'])
    .where('w.status', '=', 'pending_review')
    .orderBy('w.created_at')
    .limit(limit)
    .execute();
}

/** One network's withdrawals in a status, in no particular order. */
export function withdrawalsInStatus(db: Executor, network: BindableNetwork, status: string) {
  return db.selectFrom('withdrawals').selectAll().where('network', '=', network).where('status', '=', status).execute();
}

/** One network's approved withdrawals, oldest first. */
export function approvedWithdrawals(db: Executor, network: BindableNetwork, limit: number) {
  return db
    .selectFrom('withdrawals')
    .selectAll()
    .where('network', '=', network)
    .where('status', '=', 'approved')
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** The highest nonce of a network's withdrawals signed and not yet settled (sending or confirming). */
export async function highestNonceInFlight(db: Executor, network: BindableNetwork): Promise<string | null> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.max('nonce').as('nonce'))
    .where('network', '=', network)
    .where('status', 'in', ['sending', 'confirming'])
    .executeTakeFirst();
  return row?.nonce ?? null;
}

export function insertWithdrawal(db: Executor, row: Insertable<WithdrawalsTable>) {
  return db.insertInto('withdrawals').values(row).returning('id').executeTakeFirstOrThrow();
}

/** The withdrawal, its row locked to the end of the caller's transaction. */
export function lockWithdrawal(db: Executor, id: string) {
  return db.selectFrom('withdrawals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateWithdrawal(db: Executor, id: string, changes: Updateable<WithdrawalsTable>): Promise<void> {
  await db.updateTable('withdrawals').set(changes).where('id', '=', id).execute();
}

/** Changes the withdrawal only while it is still in status `from`; returns how many rows changed (0 or 1). */
export async function updateWithdrawalFrom(db: Executor, id: string, from: string, changes: Updateable<WithdrawalsTable>): Promise<number> {
  const res = await db.updateTable('withdrawals').set(changes).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** What an event says to the member: a note code and its parameters, worded by the app. */
export type EventNote = { code: WithdrawalNoteCode; params?: Record<string, string> } | null;

export type NewWithdrawalEvent = Omit<Insertable<WithdrawalEventsTable>, 'note' | 'note_code' | 'note_params'> & { note: EventNote };

/** One event, or several in one statement. */
export async function insertWithdrawalEvents(db: Executor, events: NewWithdrawalEvent | NewWithdrawalEvent[]): Promise<void> {
  const rows = (Array.isArray(events) ? events : [events]).map(({ note, ...event }) => ({
    ...event,
    note_code: note?.code ?? null,
    note_params: JSON.stringify(note?.params ?? {}),
  }));
  await db.insertInto('withdrawal_events').values(rows).execute();
}

/** Withdrawals that took money out (approved by an operator or the rules, on their way or sent): by day and currency. */
export const OUTGOING_STATUSES = ['approved', 'sending', 'confirming', 'completed'] as const;

export function dailyOutgoingSums(db: Executor, range: DayRange) {
  return db
    .selectFrom('withdrawals')
    .select([dayIndex('created_at', range).as('day'), 'currency', sql<string>`sum(amount)::text`.as('amount')])
    .where('status', 'in', OUTGOING_STATUSES)
    .where('created_at', '>=', range.from)
    .where('created_at', '<', rangeEnd(range))
    .groupBy([sql`1`, 'currency'])
    .execute();
}

export async function countInStatus(db: Executor, status: string): Promise<number> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface WithdrawalFilter {
  status?: string | undefined;
  userId?: string | undefined;
  /** An address or a transaction hash, exactly (an address of either case). */
  text?: string | undefined;
}

/** Every withdrawal, newest first, one page of them and how many match. */
export async function pageWithdrawals(db: Executor, filter: WithdrawalFilter, page: { offset: number; limit: number }) {
  let query = db.selectFrom('withdrawals');
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.userId) query = query.where('user_id', '=', filter.userId);
  const text = filter.text;
  if (text) query = query.where((eb) => eb.or([eb(eb.fn('lower', ['address']), '=', text.toLowerCase()), eb('tx_hash', '=', text)]));
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
