import { createHash } from 'node:crypto';
import { TICKET_LIMITS, type TicketAttachment } from '@wallet/contract';
import { fileTypeFromBuffer } from 'file-type';
import { sql } from 'kysely';
import { addSeconds } from '../../platform/clock';
import type { Executor } from '../../platform/db/database';
import type { TicketAttachmentsTable } from '../../platform/db/schema-tickets';
import { AppError } from '../../platform/errors';
import { recordOperatorAudit } from '../operators/audit-chain';
import type { OperatorContext as Operator } from '../operators/context';
import { findTicket, lockMember } from './queries';
import type { TicketDeps } from './service';

type ImageType = TicketAttachmentsTable['content_type'];
const IMAGE_TYPES: readonly string[] = TICKET_LIMITS.attachmentTypes;
const UNATTACHED_SECONDS = TICKET_LIMITS.unattachedHours * 3600;
/** Old uploads deleted per new upload: enough to keep up, never a long delete in a member's request. */
const CLEANUP_BATCH = 50;

/**
 * What an upload really is, read from its bytes (file-type), not from the name or the type the client
 * declared: a page or a script renamed .png is refused. Null when it is not a JPEG, PNG or WebP.
 */
export async function imageTypeOf(bytes: Buffer): Promise<ImageType | null> {
  const found = await fileTypeFromBuffer(bytes);
  return found && IMAGE_TYPES.includes(found.mime) ? (found.mime as ImageType) : null;
}

/** Who uploads a screenshot: the member of the ticket, or an operator answering it. */
export type Uploader = { userId: string } | { operatorId: string };

const uploaderColumn = (uploader: Uploader) =>
  'userId' in uploader
    ? ({ column: 'user_id', id: uploader.userId } as const)
    : ({ column: 'operator_id', id: uploader.operatorId } as const);

/** The image type of an upload, or the refusal a member and an operator both get. */
async function checkedImage(bytes: Buffer): Promise<ImageType> {
  if (bytes.length === 0) throw new AppError('TICKET_ATTACHMENT_MISSING');
  if (bytes.length > TICKET_LIMITS.attachmentMaxBytes) throw new AppError('TICKET_ATTACHMENT_TOO_LARGE');
  const type = await imageTypeOf(bytes);
  if (!type) throw new AppError('TICKET_ATTACHMENT_TYPE');
  return type;
}

/**
 * Stores one checked screenshot, unattached, for its uploader, inside `trx` (the caller holds the lock
 * that serialises this uploader's uploads), refused past TICKET_LIMITS.uploadsPerHour.
 */
async function insertUpload(trx: Executor, uploader: Uploader, type: ImageType, bytes: Buffer, now: Date) {
  const { column, id } = uploaderColumn(uploader);
  const recent = await trx
    .selectFrom('ticket_attachments')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(column, '=', id)
    .where('created_at', '>', addSeconds(now, -3600))
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= TICKET_LIMITS.uploadsPerHour) throw new AppError('TICKET_UPLOADS_TOO_MANY');
  return trx
    .insertInto('ticket_attachments')
    .values({
      user_id: column === 'user_id' ? id : null,
      operator_id: column === 'operator_id' ? id : null,
      content_type: type,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      bytes,
      created_at: now,
    })
    .returning(['id', 'content_type', 'size', 'sha256'])
    .executeTakeFirstOrThrow();
}

/**
 * Keeps one screenshot for the member, unattached until a ticket or reply names it. Refused when it is
 * too large or not an image, or when the member has uploaded too many in the last hour. Uploads never
 * attached are deleted a day later, a few at each new upload.
 */
export async function saveUpload(deps: TicketDeps, userId: string, bytes: Buffer): Promise<TicketAttachment> {
  const type = await checkedImage(bytes);
  const now = deps.clock.now();
  await deleteStaleUploads(deps.db, now);
  return deps.db.transaction().execute(async (trx) => {
    await lockMember(trx, userId);
    const row = await insertUpload(trx, { userId }, type, bytes, now);
    return { id: row.id, contentType: row.content_type, size: row.size };
  });
}

/**
 * An operator's screenshot for a reply to a processing ticket: the member's checks and hourly limit,
 * unattached until the reply names it, and audited with the upload.
 */
export async function saveOperatorUpload(deps: TicketDeps, operator: Operator, ticketId: string, bytes: Buffer): Promise<TicketAttachment> {
  const type = await checkedImage(bytes);
  const now = deps.clock.now();
  await deleteStaleUploads(deps.db, now);
  return deps.db.transaction().execute(async (trx) => {
    const ticket = await findTicket(trx, ticketId);
    if (!ticket) throw new AppError('TICKET_NOT_FOUND');
    if (ticket.status !== 'processing') throw new AppError('TICKET_COMPLETED');
    // One operator's uploads in turn, so the hourly count holds under parallel uploads.
    await sql`select pg_advisory_xact_lock(hashtextextended(${`ticket-uploads:${operator.operatorId}`}, 0))`.execute(trx);
    const row = await insertUpload(trx, { operatorId: operator.operatorId }, type, bytes, now);
    await recordOperatorAudit(trx, operator, {
      action: 'ticket.attachment.upload',
      object: `ticket:${ticketId}`,
      after: { number: ticket.number, attachmentId: row.id, contentType: row.content_type, size: row.size, sha256: row.sha256 },
    });
    return { id: row.id, contentType: row.content_type, size: row.size };
  });
}

/** Deletes uploads that were never attached within a day; returns how many went. */
export async function deleteStaleUploads(db: Executor, now: Date, batch = CLEANUP_BATCH): Promise<number> {
  const stale = db
    .selectFrom('ticket_attachments')
    .select('id')
    .where('ticket_id', 'is', null)
    .where('created_at', '<=', addSeconds(now, -UNATTACHED_SECONDS))
    .limit(batch);
  const result = await db.deleteFrom('ticket_attachments').where('id', 'in', stale).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Attaches the uploader's uploads to a ticket (and a reply), in the transaction that writes them. An id
 * that is unknown, someone else's, already attached or expired is refused, and nothing is attached.
 */
export async function claimUploads(
  trx: Executor,
  input: { uploader: Uploader; ids: readonly string[]; ticketId: string; messageId: string | null; now: Date },
): Promise<void> {
  if (input.ids.length === 0) return;
  const { column, id } = uploaderColumn(input.uploader);
  const claimed = await trx
    .updateTable('ticket_attachments')
    .set({ ticket_id: input.ticketId, message_id: input.messageId, attached_at: input.now })
    .where('id', 'in', [...input.ids])
    .where(column, '=', id)
    .where('ticket_id', 'is', null)
    .where('created_at', '>', addSeconds(input.now, -UNATTACHED_SECONDS))
    .returning('id')
    .execute();
  if (claimed.length !== input.ids.length) throw new AppError('TICKET_ATTACHMENT_UNAVAILABLE');
  await trx
    .updateTable('ticket_attachments')
    .set({ position: sql<number>`array_position(${sql.val([...input.ids])}::uuid[], id)` })
    .where('id', 'in', [...input.ids])
    .execute();
}

/**
 * One screenshot's bytes. A member reads their own uploads and every screenshot of their own tickets,
 * whoever uploaded it (an operator's reply); an operator reads any screenshot of a ticket, and their
 * own uploads not yet sent. Anyone else is told it does not exist.
 */
export async function readAttachment(db: Executor, id: string, reader: Uploader) {
  const row = await db
    .selectFrom('ticket_attachments as a')
    .select(['a.content_type', 'a.bytes'])
    .where('a.id', '=', id)
    .where((eb) =>
      'userId' in reader
        ? eb.or([
            eb('a.user_id', '=', reader.userId),
            eb.exists(
              eb.selectFrom('tickets as t').select('t.id').whereRef('t.id', '=', 'a.ticket_id').where('t.user_id', '=', reader.userId),
            ),
          ])
        : eb.or([eb('a.ticket_id', 'is not', null), eb('a.operator_id', '=', reader.operatorId)]),
    )
    .executeTakeFirst();
  if (!row) throw new AppError('TICKET_ATTACHMENT_NOT_FOUND');
  return row;
}
