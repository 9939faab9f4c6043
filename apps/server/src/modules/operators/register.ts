import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import type { Mailer } from '../../platform/mail';
import type { SecretLimits } from '../../platform/secret-limits';
import { secondFactorSettings } from '../auth/second-factor/settings';
import { consoleAuthRoutes } from './auth-routes';
import type { OperatorDeps } from './deps';
import { devConsoleRoutes } from './dev-console-routes';
import { consoleMeRoutes } from './me-routes';
import { operatorsRoutes } from './operators-routes';

/**
 * The operators module for app.ts (after the guard): the console's sign-in, the operator's own
 * sessions and factors, operators and API keys; in development the /dev/console page.
 */
export async function registerOperators(
  app: FastifyInstance,
  options: { db: Db; clock: Clock; config: Config; mailer: Mailer; limits: SecretLimits; logger: FastifyBaseLogger },
): Promise<OperatorDeps> {
  const { db, clock, config } = options;
  const deps: OperatorDeps = {
    db,
    clock,
    mailer: options.mailer,
    log: options.logger,
    limits: options.limits,
    secondFactor: secondFactorSettings(config),
    secret: config.APP_SECRET,
    appUrl: config.APP_URL,
    production: config.NODE_ENV === 'production',
  };
  await app.register(consoleAuthRoutes, { deps, loginsPerMinute: config.RATE_LIMIT_LOGINS_PER_MINUTE });
  await app.register(consoleMeRoutes, { deps });
  await app.register(operatorsRoutes, { deps });
  if (config.NODE_ENV !== 'production') await app.register(devConsoleRoutes, { db, clock });
  return deps;
}
