import { auditListReplySchema, auditQuerySchema, auditVerifyReplySchema, errorReplySchema } from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db/database';
import { verifyAuditChain } from '../operators/audit-chain';
import { exportAuditCsv, listAudit } from './service';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
const tags = ['admin'];
const security = [{ bearer: [] }];

/** The audit log viewer's API: entries, the chain's verdict, and a CSV export of the same filters. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/v1/admin/audit',
    {
      config: { permission: 'audit.read' },
      schema: {
        tags,
        security,
        summary: 'Operator audit entries, newest first',
        querystring: auditQuerySchema,
        response: { 200: auditListReplySchema, ...errors },
      },
    },
    async (request) => listAudit(db, request.query),
  );

  app.get(
    '/api/v1/admin/audit/verify',
    {
      config: { permission: 'audit.read' },
      schema: {
        tags,
        security,
        summary: 'Recompute the hash chain: intact, or where it breaks',
        response: { 200: auditVerifyReplySchema, ...errors },
      },
    },
    async () => {
      const verdict = await verifyAuditChain(db);
      return verdict.intact
        ? { intact: true, entries: verdict.entries }
        : { intact: false, entries: verdict.entries, brokenAt: verdict.brokenAt, why: verdict.why };
    },
  );

  app.get(
    '/api/v1/admin/audit/export.csv',
    {
      config: { permission: 'audit.read' },
      schema: {
        tags,
        security,
        summary: 'The filtered audit entries as CSV',
        querystring: auditQuerySchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { page: _page, pageSize: _pageSize, ...filters } = request.query;
      const csv = await exportAuditCsv(db, filters);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="operator-audit.csv"')
        .send(csv);
    },
  );
};
