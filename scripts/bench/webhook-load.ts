import { randomBytes } from 'node:crypto';
import { signatureHeader } from '@wallet/sandbox-issuer';
import autocannon from 'autocannon';

/**
 * The issuer side of the authorization benchmark, run in its own process (see cardAuthorizations): as
 * a real issuer calls from elsewhere, the load it makes does not share the server's event loop.
 * Each request is a signed authorization.request for a random card, mostly for `amount`, a share
 * `largeShare` for `largeAmount` (more than a low-balance card holds, so such cards see declines).
 */
export interface WebhookLoad {
  url: string;
  secret: string;
  cards: string[];
  connections: number;
  seconds: number;
  /** Load sent first and not counted: a server that has run for a while has its code compiled and its caches full. */
  warmupSeconds: number;
  amount: string;
  largeAmount: string;
  largeShare: number;
}

export interface WebhookLoadResult {
  /** Counted window only (after the warm-up). */
  decisionsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  decisions: number;
  /** The answers over warm-up and window: approved, and declined by reason. */
  approved: number;
  declined: Record<string, number>;
  non2xx: number;
  errors: number;
}

async function run(load: WebhookLoad): Promise<WebhookLoadResult> {
  const { url, secret, cards, connections, seconds, warmupSeconds } = load;
  let approved = 0;
  const declined: Record<string, number> = {};
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
              amount: Math.random() < load.largeShare ? load.largeAmount : load.amount,
              currency: 'USD',
              merchant: { name: 'Bench' },
            },
          });
          const signature = signatureHeader(secret, body, Math.floor(Date.now() / 1000));
          return { ...request, body, headers: { 'content-type': 'application/json', 'x-webhook-signature': signature } };
        },
        onResponse: (status, body) => {
          if (status !== 200) return;
          const decision = JSON.parse(body) as { approved?: boolean; reason?: string | null };
          if (decision.approved === true) approved += 1;
          else {
            const reason = decision.reason ?? 'no reason';
            declined[reason] = (declined[reason] ?? 0) + 1;
          }
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
    approved,
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
