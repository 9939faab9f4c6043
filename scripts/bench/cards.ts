import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { insertUser } from '../../apps/server/src/modules/auth/queries';
import { cardAccountIds } from '../../apps/server/src/modules/cards/accounts';
import { authorizationRequestOf, issuerEventSchema } from '../../apps/server/src/modules/cards/events';
import { UnconfiguredIssuer } from '../../apps/server/src/modules/cards/http-issuer';
import { WEBHOOK_PATH } from '../../apps/server/src/modules/cards/webhook-routes';
import { verifyWebhookSignature } from '../../apps/server/src/modules/cards/webhook-signature';
import { accountId, post } from '../../apps/server/src/modules/wallet/ledger';
import { loadConfig } from '../../apps/server/src/platform/config';
import type { DatabaseHandle } from '../../apps/server/src/platform/db/database';
import { createLogger } from '../../apps/server/src/platform/logger';
import type { WebhookLoad, WebhookLoadResult } from './webhook-load';

const SECRET = 'bench-webhook-secret-0123456789';

/** Active, funded cards made straight in the database, one per concurrent client. */
async function benchCards(database: DatabaseHandle, count: number): Promise<string[]> {
  const db = database.db;
  const product = await db
    .selectFrom('card_products')
    .select('id')
    .where('currency', '=', 'USD')
    .where('type', '=', 'virtual')
    .executeTakeFirstOrThrow();
  const issuerIds: string[] = [];
  for (let i = 0; i < count; i++) {
    const user = await insertUser(db, {
      uid: String(70_000_000 + i),
      email: `bench-card-${i}@example.com`,
      password_hash: 'x',
      bound_network: 'TRON',
      bound_address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      invite_code: `BENCHC${i}`,
    });
    const issuerId = `ic_bench_${i}`;
    const now = new Date();
    const card = await db
      .insertInto('cards')
      .values({
        user_id: user.id,
        product_id: product.id,
        type: 'virtual',
        currency: 'USD',
        holder_first_name: 'Bench',
        holder_last_name: 'User',
        status: 'active',
        issuer_card_id: issuerId,
        last4: '0000',
        opening_fee: '0',
        opening_key: `bench-${i}`,
        shipping: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const { available } = await cardAccountIds(db, card);
    await post(db, {
      typeCode: 24,
      userId: user.id,
      idempotencyKey: `bench-card-fund-${i}`,
      legs: [
        { accountId: available, amount: '100000000' },
        { accountId: await accountId(db, { userId: null, currency: 'USD', purpose: 'bench_funding' }), amount: '-100000000' },
      ],
    });
    issuerIds.push(issuerId);
  }
  return issuerIds;
}

/**
 * Authorization decisions over real HTTP: `concurrency` connections posting signed
 * authorization.request webhooks for `concurrency` cards as fast as answers come; every approval is a real
 * ledger hold. Reports decisions per second and the latency percentiles, and the same load against a
 * bare route that checks the signature, reads the request and answers without deciding: what HTTP,
 * signing and this machine cost before any decision (the floor under the latency).
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
    webhookLoad({ url: `${address}${WEBHOOK_PATH}`, secret: SECRET, cards, connections: concurrency, seconds });

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
