import type { DevChain } from '@wallet/devchain';
import { buildApp } from './app';
import { paymentPinsFrom } from './modules/auth/payment-pins';
import { startSandboxIfWanted } from './modules/cards/issuer/sandbox';
import { startChainJobs } from './modules/chain/jobs';
import { forgetLocalChainCheckpoint, recordLocalChainEpochs, startLocalChain } from './modules/chain/local-chain';
import { startFriendCardActivity } from './modules/demo/friend-card';
import { seedPlacementDemo } from './modules/demo/placement-demo';
import { seedDemoData } from './modules/demo/seed';
import { startDevelopmentOperators } from './modules/operators/dev-operators';
import { startPayoutSandboxIfWanted } from './modules/payout/sandbox';
import { ConfigError, loadConfig } from './platform/config';
import { openDatabase } from './platform/db/database';
import { startEmbeddedPostgres } from './platform/db/embedded';
import { migrateToLatest } from './platform/db/migrate';
import { onShutdown } from './platform/graceful-exit';
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
  // Registered before anything starts, so a signal during start-up still stops what has started.
  const started: Array<() => Promise<void>> = [];
  onShutdown(log, config.SHUTDOWN_TIMEOUT_MS, async () => {
    for (const stop of started.reverse()) await stop();
  });

  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    log.info({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT }, 'DATABASE_URL not set: starting embedded PostgreSQL');
    const embedded = await startEmbeddedPostgres({
      dataDir: config.DATA_DIR,
      port: config.EMBEDDED_PG_PORT,
      database: 'wallet',
      log: (message) => log.debug({ component: 'embedded-postgres' }, message),
      notice: (message) => log.warn({ component: 'embedded-postgres' }, message),
    });
    databaseUrl = embedded.url;
    started.push(() => embedded.stop());
  }

  // Sessions (LISTEN, the job queue, session locks) on PostgreSQL itself when DATABASE_URL is a pooler.
  const directUrl = config.DATABASE_URL ? (config.DATABASE_DIRECT_URL ?? databaseUrl) : databaseUrl;
  const database = openDatabase(databaseUrl, config.DATABASE_POOL_MAX, directUrl);
  started.push(() => database.close());
  // Migrations on PostgreSQL itself: behind a pooler in transaction mode two servers starting
  // together both applied the first migration (the migrate test, run through PgBouncer).
  const applied = await migrateOn(directUrl);
  log.info({ applied }, applied.length ? 'migrations applied' : 'database schema up to date');
  if (config.DEMO_DATA) await seedDemoData(database.db, log, paymentPinsFrom(config));
  // Development: the operators a newcomer signs in to the console as (refused in production).
  if (config.NODE_ENV !== 'production') await startDevelopmentOperators(config, database.db, log);
  // The demo round is made by ops@, as the console would: after the development operators exist.
  if (config.DEMO_DATA) await seedPlacementDemo(database.db, log);
  // Development: a local EVM node plays BSC, TRON and ETH (DEVCHAIN=false turns it off; refused in production).
  let devchain: DevChain | undefined;
  if (config.DEVCHAIN) {
    const local = await startLocalChain(config, log);
    devchain = local.devchain;
    config = local.config;
    started.push(() => local.stop());
    await forgetLocalChainCheckpoint(database.db, local.networks);
    // The chain starts afresh, and so do its books: the hot wallet's opening balance at the block reached.
    await recordLocalChainEpochs(database.db, local);
  }
  const jobs = await startJobs(directUrl, log);
  started.push(() => stopJobs(jobs, config.SHUTDOWN_TIMEOUT_MS / 2));
  const sandbox = await startSandboxIfWanted(config, log);
  if (sandbox) started.push(() => sandbox.close());
  const payoutSandbox = await startPayoutSandboxIfWanted(config, log);
  if (payoutSandbox) started.push(() => payoutSandbox.close());
  const app = await buildApp({
    config,
    database,
    jobs,
    logger: log,
    ...sandbox?.appDeps,
    ...(payoutSandbox ? { payoutPartner: payoutSandbox.partner, payoutSandboxUrl: payoutSandbox.sandboxUrl } : {}),
    ...(devchain ? { devchain } : {}),
  });
  started.push(() => app.close());
  const stopChainJobs = await startChainJobs(jobs, app.chain, config.CHAIN_POLL_MS, log);
  started.push(async () => stopChainJobs());

  await app.listen({ port: config.PORT, host: config.HOST });
  // Development: the demo friend's card activity, through the sandbox issuer, whose webhooks need the
  // app listening. In the background: the start never waits for it.
  if (config.DEMO_DATA && sandbox) {
    const friendCard = startFriendCardActivity({ config, db: database.db, jobs, ...sandbox.appDeps, log });
    started.push(() => friendCard.stop());
  }
}

async function migrateOn(url: string): Promise<string[]> {
  const direct = openDatabase(url, 2);
  try {
    return await migrateToLatest(direct.db);
  } finally {
    await direct.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
