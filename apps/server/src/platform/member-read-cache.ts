import { ReadCache } from './read-cache';

const VARIANTS_PER_MEMBER = 32;

/**
 * Replies a member's screens read again and again (the first page of records, the card list, a card's
 * first page of transactions), kept per member and per variant (language, page size, filters), and
 * dropped together when anything of that member changes. Built on ReadCache, so a load that started
 * before an invalidation never stores what it read: every variant a load may store is registered
 * under its member before the load starts, and invalidating the member bumps each of them.
 */
export class MemberReadCache<V> {
  private readonly cache: ReadCache<string, V>;
  /** Member id -> the keys of their variants, stored or loading. */
  private readonly keys = new Map<string, Set<string>>();

  constructor(private readonly options: { ttlMs: number; maxEntries: number; enabled: () => boolean }) {
    this.cache = new ReadCache(options);
  }

  /** As ReadCache.get: a held value synchronously, else a promise of what `load` reads. */
  get<L extends V | undefined>(userId: string, variant: string, load: () => Promise<L>): L | Promise<L> {
    const key = `${userId}\u0000${variant}`;
    // A held value's key is registered already: invalidating a member drops its values with its keys.
    const held = this.cache.peek(key);
    if (held !== undefined) return held as L;
    let keys = this.keys.get(userId);
    if (!keys) {
      // Members whose entries were evicted keep their few keys here; past twice the entries, start over.
      if (this.keys.size >= this.options.maxEntries * 2) this.clear();
      keys = new Set();
      this.keys.set(userId, keys);
    }
    if (!keys.has(key)) {
      if (keys.size >= VARIANTS_PER_MEMBER) {
        // Variants are few (languages, page sizes); ids asked for at random must not grow this without end.
        this.invalidate(userId);
        keys = new Set();
        this.keys.set(userId, keys);
      }
      keys.add(key);
    }
    return this.cache.get(key, load);
  }

  invalidate(userId: string): void {
    const keys = this.keys.get(userId);
    if (!keys) return;
    this.keys.delete(userId);
    for (const key of keys) this.cache.invalidate(key);
  }

  clear(): void {
    this.keys.clear();
    this.cache.clear();
  }

  get size(): number {
    return this.cache.size;
  }
}
