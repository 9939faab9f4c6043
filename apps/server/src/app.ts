import type { FastifyBaseLogger } from 'fastify';
import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type PgBoss from 'pg-boss';
import { systemRoutes } from './modules/system/routes';
import type { Config } from './platform/config';
import type { DatabaseHandle } from './platform/db/database';
import { registerErrorHandling } from './platform/errors';
import { registerLanguage } from './platform/language';
import { requestIdOptions } from './platform/logger';
import { registerMetrics } from './platform/metrics';
import { registerOpenApi } from './platform/openapi';
import { registerConnectionDraining } from './platform/shutdown';
import { validatorCompiler } from './platform/validation';
import { registerWebApp } from './platform/web-app';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  jobs?: PgBoss;
  logger: FastifyBaseLogger;
}

/**
 * Builds the HTTP app in a fixed order: cross-cutting request handling, observability and docs
 * (which must see every route), then the domain modules, then the web app in production.
 * The caller owns the database and the job queue and closes them after the app.
 */
export async function buildApp({ config, database, logger }: AppDeps) {
  const app = Fastify({
    loggerInstance: logger,
    ...requestIdOptions,
    bodyLimit: 1024 * 1024,
    connectionTimeout: 65_000,
    trustProxy: config.NODE_ENV === 'production' ? 'loopback' : false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerLanguage(app);
  registerConnectionDraining(app);
  registerErrorHandling(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerMetrics(app, database.pool);
  await registerOpenApi(app);

  await app.register(systemRoutes, { db: database.db, config });

  if (config.NODE_ENV === 'production') await registerWebApp(app, config.WEB_DIST_DIR);
  return app;
}
