import { createHmac, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';

/**
 * The issuer side of the authorization benchmark, run in its own process (see cardAuthorizations): as
 * a real issuer calls from elsewhere, the load it makes does not share the server's event loop.
 * Each request is a signed authorization.request for a random card.
 */
export interface WebhookLoad {
  url: string;
  secret: string;
  cards: string[];
  connections: number;
  seconds: number;
}

export interface WebhookLoadResult {
  decisionsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  decisions: number;
  declined: number;
  non2xx: number;
  errors: number;
}

async function run({ url, secret, cards, connections, seconds }: WebhookLoad): Promise<WebhookLoadResult> {
  let declined = 0;
  const result = await autocannon({
    url,
    connections,
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
          const mac = createHmac('sha256', secret).update(`${t}.${d}.${body}`).digest('hex');
          return { ...request, body, headers: { 'content-type': 'application/json', 'x-webhook-signature': `t=${t},d=${d},v1=${mac}` } };
        },
        onResponse: (status, body) => {
          if (status !== 200 || !body.includes('"approved":true')) declined += 1;
        },
      },
    ],
  });
  return {
    decisionsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    decisions: result.requests.total,
    declined,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

process.once('message', (load: WebhookLoad) => {
  run(load).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
});
