import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Config } from '../../platform/config';
import { SecretBox } from '../../platform/secret-box';
import type { Approvals } from '../approvals/service';
import type { AuthDeps } from '../auth/service';
import { payoutAdminRoutes } from './admin-routes';
import type { PayoutDeps } from './deps';
import { definePayoutKinds } from './desk';
import { startPayoutJobs } from './jobs';
import { HttpPayoutPartner, type PayoutPartner } from './partner';
import { payoutRoutes } from './routes';
import { payoutWebhookRoutes } from './webhook-routes';

/**
 * The payout module for app.ts: the partner (given, from PAYOUT_URL, or none: the desk pays by hand),
 * member, operator and webhook routes, jobs when a queue is given, and in development a link to the
 * sandbox partner's page.
 */
export async function registerPayout(
  app: FastifyInstance,
  options: {
    authDeps: AuthDeps;
    config: Config;
    logger: FastifyBaseLogger;
    jobs?: PgBoss | undefined;
    partner?: PayoutPartner | undefined;
    sandboxUrl?: string | undefined;
    approvals: Approvals;
  },
): Promise<PayoutDeps> {
  const { config } = options;
  const partner =
    options.partner ??
    (config.PAYOUT_URL ? new HttpPayoutPartner(config.PAYOUT_URL, config.PAYOUT_API_KEY, config.PAYOUT_TIMEOUT_MS) : null);
  const deps: PayoutDeps = {
    ...options.authDeps,
    box: new SecretBox(config.PAYEE_ENCRYPTION_KEYS, config.PAYEE_ENCRYPTION_KEY_ID),
    partner,
    jobs: options.jobs ?? null,
    log: options.logger,
    timeZone: config.TOPUP_TIME_ZONE,
  };
  // Without a partner nobody sends webhooks, and the default secret is public.
  if (partner) await app.register(payoutWebhookRoutes, { deps, secret: config.PAYOUT_WEBHOOK_SECRET });
  await app.register(payoutRoutes, { deps });
  definePayoutKinds(deps, options.approvals);
  await app.register(payoutAdminRoutes, { deps, approvals: options.approvals });
  const sandboxUrl = options.sandboxUrl;
  if (sandboxUrl && config.NODE_ENV !== 'production')
    app.get('/dev/payout', { schema: { hide: true } }, async (_request, reply) => reply.redirect(sandboxUrl));
  if (options.jobs) await startPayoutJobs(options.jobs, deps);
  return deps;
}
