import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase } from '../../apps/server/src/platform/db/database';
import type { LiveTick } from './live-load';

/**
 * The writer of the live fan-out benchmark, run in its own process as another server is (a job worker
 * crediting deposits, say): once a second, one notification for every member, all of them in one
 * transaction, then told to the other servers exactly as platform/change-feed.ts tells them: after the
 * commit, `pg_notify('wallet_changes', {origin, change})` with 100 user ids a message, all sent at once
 * on its pool. Every notification carries the time it was written (`sentAt`, ms) and its tick.
 * The rows go in as one statement over arrays (unnest): the same rows as notify() writes, in half the
 * time a 5,000-row VALUES list with 25,000 parameters takes, so less of the measured latency is the writer's.
 */
export interface LiveEmit {
  url: string;
  userIds: string[];
  ticks: number;
}

export interface LiveEmitted {
  ticks: Array<LiveTick & { notifiedAt: number }>;
}

const CHANNEL = 'wallet_changes';
/** As ChangeFeed's IDS_PER_NOTIFY. */
const IDS_PER_NOTIFY = 100;
const TICK_MS = 1000;

async function run({ url, userIds, ticks: count }: LiveEmit): Promise<LiveEmitted> {
  const database = openDatabase(url, 10);
  const origin = randomUUID();
  const parts: string[] = [];
  for (let i = 0; i < userIds.length; i += IDS_PER_NOTIFY)
    parts.push(JSON.stringify({ origin, change: { topic: 'notifications', userIds: userIds.slice(i, i + IDS_PER_NOTIFY) } }));
  const ticks: LiveEmitted['ticks'] = [];
  try {
    await database.pool.query('select 1');
    const start = Date.now() + 100;
    for (let tick = 0; tick < count; tick += 1) {
      const wait = start + tick * TICK_MS - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const sentAt = Date.now();
      const params = JSON.stringify({ amount: '100', currency: 'USDT', network: 'TRON', sentAt: String(sentAt), tick: String(tick) });
      const refs = userIds.map((_, i) => `bench-live-${tick}-${i}`);
      await database.db.transaction().execute((trx) =>
        sql`insert into notifications (user_id, code, params, ref_kind, ref_id)
          select user_id, 'deposit_credited', ${params}::jsonb, 'deposit', ref_id from unnest(${userIds}::uuid[], ${refs}::text[]) as r(user_id, ref_id)`.execute(
          trx,
        ),
      );
      const commitAt = Date.now();
      await Promise.all(parts.map((payload) => database.pool.query('select pg_notify($1, $2)', [CHANNEL, payload])));
      ticks.push({ sentAt, commitAt, notifiedAt: Date.now() });
    }
  } finally {
    await database.close();
  }
  return { ticks };
}

process.once('message', (input: LiveEmit) => {
  run(input).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
});
