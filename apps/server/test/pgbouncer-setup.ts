import type { TestProject } from 'vitest/node';
import { startTestPostgres } from './global-setup';
import { startPgBouncer } from './pgbouncer';

/**
 * The server's API suite again, through PgBouncer in transaction mode (ADR 0016): each test file's
 * database reached through it, as DATABASE_URL would be in production, and PostgreSQL itself as
 * DATABASE_DIRECT_URL for what keeps a session (LISTEN, the withdrawal sender's lock).
 */
export default async function setup(project: TestProject) {
  const postgres = await startTestPostgres();
  const bouncer = await startPgBouncer(postgres.url);
  project.provide('adminDatabaseUrl', bouncer.url);
  project.provide('directAdminDatabaseUrl', postgres.url);
  return async () => {
    await bouncer.stop();
    await postgres.stop();
  };
}
