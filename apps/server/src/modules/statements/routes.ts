import { Readable } from 'node:stream';
import { errorReplySchema, statementQuerySchema } from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession, signedIn } from '../auth/sessions';
import { csvLines } from './csv';
import { buildStatement, type StatementDeps } from './service';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };

/**
 * Statements as files. The session travels in the Authorization header like every other call (the
 * web app fetches the file and saves it), so no token ever appears in a link.
 */
export const statementRoutes: FastifyPluginAsyncZod<{ deps: StatementDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireSession(deps.db, deps.clock));

  app.get(
    '/api/v1/me/statements',
    {
      // A long PDF is seconds of work: enough for a member trying periods and formats, not for a loop.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['wallet'],
        security: [{ bearer: [] }],
        summary: 'My statement for a period, as CSV or PDF, in my language',
        description:
          'The wallet (all currencies, or one) or one card. CSV: UTF-8 with a byte order mark, one line per record, amounts as the ledger keeps them. PDF: A4 with opening and closing balances per currency. At most 366 days and 20,000 records.',
        querystring: statementQuerySchema,
        produces: ['text/csv', 'application/pdf'],
        response: { 200: z.unknown().describe('The statement file (text/csv or application/pdf)'), ...errors },
      },
    },
    async (request, reply) => {
      const statement = await buildStatement(deps, signedIn(request).userId, request.query, request.language);
      reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${statement.fileName}"`);
      if (request.query.format === 'csv') {
        return reply.type('text/csv; charset=utf-8').send(Readable.from(csvLines(statement.rows, statement.language, statement.zone)));
      }
      // pdfkit and its fonts load with the first PDF asked for, not at start-up: most servers never make one.
      const { statementPdf } = await import('./pdf');
      return reply.type('application/pdf').send(statementPdf(statement));
    },
  );
};
