import multipart from '@fastify/multipart';
import {
  errorReplySchema,
  TICKET_LIMITS,
  ticketAttachmentSchema,
  ticketCreateBodySchema,
  ticketListQuerySchema,
  ticketListReplySchema,
  ticketRatingBodySchema,
  ticketReplyBodySchema,
  ticketSchema,
} from '@wallet/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { idempotencyKey } from '../../platform/idempotency';
import { requireSession, signedIn } from '../auth/sessions';
import { readAttachment, saveUpload } from './attachments';
import { createTicket, getTicket, listTickets, rateTicket, replyAsMember, type TicketDeps } from './service';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
const tags = ['tickets'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });
const me = (request: FastifyRequest) => signedIn(request).userId;

/**
 * A screenshot as the browser shows it: private (never cached by a proxy or the browser), the stored
 * type and no sniffing another, shown in place rather than downloaded.
 */
export function sendAttachment(reply: FastifyReply, attachment: { content_type: string; bytes: Buffer }) {
  return reply
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .type(attachment.content_type)
    .send(attachment.bytes);
}

const MALFORMED_MULTIPART = /^(Unexpected end of (form|multipart data)|Malformed part header|Multipart: )/;

/** The one file of a multipart upload, at most TICKET_LIMITS.attachmentMaxBytes. */
export async function uploadedFile(app: FastifyInstance, request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('TICKET_ATTACHMENT_MISSING');
  // Without a boundary the parts cannot be told apart: the parser would fail on the request's form, not ours.
  if (!/;\s*boundary=("[^"]+"|[^;\s]+)/i.test(request.headers['content-type'] ?? '')) throw new AppError('BAD_REQUEST');
  try {
    const file = await request.file({ limits: { fileSize: TICKET_LIMITS.attachmentMaxBytes, files: 1, fields: 4, parts: 5 } });
    if (!file) throw new AppError('TICKET_ATTACHMENT_MISSING');
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw new AppError('TICKET_ATTACHMENT_TOO_LARGE');
    if (error instanceof app.multipartErrors.FilesLimitError) throw new AppError('TICKET_ATTACHMENTS_TOO_MANY');
    // The multipart parser's refusals of a body that is cut short or not multipart at all.
    if (error instanceof Error && MALFORMED_MULTIPART.test(error.message)) throw new AppError('BAD_REQUEST');
    throw error;
  }
}

/** The member's support tickets (workOrder pages): screenshots, tickets, replies, ratings. */
export const ticketRoutes: FastifyPluginAsyncZod<{ deps: TicketDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireSession(deps.db, deps.clock));
  await app.register(multipart, { throwFileSizeLimit: true });

  app.post(
    '/api/v1/tickets/attachments',
    {
      schema: {
        tags,
        security,
        summary: 'Upload one screenshot (multipart, field "file"): JPEG, PNG or WebP, 2 MB at most',
        description:
          'The type is read from the content, not from the declared type. The upload is unattached until a ticket or reply names its id; unattached uploads are deleted after a day.',
        consumes: ['multipart/form-data'],
        response: { 200: ticketAttachmentSchema, ...errors },
      },
    },
    async (request) => saveUpload(deps, me(request), await uploadedFile(app, request)),
  );

  app.get(
    '/api/v1/tickets/attachments/:id',
    {
      schema: {
        tags,
        security,
        summary: "A screenshot of mine or of my tickets (an operator's too); only to me and operators",
        params: idParams,
      },
    },
    async (request, reply) => sendAttachment(reply, await readAttachment(deps.db, request.params.id, { userId: me(request) })),
  );

  app.post(
    '/api/v1/tickets',
    {
      schema: {
        tags,
        security,
        summary: 'Open a ticket with uploaded screenshots',
        description: 'A retry with the same Idempotency-Key returns the same ticket.',
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: ticketCreateBodySchema,
        response: { 200: ticketSchema, ...errors },
      },
    },
    async (request) => createTicket(deps, me(request), request.body, idempotencyKey(request)),
  );

  app.get(
    '/api/v1/tickets',
    {
      schema: {
        tags,
        security,
        summary: 'My tickets, newest first',
        querystring: ticketListQuerySchema,
        response: { 200: ticketListReplySchema, ...errors },
      },
    },
    async (request) => listTickets(deps, me(request), request.query.cursor, request.query.limit),
  );

  app.get(
    '/api/v1/tickets/:id',
    { schema: { tags, security, summary: 'One ticket with its replies', params: idParams, response: { 200: ticketSchema, ...errors } } },
    async (request) => getTicket(deps, me(request), request.params.id),
  );

  app.post(
    '/api/v1/tickets/:id/messages',
    {
      schema: {
        tags,
        security,
        summary: 'Reply in the thread while the ticket is processing',
        params: idParams,
        body: ticketReplyBodySchema,
        response: { 200: ticketSchema, ...errors },
      },
    },
    async (request) => replyAsMember(deps, me(request), request.params.id, request.body),
  );

  app.post(
    '/api/v1/tickets/:id/rating',
    {
      schema: {
        tags,
        security,
        summary: 'Rate the answer of a completed ticket (once)',
        params: idParams,
        body: ticketRatingBodySchema,
        response: { 200: ticketSchema, ...errors },
      },
    },
    async (request) => rateTicket(deps, me(request), request.params.id, request.body),
  );
};
