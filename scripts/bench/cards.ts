import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { authorizationRequestOf, issuerEventSchema } from '../../apps/server/src/modules/cards/events';
import { UnconfiguredIssuer } from '../../apps/server/src/modules/cards/http-issuer';
import { WEBHOOK_PATH } from '../../apps/server/src/modules/cards/webhook-routes';
import { verifyWebhookSignature } from '../../apps/server/src/modules/cards/webhook-signature';
import { loadConfig } from '../../apps/server/src/platform/config';
import type { DatabaseHandle } from '../../apps/server/src/platform/db/database';
import { createLogger } from '../../apps/server/src/platform/logger';
import { activeCard } from '../../apps/server/test/card-fixtures';
import type { WebhookLoad, WebhookLoadResult } from './webhook-load';

const SECRET = 'bench-webhook-secret-0123456789';
/** Not counted: the first seconds after start are the JIT compiling the hot path, not the steady state. */
export const WARMUP_SECONDS = 3;

/** Active, funded cards made straight in the database, one per concurrent client. */
async function benchCards(database: DatabaseHandle, count: number): Promise<string[]> {
  const issuerIds: string[] = [];
  for (let i = 0; i < count; i++)
    issuerIds.push((await activeCard(database.db, { uid: 70_000_000 + i, tag: 'bench', balance: '100000000' })).issuerId);
  return issuerIds;
}

/**
 * Authorization decisions over real HTTP: `concurrency` connections posting signed
 * authorization.request webhooks for `concurrency` cards as fast as answers come; every approval is a real
 * ledger hold. Reports decisions per second and the latency percentiles, and the same load against a
 * bare route that checks the signature, reads the request and answers without deciding: what HTTP,
 * signing and this machine cost before any decision (the floor under the latency). Each load is
 * counted after WARMUP_SECONDS of the same load, as a server that has been up a while meets it.
 */
export async function cardAuthorizations(database: DatabaseHandle, url: string, concurrency: number, seconds: number) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    DATABASE_POOL_MAX: '40',
    ISSUER_WEBHOOK_SECRET: SECRET,
  });
  const cards = await benchCards(database, concurrency);
  const load = (address: string) =>
    webhookLoad({
      url: `${address}${WEBHOOK_PATH}`,
      secret: SECRET,
      cards,
      connections: concurrency,
      seconds,
      warmupSeconds: WARMUP_SECONDS,
    });

  const bare = Fastify();
  bare.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  bare.post(WEBHOOK_PATH, async (request) => {
    const raw = request.body as string;
    verifyWebhookSignature(SECRET, request.headers['x-webhook-signature'] as string, raw, Date.now());
    const event = issuerEventSchema.parse(JSON.parse(raw));
    return { approved: authorizationRequestOf(event) !== null, reason: null };
  });
  const floor = await load(await bare.listen({ port: 0, host: '127.0.0.1' })).finally(() => bare.close());

  const app = await buildApp({ config, database, logger: createLogger('silent'), issuer: new UnconfiguredIssuer() });
  const address = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
  // The load comes from a child process, as a real issuer's calls come from elsewhere: autocannon in
  // this process would take the server's event loop for the client's work (signing, parsing).
  const result = await load(address).finally(() => app.close());
  for (const [name, r] of [
    ['authorization webhooks', result],
    ['bare webhook route', floor],
  ] as const)
    if (r.non2xx > 0 || r.errors > 0 || r.declined > 0)
      throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.declined} not approved`);
  const { decisionsPerSecond, p50Ms, p99Ms, decisions } = result;
  return {
    decisionsPerSecond,
    p50Ms,
    p99Ms,
    decisions,
    floor: { perSecond: floor.decisionsPerSecond, p50Ms: floor.p50Ms, p99Ms: floor.p99Ms },
  };
}

function webhookLoad(load: WebhookLoad): Promise<WebhookLoadResult> {
  const child = fork(fileURLToPath(new URL('./webhook-load.ts', import.meta.url)), { execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    child.once('message', (result) => resolve(result as WebhookLoadResult));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`webhook load process exited with ${code}`)));
    child.send(load);
  });
}
