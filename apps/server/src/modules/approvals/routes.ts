import {
  approvalDetailReplySchema,
  approvalListQuerySchema,
  approvalListReplySchema,
  approvalRejectBodySchema,
  approvalReplySchema,
  approveBodySchema,
  errorReplySchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorOf } from '../operators/context';
import type { Approvals } from './service';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
const tags = ['admin'];
const security = [{ bearer: [] }];

/**
 * The approval queue. Every operator may read it (the maker follows their own request, the checker
 * finds what waits); deciding needs the kind's own permission, checked by the service per request.
 */
export const approvalRoutes: FastifyPluginAsyncZod<{ approvals: Approvals }> = async (app, { approvals }) => {
  app.get(
    '/api/v1/admin/approvals',
    {
      config: { permission: 'approvals.read' },
      schema: {
        tags,
        security,
        summary: 'Approval requests, newest first',
        querystring: approvalListQuerySchema,
        response: { 200: approvalListReplySchema, ...errors },
      },
    },
    async (request) => approvals.list(operatorOf(request), request.query),
  );

  app.get(
    '/api/v1/admin/approvals/:id',
    {
      config: { permission: 'approvals.read' },
      schema: {
        tags,
        security,
        summary: 'An approval request, with the ledger postings approving it would make',
        params: z.object({ id: z.uuid() }),
        response: { 200: approvalDetailReplySchema, ...errors },
      },
    },
    async (request) => approvals.detail(operatorOf(request), request.params.id),
  );

  app.post(
    '/api/v1/admin/approvals/:id/approve',
    {
      config: { permission: 'approvals.read' },
      schema: {
        tags,
        security,
        summary: 'Approve a request made by another operator: its stored payload runs once',
        params: z.object({ id: z.uuid() }),
        body: approveBodySchema,
        response: { 200: approvalReplySchema, ...errors },
      },
    },
    async (request) => ({ approval: await approvals.approve(operatorOf(request), request.params.id, request.body.payloadHash) }),
  );

  app.post(
    '/api/v1/admin/approvals/:id/reject',
    {
      config: { permission: 'approvals.read' },
      schema: {
        tags,
        security,
        summary: 'Reject a request made by another operator, with a reason',
        params: z.object({ id: z.uuid() }),
        body: approvalRejectBodySchema,
        response: { 200: approvalReplySchema, ...errors },
      },
    },
    async (request) => ({ approval: await approvals.reject(operatorOf(request), request.params.id, request.body.reason) }),
  );
};
