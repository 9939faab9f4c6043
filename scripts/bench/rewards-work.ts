import { processAll, releaseDueRewards } from '../../apps/server/src/modules/rewards/engine';
import { systemClock } from '../../apps/server/src/platform/clock';
import { openDatabase } from '../../apps/server/src/platform/db/database';

/**
 * The rewards engine's work on a backlog, in its own process as the job worker runs it on a server:
 * every waiting event processed (one processor, batches of `batch`), then every due reward released
 * by `releasers` side by side (they take different rewards, SKIP LOCKED). Answers with the times.
 */
export interface RewardsWork {
  url: string;
  batch: number;
  releasers: number;
}

export interface RewardsWorked {
  processed: number;
  released: number;
  processSeconds: number;
  releaseSeconds: number;
}

async function run({ url, batch, releasers }: RewardsWork): Promise<RewardsWorked> {
  const database = openDatabase(url, releasers + 2);
  const deps = { db: database.db, clock: systemClock };
  try {
    await database.pool.query('select 1');
    const started = performance.now();
    const processed = await processAll(deps, batch);
    const processedAt = performance.now();
    const released = (await Promise.all(Array.from({ length: releasers }, () => releaseDueRewards(deps, new Date(), batch)))).reduce(
      (a, b) => a + b,
      0,
    );
    const releasedAt = performance.now();
    return { processed, released, processSeconds: (processedAt - started) / 1000, releaseSeconds: (releasedAt - processedAt) / 1000 };
  } finally {
    await database.close();
  }
}

process.once('message', (input: RewardsWork) => {
  run(input).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
});
