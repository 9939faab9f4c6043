import DataLoader from 'dataloader';
import type { Db } from './db/database';

/** The most keys one query is asked for; a larger backlog goes as several queries. */
const MAX_BATCH = 256;

/**
 * What one query reads for many keys: one answer per key, in the keys' order (a key may come twice).
 * An Error in the array fails that key's request alone.
 */
export type ReadMany<K, R> = (db: Db, keys: readonly K[]) => Promise<readonly R[]>;

/**
 * A read the caches make when an entry is missing (a member's first request, or the first after the
 * entry's 30 s), gathered with the same reads of the other requests handled in the same turn of the
 * event loop and made as one query. One query per member and read was a round trip, a plan in
 * PostgreSQL and the driver's work each: a server whose entries were all missing (after it starts, or
 * as they expire together) spent about twice the CPU on each miss (ADR 0025).
 *
 * The requests read in one turn wait for the turn's end (setImmediate, after every socket the turn
 * polled), not for a timer, so a lone request waits no longer than it did. A batch whose query fails
 * is read again key by key, so one request's bad key fails that request alone. Nothing is cached
 * here: each key is read afresh, the read caches decide what is kept.
 */
export function batchedRead<K, R>(readMany: ReadMany<K, R>): (db: Db, key: K) => Promise<Exclude<R, Error>> {
  type V = Exclude<R, Error>;
  // One loader per database handle: tests run several apps, each on its own database, in one process.
  const loaders = new WeakMap<Db, DataLoader<K, V>>();
  return (db, key) => {
    let loader = loaders.get(db);
    if (!loader) {
      loader = new DataLoader<K, V>((keys) => readTogether(db, keys, readMany) as Promise<Array<V | Error>>, {
        cache: false,
        maxBatchSize: MAX_BATCH,
        batchScheduleFn: (dispatch) => setImmediate(dispatch),
      });
      loaders.set(db, loader);
    }
    return loader.load(key);
  };
}

async function readTogether<K, R>(db: Db, keys: readonly K[], readMany: ReadMany<K, R>): Promise<ReadonlyArray<R | Error>> {
  try {
    return await readMany(db, keys);
  } catch (error) {
    if (keys.length === 1) throw error;
    return Promise.all(
      keys.map((key) =>
        readMany(db, [key]).then(
          ([value]) => value as R,
          (alone: unknown) => asError(alone),
        ),
      ),
    );
  }
}

const asError = (thrown: unknown) => (thrown instanceof Error ? thrown : new Error(String(thrown)));
