import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import type { Mailer } from '../../platform/mail';
import type { SecretLimits } from '../../platform/secret-limits';
import { appLockRoutes } from './app-lock-routes';
import { devMailRoutes } from './dev-mail-routes';
import { meRoutes } from './me-routes';
import { paymentPinsFrom } from './payment-pins';
import { authRoutes } from './routes';
import { secondFactorRoutes, secondFactorSignInRoutes } from './second-factor/routes';
import { secondFactorSettings } from './second-factor/settings';
import type { AuthDeps } from './service';

/**
 * The auth module for app.ts: sign-up and sign-in, the member's own settings, the second factor and
 * the app lock, and in development the outbox page. Returns the deps every module that checks a
 * payment password or a code builds on.
 */
export async function registerAuth(
  app: FastifyInstance,
  options: {
    db: Db;
    clock: Clock;
    config: Config;
    mailer: Mailer;
    /** The secret-guessing limits (platform/secret-limits.ts), which app.ts keeps with the rate limits' store. */
    limits: SecretLimits;
    logger: FastifyBaseLogger;
  },
): Promise<AuthDeps> {
  const { db, clock, config } = options;
  const deps: AuthDeps = {
    db,
    clock,
    mailer: options.mailer,
    log: options.logger,
    secret: config.APP_SECRET,
    codesPerEmailPerHour: config.CODES_PER_EMAIL_PER_HOUR,
    limits: options.limits,
    security: { appUrl: config.APP_URL, withdrawDelayHours: config.WITHDRAW_NEW_ADDRESS_DELAY_HOURS },
    secondFactor: secondFactorSettings(config),
    pins: paymentPinsFrom(config),
  };
  await app.register(authRoutes, { deps, config });
  await app.register(meRoutes, { deps, config });
  await app.register(secondFactorSignInRoutes, { deps, config });
  await app.register(secondFactorRoutes, { deps });
  await app.register(appLockRoutes, { deps });
  if (config.NODE_ENV !== 'production') await app.register(devMailRoutes, { db });
  return deps;
}
