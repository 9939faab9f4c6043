import rateLimit from '@fastify/rate-limit';
import type { DevChain } from '@wallet/devchain';
import type { FastifyBaseLogger } from 'fastify';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type PgBoss from 'pg-boss';
import { accountLockAdminRoutes, accountLockRoutes, addressBookRoutes } from './modules/address-book/routes';
import { adminRoutes } from './modules/admin/routes';
import { registerAppRelease } from './modules/app-release/register';
import { appLockRoutes } from './modules/auth/app-lock-routes';
import { devMailRoutes } from './modules/auth/dev-mail-routes';
import { meRoutes } from './modules/auth/me-routes';
import { paymentPinsFrom } from './modules/auth/payment-pins';
import { authRoutes } from './modules/auth/routes';
import { secondFactorRoutes, secondFactorSignInRoutes } from './modules/auth/second-factor/routes';
import { secondFactorSettings } from './modules/auth/second-factor/settings';
import { registerOwnOrigins } from './modules/auth/session-cookie';
import type { IssuerClient } from './modules/cards/issuer/client';
import { registerCards } from './modules/cards/register';
import { devChainRoutes } from './modules/chain/dev-routes';
import { requestChainRun } from './modules/chain/jobs';
import { depositAdminRoutes, topUpRoutes } from './modules/chain/routes';
import type { ChainService } from './modules/chain/service';
import { chainServiceFromConfig } from './modules/chain/setup';
import { registerHelp } from './modules/help/register';
import { LiveHub } from './modules/notifications/live-hub';
import { notificationRoutes } from './modules/notifications/routes';
import type { PayoutPartner } from './modules/payout/partner';
import { registerPayout } from './modules/payout/register';
import { statementRoutes } from './modules/statements/routes';
import { systemRoutes } from './modules/system/routes';
import { registerTickets } from './modules/tickets/register';
import { walletRoutes } from './modules/wallet/routes';
import { ChangeFeed, holdRepliesUntilAnnounced } from './platform/change-feed';
import { type Clock, systemClock } from './platform/clock';
import { registerCompression } from './platform/compression';
import type { Config } from './platform/config';
import { registerCookies } from './platform/cookies';
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
import { childLoggerFactory, logController } from './platform/request-logger';
import { createSecretLimits, startSecretLimitJobs } from './platform/secret-limits';
import { registerSecurityHeaders } from './platform/security-headers';
import { cachingSerializerCompiler } from './platform/shared-replies';
import { registerConnectionDraining } from './platform/shutdown';
import { validatorCompiler } from './platform/validation';
import { registerWebApp, webAppBuilt } from './platform/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    /** The chain module's service: main.ts starts its jobs, tests drive it directly. */
    chain: ChainService;
  }
}

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
    childLoggerFactory,
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
  registerSecurityHeaders(app, config.NODE_ENV === 'production');
  registerCookies(app);
  registerCompression(app);
  registerMetrics(app, database.pool);
  await registerOpenApi(app);

  registerCors(app, config.CORS_ORIGINS);
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

  await app.register(systemRoutes, { db: database.db, config });
  await registerAppRelease(app, { db: database.db, clock, config });
  const mailer = createMailer(config, database.db, logger);
  const authDeps = {
    db: database.db,
    clock,
    mailer,
    log: logger,
    secret: config.APP_SECRET,
    codesPerEmailPerHour: config.CODES_PER_EMAIL_PER_HOUR,
    limits: createSecretLimits({ db: database.db, clock, redis }),
    security: { appUrl: config.APP_URL, withdrawDelayHours: config.WITHDRAW_NEW_ADDRESS_DELAY_HOURS },
    secondFactor: secondFactorSettings(config),
    pins: paymentPinsFrom(config),
  };
  await app.register(authRoutes, { deps: authDeps, config });
  await app.register(meRoutes, { deps: authDeps, config });
  await app.register(secondFactorSignInRoutes, { deps: authDeps, config });
  await app.register(secondFactorRoutes, { deps: authDeps });
  await app.register(appLockRoutes, { deps: authDeps });
  await app.register(notificationRoutes, { db: database.db, clock, hub });
  // On-chain top-up and withdrawal sending for the networks configured (none in most tests).
  const faucet = config.NODE_ENV !== 'production' && deps.devchain ? '/dev/chain' : undefined;
  const chain = chainServiceFromConfig(config, database, clock, logger, mailer, faucet);
  app.decorate('chain', chain);
  const jobs = deps.jobs;
  const walletDeps = {
    ...authDeps,
    fees: config.WITHDRAW_FEES,
    sending: {
      networks: chain.sendingNetworks,
      autoApproveBelow: config.WITHDRAW_AUTO_APPROVE_BELOW,
      ...(jobs ? { wake: (network: string) => requestChainRun(jobs, network, logger) } : {}),
    },
  };
  await app.register(walletRoutes, { deps: walletDeps, config });
  await app.register(addressBookRoutes, { deps: authDeps });
  await app.register(accountLockRoutes, { deps: authDeps, config });
  await app.register(accountLockAdminRoutes, { deps: authDeps, config });
  await app.register(adminRoutes, { deps: walletDeps, config });
  await app.register(topUpRoutes, { db: database.db, clock, chain, config });
  await app.register(depositAdminRoutes, { db: database.db, clock, chain, config });
  if (faucet && deps.devchain) await app.register(devChainRoutes, { db: database.db, clock, chain, devchain: deps.devchain, config });
  if (jobs) await startSecretLimitJobs(jobs, authDeps.limits);
  await registerCards(app, { authDeps, config, logger, jobs, issuer: deps.issuer, sandboxUrl: deps.sandboxUrl });
  await registerPayout(app, { authDeps, config, logger, jobs, partner: deps.payoutPartner, sandboxUrl: deps.payoutSandboxUrl });
  await registerTickets(app, { db: database.db, clock, config });
  await registerHelp(app, { db: database.db, clock, config });
  await app.register(statementRoutes, { deps: { db: database.db, clock } });
  if (config.NODE_ENV !== 'production') {
    await app.register(devMailRoutes, { db: database.db });
    await app.register(devFileRoutes);
  }

  // Production always serves the web app; development does when it has been built (npm start).
  if (config.NODE_ENV === 'production' || webAppBuilt(config.WEB_DIST_DIR))
    await registerWebApp(
      app,
      config.WEB_DIST_DIR,
      Object.values(config.API_SERVERS).flatMap((url) => (url ? [new URL(url).origin] : [])),
    );
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
