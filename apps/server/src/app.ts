import fastifyCookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { DevChain } from '@wallet/devchain';
import type { FastifyBaseLogger } from 'fastify';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type PgBoss from 'pg-boss';
import { registerAddressBook } from './modules/address-book/register';
import { registerAdmin } from './modules/admin/register';
import { registerAppRelease } from './modules/app-release/register';
import { registerApprovals } from './modules/approvals/register';
import { createApprovals } from './modules/approvals/service';
import { registerAudit } from './modules/audit/register';
import { registerAuth } from './modules/auth/register';
import { registerOwnOrigins } from './modules/auth/session-cookie';
import { registerBooks } from './modules/books/register';
import type { BooksSource } from './modules/books/source';
import { chainSource } from './modules/books/sources/chain';
import { issuerSource } from './modules/books/sources/issuer';
import { payoutSource } from './modules/books/sources/payout';
import type { IssuerClient } from './modules/cards/issuer/client';
import { UnconfiguredIssuer } from './modules/cards/issuer/http-issuer';
import { registerCards } from './modules/cards/register';
import { registerChain } from './modules/chain/register';
import { registerConsole } from './modules/console/register';
import { registerHelp } from './modules/help/register';
import { registerDpool } from './modules/nodes/dpool/register';
import { registerNodes } from './modules/nodes/register';
import { LiveHub } from './modules/notifications/live-hub';
import { registerNotifications } from './modules/notifications/register';
import { registerOperatorGuard } from './modules/operators/guard';
import { registerOperators } from './modules/operators/register';
import type { PayoutPartner } from './modules/payout/partner';
import { registerPayout } from './modules/payout/register';
import { registerPlacement } from './modules/placement/register';
import { registerRewards } from './modules/rewards/register';
import { registerStatements } from './modules/statements/register';
import { registerSystem } from './modules/system/register';
import { registerTickets } from './modules/tickets/register';
import { registerWallet } from './modules/wallet/register';
import { ChangeFeed, holdRepliesUntilAnnounced } from './platform/change-feed';
import { type Clock, systemClock } from './platform/clock';
import { registerCompression } from './platform/compression';
import type { Config } from './platform/config';
import { registerConsoleApp } from './platform/console-app';
import { registerCors } from './platform/cors';
import type { DatabaseHandle } from './platform/db/database';
import { devFileRoutes } from './platform/dev-pages';
import { errorModelOptions, registerErrorHandling } from './platform/errors';
import { registerLanguage } from './platform/language';
import { requestIdOptions } from './platform/logger';
import { createMailer } from './platform/mail';
import { registerMetrics } from './platform/metrics';
import { registerOpenApi } from './platform/openapi';
import { attachReadCaches } from './platform/read-caches';
import { logController } from './platform/request-logger';
import { createSecretLimits, startSecretLimitJobs } from './platform/secret-limits';
import { registerSecurityHeaders } from './platform/security-headers';
import { cachingSerializerCompiler } from './platform/shared-replies';
import { registerConnectionDraining } from './platform/shutdown';
import { validatorCompiler } from './platform/validation';
import { registerWebApp, webAppBuilt } from './platform/web-app';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  jobs?: PgBoss;
  /** The card issuer; without it, ISSUER_URL (or none: card calls fail). main.ts passes the sandbox's. */
  issuer?: IssuerClient;
  /** The sandbox issuer's address in development, for the /dev/issuer link. */
  sandboxUrl?: string;
  /** The payout partner; without it, PAYOUT_URL (or none: the desk marks orders by hand). main.ts passes the sandbox's. */
  payoutPartner?: PayoutPartner;
  /** The sandbox payout partner's address in development, for the /dev/payout link. */
  payoutSandboxUrl?: string;
  /** The local chain started by main.ts in development: adds its dev-only faucet page. */
  devchain?: DevChain;
  /** Tests pass a clock they move by hand. */
  clock?: Clock;
  /** What the books reconcile against; by default the chains, the issuer and the partner configured. */
  booksSources?: BooksSource[];
  logger: FastifyBaseLogger;
}

/**
 * Builds the HTTP app in a fixed order: cross-cutting request handling, observability and docs
 * (which must see every route), then the domain modules, then the web app in production.
 * The caller owns the database and the job queue and closes them after the app.
 */
export async function buildApp(deps: AppDeps) {
  const { config, database, logger, clock = systemClock } = deps;
  const app = Fastify({
    loggerInstance: logger,
    ...requestIdOptions,
    logController,
    bodyLimit: 1024 * 1024,
    connectionTimeout: 65_000,
    ...errorModelOptions,
    // Who may say which client a request is from (X-Forwarded-For): request.ip, which every per-address limit keys on.
    trustProxy: trustProxy(config.TRUST_PROXY),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(cachingSerializerCompiler);

  registerLanguage(app);
  app.decorateRequest('auth', null);
  registerConnectionDraining(app);
  registerErrorHandling(app);
  // Set as the request starts, so a reply that fails, or writes the response itself, carries it too.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  await registerSecurityHeaders(app, config.NODE_ENV === 'production');
  await app.register(fastifyCookie);
  await registerCompression(app);
  const metrics = registerMetrics(app, database.pool);
  await registerOpenApi(app);

  await registerCors(app, config.CORS_ORIGINS);
  registerOwnOrigins(app, [config.APP_URL, ...config.CORS_ORIGINS]);
  // One Redis connection for the rate limits and the secret-guessing limits, when a Redis is configured.
  const redis = config.REDIS_URL ? await redisClient(config.REDIS_URL) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'wallet-rl:' } : {}),
  });

  const feed = new ChangeFeed(database.pool, logger, database.directUrl);
  const detachCaches = attachReadCaches(database.db, feed);
  // Several windows of the app per member; more is a client opening streams in a loop.
  const hub = new LiveHub(database.db, logger, { streamsPerMember: 10, heartbeatMs: 25_000 });
  hub.listen(feed);
  await feed.start();
  holdRepliesUntilAnnounced(app, feed);
  app.addHook('preClose', async () => hub.close());
  app.addHook('onClose', async () => {
    detachCaches();
    await feed.stop();
  });

  const db = database.db;
  const mailer = createMailer(config, db, logger);
  const limits = createSecretLimits({ db, clock, redis });
  const jobs = deps.jobs;
  // Before every module: each /api/v1/admin route is checked against the permission table (ADR 0034).
  registerOperatorGuard(app, { db, clock });
  // Four-eyes approvals: one registry per app, on which the modules below define their kinds.
  const approvals = createApprovals({ db, clock });
  await registerApprovals(app, { db, approvals });
  await registerAudit(app, { db });
  await registerOperators(app, { db, clock, config, mailer, limits, logger });
  await registerSystem(app, { db, config });
  await registerAppRelease(app, { db, clock });
  const authDeps = await registerAuth(app, { db, clock, config, mailer, limits, logger });
  await registerNotifications(app, { db, clock, hub });
  const chain = await registerChain(app, { database, clock, config, mailer, logger, devchain: deps.devchain });
  const walletDeps = await registerWallet(app, { authDeps, config, chain, logger, jobs });
  await registerAddressBook(app, { authDeps, config });
  await registerAdmin(app, { walletDeps, approvals });
  if (jobs) await startSecretLimitJobs(jobs, limits);
  const cardDeps = await registerCards(app, { authDeps, config, logger, jobs, issuer: deps.issuer, sandboxUrl: deps.sandboxUrl });
  const payoutDeps = await registerPayout(app, {
    authDeps,
    config,
    logger,
    jobs,
    partner: deps.payoutPartner,
    sandboxUrl: deps.payoutSandboxUrl,
    approvals,
  });
  await registerTickets(app, { db, clock, config });
  await registerHelp(app, { db, clock });
  await registerStatements(app, { db, clock });
  await registerConsole(app, { cardDeps, config });
  await registerRewards(app, { db, clock, config, approvals, jobs, logger });
  await registerPlacement(app, { authDeps });
  await registerNodes(app, { authDeps, approvals });
  await registerDpool(app, { db, clock, approvals, jobs, logger });
  const booksSources = deps.booksSources ?? [
    chainSource({ chain, logger }),
    ...(cardDeps.issuer instanceof UnconfiguredIssuer ? [] : [issuerSource({ db, issuer: cardDeps.issuer })]),
    ...(payoutDeps.partner ? [payoutSource({ db, partner: payoutDeps.partner })] : []),
  ];
  await registerBooks(app, { db, clock, logger, approvals, jobs, metrics, sources: booksSources });
  if (config.NODE_ENV !== 'production') await app.register(devFileRoutes);

  // Production always serves the web app; development does when it has been built (npm start).
  if (config.NODE_ENV === 'production' || webAppBuilt(config.WEB_DIST_DIR))
    await registerWebApp(
      app,
      config.WEB_DIST_DIR,
      Object.values(config.API_SERVERS).flatMap((url) => (url ? [new URL(url).origin] : [])),
    );
  // The operator console likewise, at /console/, unless this server is told to serve none.
  if (config.CONSOLE_DIST_DIR && (config.NODE_ENV === 'production' || webAppBuilt(config.CONSOLE_DIST_DIR)))
    await registerConsoleApp(app, config.CONSOLE_DIST_DIR);
  return app;
}

/** Fastify takes a hop count as a function (its types leave the number form out). */
function trustProxy(setting: Config['TRUST_PROXY']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** ioredis is loaded only when a Redis is configured: a server without one does not carry it. */
async function redisClient(url: string) {
  const { Redis } = await import('ioredis');
  return new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
}
