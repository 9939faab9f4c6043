import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config';
import type { AuthDeps } from '../auth/service';
import { accountLockAdminRoutes, accountLockRoutes, addressBookRoutes } from './routes';

/** The address-book module for app.ts: saved withdrawal addresses, and the member's and operators' account locks. */
export async function registerAddressBook(app: FastifyInstance, options: { authDeps: AuthDeps; config: Config }): Promise<void> {
  const { authDeps: deps, config } = options;
  await app.register(addressBookRoutes, { deps });
  await app.register(accountLockRoutes, { deps, config });
  await app.register(accountLockAdminRoutes, { deps });
}
