import type { BalancesReply } from '@wallet/contract';
import type { ChangeFeed } from './change-feed';
import type { Db } from './db/database';
import { ReadCache } from './read-cache';

export interface CachedSession {
  id: string;
  user_id: string;
  last_used_at: Date;
}

/**
 * The reads every screen makes, kept in memory so the common request costs no database round trip:
 * the session behind a token and the balances reply. Money never moves on these values (postings
 * read and lock the ledger itself); they only answer "what do I have", and they are dropped as soon
 * as the change feed reports a change, from this server or another.
 */
export interface ReadCaches {
  sessions: ReadCache<string, CachedSession>;
  balances: ReadCache<string, BalancesReply>;
}

const byDb = new WeakMap<Db, ReadCaches>();

/** The caches of the app using `db`, if it has any (scripts and bare tests run without). */
export function readCaches(db: Db): ReadCaches | undefined {
  return byDb.get(db);
}

export function attachReadCaches(db: Db, feed: ChangeFeed): () => void {
  const enabled = () => feed.live;
  const caches: ReadCaches = {
    // A revoked session is dropped by the feed at once; the expiry only bounds a missed message.
    sessions: new ReadCache({ ttlMs: 30_000, maxEntries: 20_000, enabled }),
    balances: new ReadCache({ ttlMs: 10_000, maxEntries: 20_000, enabled }),
  };
  feed.receive((change) => {
    if (change === null) {
      caches.sessions.clear();
      caches.balances.clear();
    } else if (change.topic === 'rates') {
      caches.balances.clear();
    } else if (change.topic === 'sessions') {
      const users = new Set(change.userIds);
      caches.sessions.invalidateWhere((session) => users.has(session.user_id));
    } else if (change.topic === 'balances' || change.topic === 'profile') {
      // A new balance or a new display currency: either changes the balances reply.
      for (const id of change.userIds) caches.balances.invalidate(id);
    }
  });
  byDb.set(db, caches);
  return () => byDb.delete(db);
}
