import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { openDatabase } from './database';
import { startEmbeddedPostgres } from './embedded';
import { migrateToLatest } from './migrate';

/** `npm run migrate`: applies pending migrations to DATABASE_URL, or to the embedded database. */
const config = loadConfig();
const log = createLogger(config.LOG_LEVEL);
const embedded = config.DATABASE_URL
  ? undefined
  : await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT, database: 'wallet', log: () => {} });
const database = openDatabase(config.DATABASE_URL ?? (embedded?.url as string), 2);
try {
  const applied = await migrateToLatest(database.db);
  log.info({ applied }, applied.length ? 'migrations applied' : 'database schema up to date');
} finally {
  await database.close();
  await embedded?.stop();
}
