import {
  adminTicketListQuerySchema,
  adminTicketListReplySchema,
  adminTicketReplyBodySchema,
  adminTicketSchema,
  errorReplySchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorOf } from '../operators/context';
import { readAttachment } from './attachments';
import { sendAttachment } from './routes';
import { closeTicket, listForOperators, replyAsOperator, type TicketDeps, ticketForOperators } from './service';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
const tags = ['admin'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });

/** The support desk (API only until the operator console): tickets by status, replies, completing, screenshots. */
export const ticketAdminRoutes: FastifyPluginAsyncZod<{ deps: TicketDeps }> = async (app, { deps }) => {
  app.get(
    '/api/v1/admin/tickets',
    {
      config: { permission: 'tickets.read' },
      schema: {
        tags,
        security,
        summary: 'Tickets by status (processing unless asked), newest first',
        querystring: adminTicketListQuerySchema,
        response: { 200: adminTicketListReplySchema, ...errors },
      },
    },
    async (request) => listForOperators(deps, request.query.status, request.query.cursor, request.query.limit),
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
    async (request) => replyAsOperator(deps, operatorOf(request), request.params.id, request.body.body),
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
    async (request, reply) => sendAttachment(reply, await readAttachment(deps.db, request.params.id, null)),
  );
};
