import { randomUUID } from 'node:crypto';
import {
  type AdminTicket,
  type AdminTicketReplyBody,
  TICKET_LIMITS,
  type Ticket,
  type TicketAttachment,
  type TicketCreateBody,
  type TicketRatingBody,
  type TicketReplyBody,
  type TicketStatus,
  type TicketSummary,
} from '@wallet/contract';
import { publishChange } from '../../platform/changes';
import type { Clock } from '../../platform/clock';
import { afterCommit } from '../../platform/db/after-commit';
import type { Db, Executor } from '../../platform/db/database';
import { keysetPage } from '../../platform/db/paging';
import { AppError } from '../../platform/errors';
import { dayIn } from '../../platform/time-zone';
import { notify } from '../notifications/notify';
import { recordOperatorAudit } from '../operators/audit-chain';
import type { OperatorContext as Operator } from '../operators/context';
import { claimUploads } from './attachments';
import * as q from './queries';

export interface TicketDeps {
  db: Db;
  clock: Clock;
  /**
   * UTC offset of the platform's calendar day (TOPUP_TIME_ZONE): the day in ticket numbers, and the
   * zone the app shows a ticket's times in (sent with each ticket), so "20261202-000001" never reads
   * "opened Dec 1": one rule for the number and the dates beside it, whatever the reader's clock.
   */
  timeZone: string;
}

const EXCERPT_LENGTH = 120;

/** The member's windows (the list, the open ticket) read the ticket again once the change has committed. */
function tellMember(trx: Executor, userId: string): void {
  afterCommit(trx, () => publishChange({ topic: 'tickets', userIds: [userId] }));
}

function toAttachment(row: q.AttachmentMeta): TicketAttachment {
  return { id: row.id, contentType: row.content_type, size: row.size };
}

type Reading = Pick<TicketDeps, 'db' | 'timeZone'>;

async function toTicket({ db, timeZone }: Reading, row: q.TicketRow): Promise<Ticket> {
  const [messages, attachments] = await Promise.all([q.messagesOf(db, row.id), q.attachmentsOf(db, row.id)]);
  const ofMessage = (id: string | null) => attachments.filter((a) => a.message_id === id).map(toAttachment);
  return {
    id: row.id,
    number: row.number,
    timeZone,
    type: row.type,
    status: row.status,
    description: row.description,
    reference: row.reference,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
    attachments: ofMessage(null),
    messages: messages.map((m) => ({
      id: m.id,
      author: m.author,
      body: m.body,
      createdAt: m.created_at.toISOString(),
      attachments: ofMessage(m.id),
    })),
    rating:
      row.rating !== null && row.rated_at !== null
        ? { score: row.rating, comment: row.rating_comment, ratedAt: row.rated_at.toISOString() }
        : null,
  };
}

function toSummary(row: q.SummaryRow, timeZone: string): TicketSummary {
  const excerpt = row.description.length > EXCERPT_LENGTH ? `${row.description.slice(0, EXCERPT_LENGTH - 1)}…` : row.description;
  return {
    id: row.id,
    number: row.number,
    timeZone,
    type: row.type,
    status: row.status,
    excerpt,
    reference: row.reference,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    lastReplyBy: row.last_author,
  };
}

const encodeCursor = (row: q.SummaryRow) => Buffer.from(`${row.created_at.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): q.Cursor {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const created = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(created.getTime())) throw new AppError('BAD_REQUEST');
  return { created_at: created, id };
}

/** The member's own ticket; another member's is "not found", never "forbidden". */
async function ownTicket(db: Executor, userId: string, id: string, lock = false): Promise<q.TicketRow> {
  const row = lock ? await q.lockTicket(db, id) : await q.findTicket(db, id);
  if (!row || row.user_id !== userId) throw new AppError('TICKET_NOT_FOUND');
  return row;
}

/**
 * Opens a ticket with the uploads it names. A retry with the same Idempotency-Key returns the ticket
 * it opened (the same key with another ticket is IDEMPOTENCY_KEY_REUSED). A member has at most
 * TICKET_LIMITS.openPerMember tickets processing.
 */
export async function createTicket(deps: TicketDeps, userId: string, body: TicketCreateBody, key: string): Promise<Ticket> {
  const reference = body.reference ? body.reference : null;
  const sameRequest = (row: q.TicketRow) => row.type === body.type && row.description === body.description && row.reference === reference;
  const replay = await q.findByKey(deps.db, userId, key);
  if (replay) {
    if (!sameRequest(replay)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return toTicket(deps, replay);
  }
  const now = deps.clock.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    await q.lockMember(trx, userId);
    const raced = await q.findByKey(trx, userId, key);
    if (raced) {
      if (!sameRequest(raced)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      return raced;
    }
    if ((await q.openCount(trx, userId)) >= TICKET_LIMITS.openPerMember) throw new AppError('TICKET_OPEN_LIMIT');
    const sequence = await q.nextNumber(trx);
    const ticket = await q.insertTicket(trx, {
      id: randomUUID(),
      user_id: userId,
      number: `${dayIn(now, deps.timeZone).replaceAll('-', '')}-${sequence.padStart(6, '0')}`,
      request_key: key,
      type: body.type,
      description: body.description,
      reference,
      status: 'processing',
      rating: null,
      rating_comment: null,
      rated_at: null,
      created_at: now,
      updated_at: now,
      completed_at: null,
      completed_by: null,
      assigned_to: null,
      assigned_at: null,
    });
    await claimUploads(trx, { uploader: { userId }, ids: body.attachmentIds ?? [], ticketId: ticket.id, messageId: null, now });
    tellMember(trx, userId);
    return ticket;
  });
  return toTicket(deps, row);
}

export async function getTicket(deps: TicketDeps, userId: string, id: string): Promise<Ticket> {
  return toTicket(deps, await ownTicket(deps.db, userId, id));
}

export async function listTickets(deps: TicketDeps, userId: string, cursor: string | undefined, limit: number) {
  const rows = await q.pageOf(deps.db, { userId }, limit + 1, cursor ? decodeCursor(cursor) : undefined);
  const { page, nextCursor } = keysetPage(rows, limit, encodeCursor);
  return { tickets: page.map((row) => toSummary(row, deps.timeZone)), nextCursor };
}

/** The member writes in the thread, with screenshots, while the ticket is processing. */
export async function replyAsMember(deps: TicketDeps, userId: string, id: string, body: TicketReplyBody): Promise<Ticket> {
  const now = deps.clock.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    const ticket = await ownTicket(trx, userId, id, true);
    if (ticket.status !== 'processing') throw new AppError('TICKET_COMPLETED');
    const message = await q.insertMessage(trx, { ticket_id: id, author: 'member', author_id: userId, body: body.body, created_at: now });
    await claimUploads(trx, { uploader: { userId }, ids: body.attachmentIds ?? [], ticketId: id, messageId: message.id, now });
    await q.touchTicket(trx, id, now);
    tellMember(trx, userId);
    return { ...ticket, updated_at: now };
  });
  return toTicket(deps, row);
}

/** Once completed, the member rates the answer, once: 1 to 5 stars and an optional comment. */
export async function rateTicket(deps: TicketDeps, userId: string, id: string, body: TicketRatingBody): Promise<Ticket> {
  const now = deps.clock.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    const ticket = await ownTicket(trx, userId, id, true);
    if (ticket.status !== 'completed') throw new AppError('TICKET_NOT_COMPLETED');
    if (ticket.rating !== null) throw new AppError('TICKET_ALREADY_RATED');
    const comment = body.comment ? body.comment : null;
    await q.rateTicket(trx, id, body.rating, comment, now);
    tellMember(trx, userId);
    return { ...ticket, rating: body.rating, rating_comment: comment, rated_at: now, updated_at: now };
  });
  return toTicket(deps, row);
}

// Operators (admin API)

const assigneeOf = (id: string | null, email: string | null) => (id !== null && email !== null ? { id, email } : null);

async function toAdminTicket(deps: Reading, row: q.TicketRow): Promise<AdminTicket> {
  const [ticket, member, assigneeEmail] = await Promise.all([
    toTicket(deps, row),
    q.memberOf(deps.db, row.user_id),
    row.assigned_to === null ? null : q.operatorEmail(deps.db, row.assigned_to),
  ]);
  return { ...ticket, memberUid: member.uid, memberEmail: member.email, assignedTo: assigneeOf(row.assigned_to, assigneeEmail) };
}

export interface OperatorListQuery {
  status: TicketStatus;
  /** Only the caller's tickets (me) or those nobody has taken (none). */
  assigned?: 'me' | 'none' | undefined;
  cursor?: string | undefined;
  limit: number;
}

export async function listForOperators(deps: TicketDeps, operator: Operator, query: OperatorListQuery) {
  const assignedTo = query.assigned === 'me' ? operator.operatorId : query.assigned === 'none' ? null : undefined;
  const filter = { status: query.status, ...(assignedTo === undefined ? {} : { assignedTo }) };
  const rows = await q.pageOf(deps.db, filter, query.limit + 1, query.cursor ? decodeCursor(query.cursor) : undefined);
  const { page, nextCursor } = keysetPage(rows, query.limit, encodeCursor);
  return {
    tickets: page.map((row) => ({
      ...toSummary(row, deps.timeZone),
      memberUid: row.member_uid,
      assignedTo: assigneeOf(row.assigned_to, row.assignee_email),
    })),
    nextCursor,
  };
}

/**
 * The calling operator takes the ticket, also from another operator (the audit entry keeps who had
 * it). Taking a ticket one already has changes nothing and writes no entry.
 */
export async function assignToMe(deps: TicketDeps, operator: Operator, id: string): Promise<AdminTicket> {
  const now = deps.clock.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    const ticket = await q.lockTicket(trx, id);
    if (!ticket) throw new AppError('TICKET_NOT_FOUND');
    if (ticket.status !== 'processing') throw new AppError('TICKET_COMPLETED');
    if (ticket.assigned_to === operator.operatorId) return ticket;
    const before = ticket.assigned_to === null ? null : { id: ticket.assigned_to, email: await q.operatorEmail(trx, ticket.assigned_to) };
    await q.assignTicket(trx, id, operator.operatorId, now);
    await recordOperatorAudit(trx, operator, {
      action: 'ticket.assign',
      object: `ticket:${id}`,
      before: { number: ticket.number, assignedTo: before },
      after: { number: ticket.number, assignedTo: { id: operator.operatorId, email: operator.email } },
    });
    return { ...ticket, assigned_to: operator.operatorId, assigned_at: now };
  });
  return toAdminTicket(deps, row);
}

export async function ticketForOperators(deps: TicketDeps, id: string): Promise<AdminTicket> {
  const row = await q.findTicket(deps.db, id);
  if (!row) throw new AppError('TICKET_NOT_FOUND');
  return toAdminTicket(deps, row);
}

/**
 * An operator answers: the reply, the member's notification (ticket_answered) and the audit entry
 * commit together; the member's open screens hear of it after the commit.
 */
export async function replyAsOperator(deps: TicketDeps, operator: Operator, id: string, reply: AdminTicketReplyBody): Promise<AdminTicket> {
  const operatorId = operator.operatorId;
  const now = deps.clock.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    const ticket = await q.lockTicket(trx, id);
    if (!ticket) throw new AppError('TICKET_NOT_FOUND');
    if (ticket.status !== 'processing') throw new AppError('TICKET_COMPLETED');
    const message = await q.insertMessage(trx, {
      ticket_id: id,
      author: 'operator',
      author_id: operatorId,
      body: reply.body,
      created_at: now,
    });
    const attachmentIds = reply.attachmentIds ?? [];
    await claimUploads(trx, { uploader: { operatorId }, ids: attachmentIds, ticketId: id, messageId: message.id, now });
    await q.touchTicket(trx, id, now);
    await notify(trx, ticket.user_id, { code: 'ticket_answered', params: { number: ticket.number }, ref: { kind: 'ticket', id } });
    await recordOperatorAudit(trx, operator, {
      action: 'ticket.reply',
      object: `ticket:${id}`,
      after: { number: ticket.number, messageId: message.id, attachmentIds },
    });
    tellMember(trx, ticket.user_id);
    return { ...ticket, updated_at: now };
  });
  return toAdminTicket(deps, row);
}

/** An operator completes the ticket (audited in the same transaction); the member may then rate it. */
export async function closeTicket(deps: TicketDeps, operator: Operator, id: string): Promise<AdminTicket> {
  const operatorId = operator.operatorId;
  const now = deps.clock.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    const ticket = await q.lockTicket(trx, id);
    if (!ticket) throw new AppError('TICKET_NOT_FOUND');
    if (ticket.status !== 'processing') throw new AppError('TICKET_COMPLETED');
    await q.completeTicket(trx, id, operatorId, now);
    await recordOperatorAudit(trx, operator, {
      action: 'ticket.close',
      object: `ticket:${id}`,
      before: { status: ticket.status },
      after: { status: 'completed', number: ticket.number },
    });
    tellMember(trx, ticket.user_id);
    return { ...ticket, status: 'completed' as const, completed_at: now, updated_at: now };
  });
  return toAdminTicket(deps, row);
}

/** The operators' queue on the console's dashboard: tickets still processing. */
export function processingTicketCount(db: Executor): Promise<number> {
  return q.countInStatus(db, 'processing');
}
