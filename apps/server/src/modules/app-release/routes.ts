import { appReleaseCheckQuerySchema, appReleaseCheckReplySchema, errorReplySchema } from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import vary from 'vary';
import { type AppReleaseDeps, checkForUpdate } from './service';

/**
 * The update check, without login (PRODUCT_SPEC.md section 5: app-update calls are unauthenticated).
 * Every installed app asks it at start, so a short public cache keeps it cheap; the reply depends on
 * the language asked for.
 */
export const appReleaseRoutes: FastifyPluginAsyncZod<{ deps: AppReleaseDeps }> = async (app, { deps }) => {
  app.get(
    '/api/v1/app/release',
    {
      schema: {
        tags: ['app'],
        summary: 'The newest app release, its notes in your language, and whether your version must update',
        querystring: appReleaseCheckQuerySchema,
        response: { 200: appReleaseCheckReplySchema, '4xx': errorReplySchema },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      reply
        .header('cache-control', 'public, max-age=60')
        .header('vary', vary.append(String(reply.getHeader('vary') ?? ''), 'accept-language'));
      return checkForUpdate(deps, request.query.version, request.language);
    },
  );
};
