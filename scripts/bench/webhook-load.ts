import { randomBytes } from 'node:crypto';
import { signatureHeader } from '@wallet/sandbox-issuer';
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
  /** Load sent first and not counted: a server that has run for a while has its code compiled and its caches full. */
  warmupSeconds: number;
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

async function run({ url, secret, cards, connections, seconds, warmupSeconds }: WebhookLoad): Promise<WebhookLoadResult> {
  let declined = 0;
  // autocannon's own warm-up (its types do not list the option): same load, results dropped.
  const options: autocannon.Options & { warmup: { connections: number; duration: number } } = {
    url,
    connections,
    duration: seconds,
    warmup: { connections, duration: warmupSeconds },
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
          const signature = signatureHeader(secret, body, Math.floor(Date.now() / 1000));
          return { ...request, body, headers: { 'content-type': 'application/json', 'x-webhook-signature': signature } };
        },
        onResponse: (status, body) => {
          if (status !== 200 || !body.includes('"approved":true')) declined += 1;
        },
      },
    ],
  };
  const result = await autocannon(options);
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
