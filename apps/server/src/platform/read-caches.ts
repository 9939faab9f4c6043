import type { BalancesReply, CardList, CardTransactionList, Currency, Decimal, RecordListReply } from '@wallet/contract';
import type { Selectable } from 'kysely';
import type { ChangeFeed } from './change-feed';
import type { Db } from './db/database';
import type { CardProductsTable } from './db/schema';
import { MemberReadCache } from './member-read-cache';
import { ReadCache } from './read-cache';

export interface CachedSession {
  id: string;
  user_id: string;
  last_used_at: Date;
}

/**
 * The reads every screen makes, kept in memory so the common request costs no database round trip:
 * the session behind a token, the balances reply, and the first pages a member opens (records, cards,
 * a card's transactions). Money never moves on these values (postings read and lock the ledger
 * itself); they only answer "what do I have", and they are dropped as soon as the change feed reports
 * a change, from this server or another.
 */
export interface ReadCaches {
  sessions: ReadCache<string, CachedSession>;
  balances: ReadCache<string, BalancesReply>;
  /** First pages of wallet records, per filter and language: they change only with the ledger. */
  records: MemberReadCache<RecordListReply>;
  /** The card list (and each card's page, which is read from it) and cards' first pages of transactions. */
  cards: MemberReadCache<CardList>;
  cardTransactions: MemberReadCache<CardTransactionList>;
  /**
   * Facts every member's entries above are made from, read once for all of them: the USD prices the
   * balances' estimates use (never a quote's: an exchange reads the table), and the card catalogue.
   */
  estimatePrices: ReadCache<'usd', ReadonlyMap<Currency, Decimal>>;
  cardProducts: ReadCache<'all', Selectable<CardProductsTable>[]>;
}

/**
 * Every entry is dropped by the change feed as soon as its fact changes; the lifetime only bounds a
 * change whose message never came (a server that died between its commit and its NOTIFY, ADR 0004).
 * It is also how often each member's entries are read again, which is why it is not shorter.
 */
const ENTRY_LIFETIME_MS = 30_000;

const byDb = new WeakMap<Db, ReadCaches>();

/** The caches of the app using `db`, if it has any (scripts and bare tests run without). */
export function readCaches(db: Db): ReadCaches | undefined {
  return byDb.get(db);
}

export function attachReadCaches(db: Db, feed: ChangeFeed): () => void {
  const enabled = () => feed.live;
  const lists = { ttlMs: ENTRY_LIFETIME_MS, maxEntries: 20_000, enabled };
  const caches: ReadCaches = {
    sessions: new ReadCache(lists),
    balances: new ReadCache(lists),
    records: new MemberReadCache(lists),
    cards: new MemberReadCache(lists),
    cardTransactions: new MemberReadCache(lists),
    estimatePrices: new ReadCache(lists),
    cardProducts: new ReadCache(lists),
  };
  feed.receive((change) => {
    if (change === null) {
      caches.sessions.clear();
      caches.balances.clear();
      caches.records.clear();
      caches.cards.clear();
      caches.cardTransactions.clear();
      caches.estimatePrices.clear();
      caches.cardProducts.clear();
    } else if (change.topic === 'rates') {
      caches.estimatePrices.clear();
      caches.balances.clear();
    } else if (change.topic === 'cardProducts') {
      // Every card shows its product's name and fees.
      caches.cardProducts.clear();
      caches.cards.clear();
    } else if (change.topic === 'sessions') {
      const users = new Set(change.userIds);
      caches.sessions.invalidateWhere((session) => users.has(session.user_id));
    } else if (change.topic === 'balances') {
      // A posting moves a wallet (its records) or a card's accounts (the card list's balances).
      for (const id of change.userIds) {
        caches.balances.invalidate(id);
        caches.records.invalidate(id);
        caches.cards.invalidate(id);
      }
    } else if (change.topic === 'profile') {
      // A new display currency changes the balances reply.
      for (const id of change.userIds) caches.balances.invalidate(id);
    } else if (change.topic === 'cards') {
      for (const id of change.userIds) {
        caches.cards.invalidate(id);
        caches.cardTransactions.invalidate(id);
      }
    }
  });
  byDb.set(db, caches);
  return () => byDb.delete(db);
}
