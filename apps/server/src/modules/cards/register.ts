import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Config } from '../../platform/config';
import type { AuthDeps } from '../auth/service';
import { cardAdminRoutes } from './admin-routes';
import { cardControlsRoutes } from './controls/routes';
import type { CardDeps } from './deps';
import { cardMoneyRoutes } from './funding/routes';
import type { IssuerClient } from './issuer/client';
import { HttpIssuer, UnconfiguredIssuer } from './issuer/http-issuer';
import { startCardJobs } from './jobs';
import { cardKycRoutes } from './kyc/routes';
import { cardOpeningRoutes } from './opening/routes';
import { cardRoutes } from './routes';
import { cardWebhookRoutes } from './webhooks/routes';

/*
 * The cards module, one entry point for the app (this file). At the top: the member's cards (routes,
 * service, queries shared by the parts), the operator's routes, the card accounts and notices, and the
 * jobs. Each part is a subfolder of the same shape (routes, service, queries, tests beside them):
 * opening, funding (recharge, card to wallet, monthly fee), authorizations (decisions and the issuer's
 * later events), kyc, controls, webhooks (the issuer's signed deliveries), and issuer (the adapter, its
 * HTTP client and the sandbox). No part imports another part's queries: SQL shared between parts is in
 * the top queries.ts.
 */

/**
 * Everything of the cards module the app needs, in one call from app.ts: the issuer client (given,
 * from ISSUER_URL, or one that always fails), the webhook endpoint, the user and operator routes, the
 * background jobs when a queue is given, and in development a link to the sandbox issuer's page.
 */
export async function registerCards(
  app: FastifyInstance,
  options: {
    authDeps: AuthDeps;
    config: Config;
    logger: FastifyBaseLogger;
    jobs?: PgBoss | undefined;
    issuer?: IssuerClient | undefined;
    sandboxUrl?: string | undefined;
  },
): Promise<CardDeps> {
  const { config } = options;
  const issuer =
    options.issuer ??
    (config.ISSUER_URL
      ? new HttpIssuer(config.ISSUER_URL, config.ISSUER_API_KEY, { timeoutMs: config.ISSUER_TIMEOUT_MS })
      : new UnconfiguredIssuer());
  const deps: CardDeps = { ...options.authDeps, issuer, jobs: options.jobs ?? null, log: options.logger };
  // In production without an issuer there is nobody to send webhooks, and the default secret is public.
  if (config.NODE_ENV !== 'production' || config.ISSUER_URL)
    await app.register(cardWebhookRoutes, { deps, secret: config.ISSUER_WEBHOOK_SECRET });
  await app.register(cardRoutes, { deps });
  await app.register(cardOpeningRoutes, { deps });
  await app.register(cardControlsRoutes, { deps });
  await app.register(cardMoneyRoutes, { deps });
  await app.register(cardKycRoutes, { deps });
  await app.register(cardAdminRoutes, { deps });
  const sandboxUrl = options.sandboxUrl;
  if (sandboxUrl && config.NODE_ENV !== 'production') {
    // The web app's dev links point here, so they work whatever port the sandbox got.
    app.get('/dev/issuer', { schema: { hide: true } }, async (_request, reply) => reply.redirect(sandboxUrl));
  }
  if (options.jobs) await startCardJobs(options.jobs, deps);
  return deps;
}
