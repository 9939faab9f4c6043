import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/platform/config';
import type { DatabaseHandle } from '../../apps/server/src/platform/db/database';
import { createLogger } from '../../apps/server/src/platform/logger';
import { registerUserDirect } from './users';

async function requestsPerSecond(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<number> {
  const result = await autocannon({ url, headers, connections, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx replies, ${result.errors} errors`);
  return result.requests.average;
}

/**
 * Authenticated GET of balances through the whole app (session lookup, balances, rates), next to a
 * bare Fastify route serving a constant, both over real HTTP on this machine.
 */
export async function balancesOverHttp(database: DatabaseHandle, url: string, connections: number, seconds: number) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url, DATABASE_POOL_MAX: '20' });
  const app = await buildApp({ config, database, logger: createLogger('silent') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify();
  bare.get('/hello', async () => ({ hello: 'world' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    const token = await registerUserDirect(database.db);
    const appAddress = app.server.address();
    const bareAddress = bare.server.address();
    const appPort = typeof appAddress === 'object' && appAddress ? appAddress.port : 0;
    const barePort = typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0;
    const bareRps = await requestsPerSecond(`http://127.0.0.1:${barePort}/hello`, {}, connections, seconds);
    const balancesRps = await requestsPerSecond(
      `http://127.0.0.1:${appPort}/api/v1/wallet/balances`,
      { authorization: `Bearer ${token}` },
      connections,
      seconds,
    );
    return { bareRps, balancesRps };
  } finally {
    await app.close();
    await bare.close();
  }
}
