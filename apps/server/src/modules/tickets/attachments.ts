import { createHash } from 'node:crypto';
import { TICKET_LIMITS, type TicketAttachment } from '@wallet/contract';
import { fileTypeFromBuffer } from 'file-type';
import { sql } from 'kysely';
import { addSeconds } from '../../platform/clock';
import type { Executor } from '../../platform/db/database';
import type { TicketAttachmentsTable } from '../../platform/db/schema-tickets';
import { AppError } from '../../platform/errors';
import { lockMember } from './queries';
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

/**
 * Keeps one screenshot for the member, unattached until a ticket or reply names it. Refused when it is
 * too large or not an image, or when the member has uploaded too many in the last hour. Uploads never
 * attached are deleted a day later, a few at each new upload.
 */
export async function saveUpload(deps: TicketDeps, userId: string, bytes: Buffer): Promise<TicketAttachment> {
  if (bytes.length === 0) throw new AppError('TICKET_ATTACHMENT_MISSING');
  if (bytes.length > TICKET_LIMITS.attachmentMaxBytes) throw new AppError('TICKET_ATTACHMENT_TOO_LARGE');
  const type = await imageTypeOf(bytes);
  if (!type) throw new AppError('TICKET_ATTACHMENT_TYPE');
  const now = deps.clock.now();
  await deleteStaleUploads(deps.db, now);
  return deps.db.transaction().execute(async (trx) => {
    await lockMember(trx, userId);
    const recent = await trx
      .selectFrom('ticket_attachments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>', addSeconds(now, -3600))
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= TICKET_LIMITS.uploadsPerHour) throw new AppError('TICKET_UPLOADS_TOO_MANY');
    const row = await trx
      .insertInto('ticket_attachments')
      .values({
        user_id: userId,
        content_type: type,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        bytes,
        created_at: now,
      })
      .returning(['id', 'content_type', 'size'])
      .executeTakeFirstOrThrow();
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
 * Attaches the member's uploads to a ticket (and a reply), in the transaction that writes them. An id
 * that is unknown, another member's, already attached or expired is refused, and nothing is attached.
 */
export async function claimUploads(
  trx: Executor,
  input: { userId: string; ids: readonly string[]; ticketId: string; messageId: string | null; now: Date },
): Promise<void> {
  if (input.ids.length === 0) return;
  const claimed = await trx
    .updateTable('ticket_attachments')
    .set({ ticket_id: input.ticketId, message_id: input.messageId, attached_at: input.now })
    .where('id', 'in', [...input.ids])
    .where('user_id', '=', input.userId)
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
 * One screenshot's bytes: to the member who uploaded it (`userId`), or to an operator (`null`) once it
 * belongs to a ticket. Anyone else is told it does not exist.
 */
export async function readAttachment(db: Executor, id: string, userId: string | null) {
  let query = db.selectFrom('ticket_attachments').select(['content_type', 'bytes']).where('id', '=', id);
  query = userId === null ? query.where('ticket_id', 'is not', null) : query.where('user_id', '=', userId);
  const row = await query.executeTakeFirst();
  if (!row) throw new AppError('TICKET_ATTACHMENT_NOT_FOUND');
  return row;
}
