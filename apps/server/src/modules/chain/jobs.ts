import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { createQueues } from '../../platform/jobs';
import type { ChainService } from './service';

const queueOf = (network: string) => `chain-${network.toLowerCase()}`;

/**
 * One pg-boss queue per network runs scan + credit + send. The queues are "stately": at most one
 * job waits and one runs per network, so a timer in every API process can ask for a run every
 * CHAIN_POLL_MS without runs piling up or two processes scanning one network at once.
 * Returns a function that stops the timer (the queue itself stops with pg-boss).
 */
export async function startChainJobs(boss: PgBoss, chain: ChainService, pollMs: number, log: FastifyBaseLogger): Promise<() => void> {
  const networks = [...chain.networks.keys()];
  const workers = new Map<string, string>();
  await createQueues(
    boss,
    networks.map((network): PgBoss.Queue => ({ name: queueOf(network), policy: 'stately', retryLimit: 0, expireInSeconds: 300 })),
  );
  for (const network of networks) {
    const queue = queueOf(network);
    const worker = await boss.work(queue, { pollingIntervalSeconds: 0.5 }, async () => {
      try {
        await chain.tick(network);
      } catch (err) {
        // A node that is down is retried on the next run; the error is logged, not thrown at pg-boss.
        log.warn({ err, network }, 'chain run failed');
      }
    });
    workers.set(network, worker);
  }
  const request = (network: string) => {
    boss
      .send(queueOf(network), {})
      .then((id) => {
        // Wake our own worker at once rather than at its next poll: part of the 1-second credit target.
        const worker = workers.get(network);
        if (id && worker) boss.notifyWorker(worker);
      })
      .catch((err) => log.warn({ err, network }, 'could not queue a chain run'));
  };
  const timer = setInterval(() => networks.forEach(request), pollMs);
  timer.unref();
  networks.forEach(request);
  return () => clearInterval(timer);
}

/** Asks for a run now (a withdrawal was approved), instead of waiting for the timer. */
export function requestChainRun(boss: PgBoss, network: string, log: FastifyBaseLogger): void {
  boss.send(queueOf(network), {}).catch((err) => log.warn({ err, network }, 'could not queue a chain run'));
}
