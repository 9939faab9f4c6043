import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { WEBHOOK_PATH } from '../../apps/server/src/modules/cards/issuer/client';
import { UnconfiguredIssuer } from '../../apps/server/src/modules/cards/issuer/http-issuer';
import { authorizationRequestOf, issuerEventSchema } from '../../apps/server/src/modules/cards/webhooks/service';
import { loadConfig } from '../../apps/server/src/platform/config';
import type { DatabaseHandle } from '../../apps/server/src/platform/db/database';
import { createLogger } from '../../apps/server/src/platform/logger';
import { verifyWebhookSignature } from '../../apps/server/src/platform/webhook-signature';
import { activeCard } from '../../apps/server/test/card-fixtures';
import { loadInChild } from './child';
import { sized } from './size';
import type { WebhookLoad, WebhookLoadResult } from './webhook-load';

const SECRET = 'bench-webhook-secret-0123456789';
/** Not counted: the first seconds after start are the JIT compiling the hot path, not the steady state. */
export const WARMUP_SECONDS = sized(3, 1);

/**
 * The cards' balances: most can pay anything they are asked; a few hold little (a share of the requests
 * asks more than they have, so declines come now and then and the failure-rate rule can freeze them);
 * a few hold less than any request (every one is declined, and the consecutive-failures rule freezes
 * them at the sixth).
 */
const LOW_BALANCE = '200';
const NEAR_ZERO = '1';
const AMOUNT = '1.25';
const LARGE_AMOUNT = '250';
const LARGE_SHARE = 0.15;

/** Active cards made straight in the database, one per concurrent client, `low` of them low and `low` near zero. */
async function benchCards(database: DatabaseHandle, count: number, low: number) {
  const cards: Array<{ id: string; issuerId: string }> = [];
  for (let i = 0; i < count; i++) {
    const balance = i < low ? LOW_BALANCE : i < 2 * low ? NEAR_ZERO : '100000000';
    const card = await activeCard(database.db, { uid: 70_000_000 + i, tag: 'bench', balance });
    cards.push({ id: card.id, issuerId: card.issuerId });
  }
  return cards;
}

/**
 * Authorization decisions over real HTTP: `concurrency` connections posting signed
 * authorization.request webhooks for `concurrency` cards as fast as answers come; every approval is a real
 * ledger hold. Reports decisions per second and the latency percentiles, and the same load against a
 * bare route that checks the signature, reads the request and answers without deciding: what HTTP,
 * signing and this machine cost before any decision (the floor under the latency). Each load is
 * counted after WARMUP_SECONDS of the same load, as a server that has been up a while meets it.
 * A tenth of the cards hold little and a tenth almost nothing (see LOW_BALANCE), so declines and the
 * freeze rules are decided too; how many of each there were is read back from the database.
 */
export async function cardAuthorizations(database: DatabaseHandle, url: string, concurrency: number, seconds: number) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    DATABASE_POOL_MAX: '40',
    ISSUER_WEBHOOK_SECRET: SECRET,
  });
  const lowCards = Math.max(1, Math.round(concurrency / 10));
  const cards = await benchCards(database, concurrency, lowCards);
  const load = (address: string) =>
    loadInChild<WebhookLoad, WebhookLoadResult>('./webhook-load.ts', {
      url: `${address}${WEBHOOK_PATH}`,
      secret: SECRET,
      cards: cards.map((c) => c.issuerId),
      connections: concurrency,
      seconds,
      warmupSeconds: WARMUP_SECONDS,
      amount: AMOUNT,
      largeAmount: LARGE_AMOUNT,
      largeShare: LARGE_SHARE,
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
  // The bare route answers every request with an approval: anything else there is the bench's fault.
  if (floor.non2xx > 0 || floor.errors > 0 || Object.keys(floor.declined).length > 0)
    throw new Error(`bare webhook route: ${floor.non2xx} non-2xx, ${floor.errors} errors, ${JSON.stringify(floor.declined)} declined`);

  // What the app recorded, warm-up included: every decision is a card_transactions row.
  const ids = cards.map((c) => c.id);
  const decided = await database.db
    .selectFrom('card_transactions')
    .select(['approved', 'decline_reason', (eb) => eb.fn.countAll<string>().as('n')])
    .where('type', '=', 'authorization')
    .where('card_id', 'in', ids)
    .groupBy(['approved', 'decline_reason'])
    .execute();
  const frozen = await database.db
    .selectFrom('cards')
    .select(['freeze_reason', (eb) => eb.fn.countAll<string>().as('n')])
    .where('id', 'in', ids)
    .where('frozen', '=', true)
    .groupBy('freeze_reason')
    .execute();
  const declines: Record<string, number> = {};
  for (const row of decided) if (!row.approved) declines[row.decline_reason ?? 'no reason'] = Number(row.n);
  const freezes: Record<string, number> = {};
  for (const row of frozen) freezes[row.freeze_reason ?? 'no reason'] = Number(row.n);
  return {
    decisionsPerSecond: result.decisionsPerSecond,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    decisions: result.decisions,
    cards: cards.length,
    lowCards,
    nearZeroCards: lowCards,
    /** As the issuer saw them (its answers, warm-up included) and as the database holds them. */
    answered: { approved: result.approved, declined: result.declined },
    recorded: { approved: Number(decided.find((r) => r.approved)?.n ?? 0), declined: declines },
    freezes,
    non2xx: result.non2xx,
    errors: result.errors,
    floor: { perSecond: floor.decisionsPerSecond, p50Ms: floor.p50Ms, p99Ms: floor.p99Ms },
  };
}
