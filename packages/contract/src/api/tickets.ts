import { z } from 'zod';
import { safeMultiline } from '../safe-text';

/*
 * Support tickets (work orders, PRODUCT_SPEC.md sections 3-4, workOrder/index): a member opens one
 * with a type, a description, screenshots and an optional order or record number; it is processing
 * until an operator completes it. Member and operator write a thread of replies; the member rates
 * the answer once it is completed. Screenshots are uploaded one by one first (POST
 * /api/v1/tickets/attachments, multipart field "file") and then named by id when the ticket or a reply
 * is sent. Refusals are error codes of TICKET_ERRORS.
 */

export const TICKET_TYPES = ['deposit', 'withdrawal', 'transfer', 'exchange', 'card', 'flash_exchange', 'account', 'other'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];

export const TICKET_STATUSES = ['processing', 'completed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_AUTHORS = ['member', 'operator'] as const;
export type TicketAuthor = (typeof TICKET_AUTHORS)[number];

/** The rules of tickets, shared by the server's checks and the app's form. */
export const TICKET_LIMITS = {
  descriptionMin: 10,
  descriptionMax: 2000,
  referenceMax: 64,
  messageMax: 2000,
  ratingCommentMax: 500,
  /** Screenshots per ticket when it is opened, and per reply. */
  attachmentsPerPost: 4,
  /** Bytes per screenshot, as uploaded (after the app has compressed it). */
  attachmentMaxBytes: 2 * 1024 * 1024,
  attachmentTypes: ['image/jpeg', 'image/png', 'image/webp'],
  /** Tickets a member may have processing at once. */
  openPerMember: 10,
  /** Screenshots a member may upload in any hour. */
  uploadsPerHour: 30,
  /** Uploads never attached to a ticket or reply are deleted after this long. */
  unattachedHours: 24,
} as const;

export const ticketTypeSchema = z.enum(TICKET_TYPES, { error: 'TICKET_TYPE_INVALID' });
export const ticketStatusSchema = z.enum(TICKET_STATUSES);

// Visible ASCII and spaces: order ids, record numbers, transaction hashes.
const PRINTABLE = /^[\x20-\x7E]*$/;

export const ticketAttachmentIdsSchema = z
  .array(z.uuid('TICKET_ATTACHMENT_UNAVAILABLE'))
  .max(TICKET_LIMITS.attachmentsPerPost, 'TICKET_ATTACHMENTS_TOO_MANY')
  .refine((ids) => new Set(ids).size === ids.length, 'TICKET_ATTACHMENT_UNAVAILABLE');

export const ticketDescriptionSchema = safeMultiline(TICKET_LIMITS.descriptionMax, {
  tooLong: 'TICKET_DESCRIPTION_LENGTH',
  notText: 'TICKET_DESCRIPTION_LENGTH',
}).min(TICKET_LIMITS.descriptionMin, 'TICKET_DESCRIPTION_LENGTH');

export const ticketReferenceSchema = z
  .string('TICKET_REFERENCE_INVALID')
  .trim()
  .max(TICKET_LIMITS.referenceMax, 'TICKET_REFERENCE_INVALID')
  .regex(PRINTABLE, 'TICKET_REFERENCE_INVALID');

export const ticketMessageBodySchema = safeMultiline(TICKET_LIMITS.messageMax, {
  tooLong: 'TICKET_MESSAGE_LENGTH',
  notText: 'TICKET_MESSAGE_LENGTH',
}).min(1, 'TICKET_MESSAGE_LENGTH');

/** Opening a ticket; send an Idempotency-Key: a retry with the same key returns the same ticket. */
export const ticketCreateBodySchema = z
  .object({
    type: ticketTypeSchema,
    description: ticketDescriptionSchema,
    /** An order or record number the ticket is about; blank means none. */
    reference: ticketReferenceSchema.optional(),
    attachmentIds: ticketAttachmentIdsSchema.optional(),
  })
  .meta({ id: 'TicketCreateBody' });
export type TicketCreateBody = z.infer<typeof ticketCreateBodySchema>;

export const ticketReplyBodySchema = z
  .object({ body: ticketMessageBodySchema, attachmentIds: ticketAttachmentIdsSchema.optional() })
  .meta({ id: 'TicketReplyBody' });
export type TicketReplyBody = z.infer<typeof ticketReplyBodySchema>;

export const ticketRatingBodySchema = z
  .object({
    rating: z.number('TICKET_RATING_INVALID').int('TICKET_RATING_INVALID').min(1, 'TICKET_RATING_INVALID').max(5, 'TICKET_RATING_INVALID'),
    comment: safeMultiline(TICKET_LIMITS.ratingCommentMax, { tooLong: 'TICKET_RATING_COMMENT_LENGTH' }).optional(),
  })
  .meta({ id: 'TicketRatingBody' });
export type TicketRatingBody = z.infer<typeof ticketRatingBodySchema>;

export const ticketAttachmentSchema = z
  .object({ id: z.uuid(), contentType: z.enum(TICKET_LIMITS.attachmentTypes), size: z.number().int() })
  .meta({ id: 'TicketAttachment' });
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

export const ticketMessageSchema = z
  .object({
    id: z.string(),
    author: z.enum(TICKET_AUTHORS),
    body: z.string(),
    createdAt: z.string(),
    attachments: z.array(ticketAttachmentSchema),
  })
  .meta({ id: 'TicketMessage' });
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketSchema = z
  .object({
    id: z.uuid(),
    /** Human-readable and unique: the day it was opened and a sequence, e.g. 20261122-000042. */
    number: z.string(),
    /**
     * The UTC offset (e.g. +08:00) of the day in the number; the app shows the ticket's times in it,
     * with the offset, so the number and the dates beside it agree.
     */
    timeZone: z.string(),
    type: ticketTypeSchema,
    status: ticketStatusSchema,
    description: z.string(),
    reference: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    completedAt: z.string().nullable(),
    /** Screenshots sent with the ticket itself; those of replies are on the replies. */
    attachments: z.array(ticketAttachmentSchema),
    messages: z.array(ticketMessageSchema),
    rating: z.object({ score: z.number().int(), comment: z.string().nullable(), ratedAt: z.string() }).nullable(),
  })
  .meta({ id: 'Ticket' });
export type Ticket = z.infer<typeof ticketSchema>;

/** A ticket as lists show it: the start of its description, and who wrote last. */
export const ticketSummarySchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    timeZone: z.string().describe('The UTC offset of the day in the number, which the times are shown in'),
    type: ticketTypeSchema,
    status: ticketStatusSchema,
    excerpt: z.string(),
    reference: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Who wrote the newest reply, or null when nobody has replied yet. */
    lastReplyBy: z.enum(TICKET_AUTHORS).nullable(),
  })
  .meta({ id: 'TicketSummary' });
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const ticketListQuerySchema = z.object({
  cursor: z
    .string()
    .max(200)
    .regex(/^[\x20-\x7E]*$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const ticketListReplySchema = z
  .object({ tickets: z.array(ticketSummarySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'TicketList' });
export type TicketListReply = z.infer<typeof ticketListReplySchema>;

/** The operator a ticket is assigned to ("assign to me"), or null while nobody has taken it. */
export const ticketAssigneeSchema = z.object({ id: z.uuid(), email: z.string() }).nullable();

/**
 * Operators (admin API): tickets by status, newest first, with the member they belong to and who has
 * taken them; `assigned` narrows to the caller's tickets (me) or those nobody has taken (none).
 */
export const adminTicketListQuerySchema = ticketListQuerySchema.extend({
  status: ticketStatusSchema.default('processing'),
  assigned: z.enum(['me', 'none']).optional(),
});
export const adminTicketSummarySchema = ticketSummarySchema
  .extend({ memberUid: z.string(), assignedTo: ticketAssigneeSchema })
  .meta({ id: 'AdminTicketSummary' });
export const adminTicketListReplySchema = z
  .object({ tickets: z.array(adminTicketSummarySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'AdminTicketList' });
export const adminTicketSchema = ticketSchema
  .extend({ memberUid: z.string(), memberEmail: z.string(), assignedTo: ticketAssigneeSchema })
  .meta({ id: 'AdminTicket' });
export type AdminTicket = z.infer<typeof adminTicketSchema>;
/** An operator's reply, with screenshots uploaded first (POST admin/tickets/:id/attachments), as many as a member's. */
export const adminTicketReplyBodySchema = z
  .object({ body: ticketMessageBodySchema, attachmentIds: ticketAttachmentIdsSchema.optional() })
  .meta({ id: 'AdminTicketReplyBody' });
export type AdminTicketReplyBody = z.infer<typeof adminTicketReplyBodySchema>;
