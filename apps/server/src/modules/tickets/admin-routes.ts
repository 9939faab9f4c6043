import multipart from '@fastify/multipart';
import {
  adminTicketListQuerySchema,
  adminTicketListReplySchema,
  adminTicketReplyBodySchema,
  adminTicketSchema,
  errorReplySchema,
  ticketAttachmentSchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorOf } from '../operators/context';
import { readAttachment, saveOperatorUpload } from './attachments';
import { sendAttachment, uploadedFile } from './routes';
import { assignToMe, closeTicket, listForOperators, replyAsOperator, type TicketDeps, ticketForOperators } from './service';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
const tags = ['admin'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });

/** The support desk of the operator console: tickets by status and assignee, assigning, replies with screenshots, completing. */
export const ticketAdminRoutes: FastifyPluginAsyncZod<{ deps: TicketDeps }> = async (app, { deps }) => {
  await app.register(multipart, { throwFileSizeLimit: true });

  app.get(
    '/api/v1/admin/tickets',
    {
      config: { permission: 'tickets.read' },
      schema: {
        tags,
        security,
        summary: 'Tickets by status (processing unless asked), newest first; assigned=me|none narrows by who took them',
        querystring: adminTicketListQuerySchema,
        response: { 200: adminTicketListReplySchema, ...errors },
      },
    },
    async (request) => listForOperators(deps, operatorOf(request), request.query),
  );

  app.get(
    '/api/v1/admin/tickets/:id',
    {
      config: { permission: 'tickets.read' },
      schema: {
        tags,
        security,
        summary: 'One ticket with its replies, screenshots and member',
        params: idParams,
        response: { 200: adminTicketSchema, ...errors },
      },
    },
    async (request) => ticketForOperators(deps, request.params.id),
  );

  app.post(
    '/api/v1/admin/tickets/:id/messages',
    {
      config: { permission: 'tickets.reply' },
      schema: {
        tags,
        security,
        summary: 'Reply to the member (notified, and live on their screen); audited',
        params: idParams,
        body: adminTicketReplyBodySchema,
        response: { 200: adminTicketSchema, ...errors },
      },
    },
    async (request) => replyAsOperator(deps, operatorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/v1/admin/tickets/:id/assign',
    {
      config: { permission: 'tickets.reply' },
      schema: {
        tags,
        security,
        summary: 'Assign the ticket to me (also from another operator); audited',
        params: idParams,
        response: { 200: adminTicketSchema, ...errors },
      },
    },
    async (request) => assignToMe(deps, operatorOf(request), request.params.id),
  );

  app.post(
    '/api/v1/admin/tickets/:id/attachments',
    {
      config: { permission: 'tickets.reply' },
      schema: {
        tags,
        security,
        summary: 'Upload one screenshot for a reply (multipart, field "file"): JPEG, PNG or WebP, 2 MB at most; audited',
        description: "As a member's upload: the type is read from the content; unattached until a reply names its id, deleted after a day.",
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: ticketAttachmentSchema, ...errors },
      },
    },
    async (request) => saveOperatorUpload(deps, operatorOf(request), request.params.id, await uploadedFile(app, request)),
  );

  app.post(
    '/api/v1/admin/tickets/:id/close',
    {
      config: { permission: 'tickets.reply' },
      schema: {
        tags,
        security,
        summary: 'Complete a ticket: no more replies, the member may rate it; audited',
        params: idParams,
        response: { 200: adminTicketSchema, ...errors },
      },
    },
    async (request) => closeTicket(deps, operatorOf(request), request.params.id),
  );

  app.get(
    '/api/v1/admin/tickets/attachments/:id',
    { config: { permission: 'tickets.read' }, schema: { tags, security, summary: 'A screenshot of a ticket', params: idParams } },
    async (request, reply) =>
      sendAttachment(reply, await readAttachment(deps.db, request.params.id, { operatorId: operatorOf(request).operatorId })),
  );
};
