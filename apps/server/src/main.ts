import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './platform/config';
import { openDatabase } from './platform/db/database';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './platform/db/embedded';
import { migrateToLatest } from './platform/db/migrate';
import { startJobs, stopJobs } from './platform/jobs';
import { createLogger } from './platform/logger';

/**
 * Starts the whole server: database (external or embedded), migrations, job queue, HTTP.
 * On SIGTERM or SIGINT it stops in the reverse order, letting requests and jobs in flight finish.
 */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.LOG_LEVEL);

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    log.info({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT }, 'DATABASE_URL not set: starting embedded PostgreSQL');
    embedded = await startEmbeddedPostgres({
      dataDir: config.DATA_DIR,
      port: config.EMBEDDED_PG_PORT,
      database: 'wallet',
      log: (message) => log.debug({ component: 'embedded-postgres' }, message),
    });
    databaseUrl = embedded.url;
  }

  const database = openDatabase(databaseUrl, config.DATABASE_POOL_MAX);
  const applied = await migrateToLatest(database.db);
  log.info({ applied }, applied.length ? 'migrations applied' : 'database schema up to date');
  const jobs = await startJobs(databaseUrl, log);
  const app = await buildApp({ config, database, jobs, logger: log });

  closeWithGrace({ delay: config.SHUTDOWN_TIMEOUT_MS }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'shutting down after an error');
    else log.info({ signal }, 'shutting down');
    await app.close();
    await stopJobs(jobs, config.SHUTDOWN_TIMEOUT_MS / 2);
    await database.close();
    await embedded?.stop();
    log.info('stopped');
  });

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
