import { errorReplySchema, healthReplySchema, metaReplySchema, readyReplySchema } from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import { checkReadiness, describeService } from './service';

export const systemRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.get(
    '/healthz',
    { schema: { tags: ['system'], summary: 'The process is alive', response: { 200: healthReplySchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        summary: 'The database answers and every migration is applied',
        response: { 200: readyReplySchema, 503: readyReplySchema },
      },
    },
    async (_request, reply) => {
      const readiness = await checkReadiness(db);
      return reply.status(readiness.status === 'ready' ? 200 : 503).send(readiness);
    },
  );

  const meta = describeService(config);
  app.get(
    '/api/v1/meta',
    {
      schema: {
        tags: ['system'],
        summary: 'Versions, languages, currencies, networks and servers',
        response: { 200: metaReplySchema, '4xx': errorReplySchema },
      },
    },
    async () => meta,
  );
};
