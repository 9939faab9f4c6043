import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database';
import { auditRoutes } from './routes';

/** The audit module for app.ts: the operators' audit log, read, verified and exported (ADR 0034). */
export async function registerAudit(app: FastifyInstance, options: { db: Db }): Promise<void> {
  await app.register(auditRoutes, options);
}
