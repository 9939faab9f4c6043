import { createHmac, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { buildApp } from '../../apps/server/src/app';
import { insertUser } from '../../apps/server/src/modules/auth/queries';
import { cardAccountIds } from '../../apps/server/src/modules/cards/accounts';
import { UnconfiguredIssuer } from '../../apps/server/src/modules/cards/http-issuer';
import { WEBHOOK_PATH } from '../../apps/server/src/modules/cards/webhook-routes';
import { accountId, post } from '../../apps/server/src/modules/wallet/ledger';
import { loadConfig } from '../../apps/server/src/platform/config';
import type { DatabaseHandle } from '../../apps/server/src/platform/db/database';
import { createLogger } from '../../apps/server/src/platform/logger';

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
 * ledger hold. Reports decisions per second and the latency percentiles.
 */
export async function cardAuthorizations(database: DatabaseHandle, url: string, concurrency: number, seconds: number) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    DATABASE_POOL_MAX: '40',
    ISSUER_WEBHOOK_SECRET: SECRET,
  });
  const app = await buildApp({ config, database, logger: createLogger('silent'), issuer: new UnconfiguredIssuer() });
  const address = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
  const cards = await benchCards(database, concurrency);
  // autocannon rather than fetch: the client shares this process's CPU with the server, and fetch
  // would spend more of it than the decisions. Each request is signed afresh for a random card.
  let declined = 0;
  let result: autocannon.Result;
  try {
    result = await autocannon({
      url: `${address}${WEBHOOK_PATH}`,
      connections: concurrency,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const cardId = cards[Math.floor(Math.random() * cards.length)] as string;
            const body = JSON.stringify({
              id: `evt_${randomBytes(10).toString('hex')}`,
              type: 'authorization.request',
              created: new Date().toISOString(),
              data: {
                authorizationId: `iauth_${randomBytes(10).toString('hex')}`,
                cardId,
                amount: '1.25',
                currency: 'USD',
                merchant: { name: 'Bench' },
              },
            });
            const t = Math.floor(Date.now() / 1000);
            const d = randomBytes(12).toString('hex');
            const mac = createHmac('sha256', SECRET).update(`${t}.${d}.${body}`).digest('hex');
            return { ...request, body, headers: { 'content-type': 'application/json', 'x-webhook-signature': `t=${t},d=${d},v1=${mac}` } };
          },
          onResponse: (status, body) => {
            if (status !== 200 || !body.includes('"approved":true')) declined += 1;
          },
        },
      ],
    });
  } finally {
    await app.close();
  }
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`authorization webhooks: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    decisionsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    decisions: result.requests.total,
    declined,
  };
}
