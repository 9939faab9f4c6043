import {
  consoleApplicationApproveBodySchema,
  consoleApplicationListSchema,
  consoleApplicationQuerySchema,
  consoleApplicationRejectBodySchema,
  consoleApplicationReplySchema,
  consoleFourEyesReplySchema,
  consoleNodeHolderListSchema,
  consoleNodeHolderQuerySchema,
  errorReplySchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorOf } from '../../operators/context';
import * as nodes from './service';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
const tags = ['admin'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });

/** Large-node applications and node holders in the console (issue 44). */
export const nodeAdminRoutes: FastifyPluginAsyncZod<{ deps: nodes.NodesConsoleDeps }> = async (app, { deps }) => {
  app.get(
    '/api/v1/admin/nodes/applications',
    {
      config: { permission: 'nodes.read' },
      schema: {
        tags,
        security,
        summary: 'Large-node applications, newest first, with the approval request waiting on each',
        querystring: consoleApplicationQuerySchema,
        response: { 200: consoleApplicationListSchema, ...errors },
      },
    },
    async (request) => nodes.listApplications(deps, operatorOf(request), request.query),
  );

  app.post(
    '/api/v1/admin/nodes/applications/:id/approve',
    {
      config: { permission: 'nodes.applications' },
      schema: {
        tags,
        security,
        summary: 'Ask a second operator to approve: the hold settles to the node desk and one large node is granted',
        params: idParams,
        headers: z.object({
          'idempotency-key': z
            .string()
            .regex(/^[A-Za-z0-9_.:-]{8,128}$/)
            .optional()
            .describe('Optional: the same key asks once, and a repeat answers with the request already made'),
        }),
        body: consoleApplicationApproveBodySchema,
        response: { 202: consoleFourEyesReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const asked = await nodes.requestApproval(deps, operatorOf(request), request.params.id, request.body.note, key, () =>
        reply.header('idempotency-hit', 'true'),
      );
      return reply.code(202).send(asked);
    },
  );

  app.post(
    '/api/v1/admin/nodes/applications/:id/reject',
    {
      config: { permission: 'nodes.applications' },
      schema: {
        tags,
        security,
        summary: 'Reject with a reason the member sees; the hold is returned whole',
        params: idParams,
        body: consoleApplicationRejectBodySchema,
        response: { 200: consoleApplicationReplySchema, ...errors },
      },
    },
    async (request) => nodes.reject(deps, operatorOf(request), request.params.id, request.body.reason),
  );

  app.get(
    '/api/v1/admin/nodes/holders',
    {
      config: { permission: 'nodes.read' },
      schema: {
        tags,
        security,
        summary: 'Members holding nodes, most large nodes first, with the totals',
        querystring: consoleNodeHolderQuerySchema,
        response: { 200: consoleNodeHolderListSchema, ...errors },
      },
    },
    async (request) => nodes.holders(deps, request.query),
  );
};
