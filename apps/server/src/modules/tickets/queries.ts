import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database';
import type { TicketAttachmentsTable, TicketStatusColumn, TicketsTable } from '../../platform/db/schema-tickets';

/** Every column of a ticket but the idempotency key. */
const TICKET_COLUMNS = [
  'id',
  'user_id',
  'number',
  'type',
  'description',
  'reference',
  'status',
  'rating',
  'rating_comment',
  'rated_at',
  'created_at',
  'updated_at',
  'completed_at',
  'assigned_to',
  'assigned_at',
] as const;
export type TicketRow = Pick<TicketsTable, (typeof TICKET_COLUMNS)[number]> & { id: string };

export type SummaryRow = TicketRow & { last_author: 'member' | 'operator' | null };
export type AttachmentMeta = Pick<TicketAttachmentsTable, 'content_type' | 'size' | 'message_id'> & { id: string };
export interface MessageRow {
  id: string;
  author: 'member' | 'operator';
  body: string;
  created_at: Date;
}

export interface Cursor {
  created_at: Date;
  id: string;
}

export const findTicket = (db: Executor, id: string) =>
  db.selectFrom('tickets').select(TICKET_COLUMNS).where('id', '=', id).executeTakeFirst() as Promise<TicketRow | undefined>;

export const findByKey = (db: Executor, userId: string, key: string) =>
  db
    .selectFrom('tickets')
    .select(TICKET_COLUMNS)
    .where('user_id', '=', userId)
    .where('request_key', '=', key)
    .executeTakeFirst() as Promise<TicketRow | undefined>;

/** The ticket, locked for the rest of the transaction (a reply, a close or a rating changes it). */
export const lockTicket = (db: Executor, id: string) =>
  db.selectFrom('tickets').select(TICKET_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst() as Promise<TicketRow | undefined>;

/** Serialises one member's new tickets, so the open-ticket limit and the idempotency key hold under races. */
export async function lockMember(db: Executor, userId: string): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
}

export async function openCount(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('tickets')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'processing')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function nextNumber(db: Executor): Promise<string> {
  const { rows } = await sql<{ n: string }>`select nextval('ticket_number_seq')::text as n`.execute(db);
  return rows[0]?.n ?? '0';
}

export const insertTicket = (db: Executor, row: Omit<TicketsTable, 'id'> & { id: string }) =>
  db.insertInto('tickets').values(row).returning(TICKET_COLUMNS).executeTakeFirstOrThrow() as Promise<TicketRow>;

export const insertMessage = (
  db: Executor,
  row: { ticket_id: string; author: 'member' | 'operator'; author_id: string; body: string; created_at: Date },
) => db.insertInto('ticket_messages').values(row).returning('id').executeTakeFirstOrThrow();

export async function touchTicket(db: Executor, id: string, at: Date): Promise<void> {
  await db.updateTable('tickets').set({ updated_at: at }).where('id', '=', id).execute();
}

export async function completeTicket(db: Executor, id: string, operatorId: string, at: Date): Promise<void> {
  await db
    .updateTable('tickets')
    .set({ status: 'completed', completed_at: at, completed_by: operatorId, updated_at: at })
    .where('id', '=', id)
    .execute();
}

export async function rateTicket(db: Executor, id: string, rating: number, comment: string | null, at: Date): Promise<void> {
  await db.updateTable('tickets').set({ rating, rating_comment: comment, rated_at: at, updated_at: at }).where('id', '=', id).execute();
}

export const messagesOf = (db: Executor, ticketId: string) =>
  db
    .selectFrom('ticket_messages')
    .select(['id', 'author', 'body', 'created_at'])
    .where('ticket_id', '=', ticketId)
    .orderBy('id')
    .execute() as Promise<MessageRow[]>;

export const attachmentsOf = (db: Executor, ticketId: string) =>
  db
    .selectFrom('ticket_attachments')
    .select(['id', 'content_type', 'size', 'message_id'])
    .where('ticket_id', '=', ticketId)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute() as Promise<AttachmentMeta[]>;

/** Operators' queue: by status, and optionally only one operator's tickets or those nobody has taken. */
export type OperatorFilter = { status: TicketStatusColumn; assignedTo?: string | null };
export type PageRow = SummaryRow & { member_uid: string; assignee_email: string | null };

/** A page of tickets newest first, with who wrote the newest reply; by member, or by status for operators. */
export async function pageOf(
  db: Executor,
  filter: { userId: string } | OperatorFilter,
  limit: number,
  after: Cursor | undefined,
): Promise<PageRow[]> {
  let query = db
    .selectFrom('tickets as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('operators as o', 'o.id', 't.assigned_to')
    .select(TICKET_COLUMNS.map((column) => `t.${column}` as const))
    .select(['u.uid as member_uid', 'o.email as assignee_email'])
    .select((eb) =>
      eb
        .selectFrom('ticket_messages as m')
        .select('m.author')
        .whereRef('m.ticket_id', '=', 't.id')
        .orderBy('m.id', 'desc')
        .limit(1)
        .as('last_author'),
    );
  if ('userId' in filter) query = query.where('t.user_id', '=', filter.userId);
  else {
    query = query.where('t.status', '=', filter.status);
    if (filter.assignedTo === null) query = query.where('t.assigned_to', 'is', null);
    else if (filter.assignedTo !== undefined) query = query.where('t.assigned_to', '=', filter.assignedTo);
  }
  if (after) query = query.where((eb) => eb(eb.refTuple('t.created_at', 't.id'), '<', eb.tuple(after.created_at, after.id)));
  return (await query.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').limit(limit).execute()) as PageRow[];
}

/** The operator's email for "assigned to"; operators are never deleted, only disabled. */
export async function operatorEmail(db: Executor, operatorId: string): Promise<string> {
  const row = await db.selectFrom('operators').select('email').where('id', '=', operatorId).executeTakeFirstOrThrow();
  return row.email;
}

export async function assignTicket(db: Executor, id: string, operatorId: string, at: Date): Promise<void> {
  await db.updateTable('tickets').set({ assigned_to: operatorId, assigned_at: at }).where('id', '=', id).execute();
}

export const memberOf = (db: Executor, userId: string) =>
  db.selectFrom('users').select(['uid', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();

export async function countInStatus(db: Executor, status: TicketStatusColumn): Promise<number> {
  const row = await db
    .selectFrom('tickets')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
