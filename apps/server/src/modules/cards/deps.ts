import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { AuthDeps } from '../auth/service';
import type { IssuerClient } from './issuer/client';

export interface CardDeps extends AuthDeps {
  issuer: IssuerClient;
  /** The job queue; without it (some tests) background work runs in-process right away. */
  jobs: PgBoss | null;
  log: FastifyBaseLogger;
}
