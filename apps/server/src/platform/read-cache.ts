import { markShared } from './shared-replies';

interface Entry<V> {
  value: V;
  expiresAt: number;
  /** When it last moved to the back of the eviction order. */
  movedAt: number;
}

/**
 * A hit moves its entry to the back of the eviction order at most this often. Moving it on every hit
 * cost two map writes per read, a visible share of a cached read (ADR 0025); the order stays that of
 * use to within this much.
 */
export const REORDER_AFTER_MS = 1000;

/**
 * A small in-memory cache for reads on hot paths, safe against the classic race: a load that started
 * before an invalidation must not store what it read. Each invalidation bumps a generation (per key,
 * or for everything), and a load stores its value only if nothing it could have missed happened
 * while it ran. Entries also expire after `ttlMs`, and nothing is stored while `enabled()` is false
 * (when this server could be missing invalidations from the others). `undefined` is never stored:
 * a miss stays a miss, so unknown keys cannot push real entries out.
 */
export class ReadCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly generations = new Map<K, number>();
  private epoch = 0;
  private loading = 0;

  constructor(private readonly options: { ttlMs: number; maxEntries: number; enabled: () => boolean; now?: () => number }) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /**
   * The value held for `key`, else what `load` reads (stored unless something it could have missed
   * happened meanwhile). A held value is returned as it is, not in a promise: a cached read then
   * waits on nothing, where each promise it went through cost it a turn of the microtask queue.
   */
  get<L extends V | undefined>(key: K, load: () => Promise<L>): L | Promise<L> {
    const held = this.peek(key);
    return held === undefined ? this.load(key, load) : (held as L);
  }

  /** The value held for `key` and still live, else undefined; nothing is read. */
  peek(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    if (entry.expiresAt <= now) return undefined;
    if (now - entry.movedAt >= REORDER_AFTER_MS) {
      // The map's order is the eviction order.
      this.entries.delete(key);
      this.entries.set(key, entry);
      entry.movedAt = now;
    }
    return entry.value;
  }

  private async load<L extends V | undefined>(key: K, load: () => Promise<L>): Promise<L> {
    const epoch = this.epoch;
    const generation = this.generations.get(key) ?? 0;
    this.loading++;
    try {
      const value = await load();
      if (value !== undefined && this.options.enabled() && epoch === this.epoch && generation === (this.generations.get(key) ?? 0))
        this.store(key, value as V);
      return value;
    } finally {
      // With no load running, no one can hold an old generation: forget them all so the map stays small.
      if (--this.loading === 0) this.generations.clear();
    }
  }

  /** Replaces a cached value in place (for example a session just touched), keeping its expiry. */
  update(key: K, value: V): void {
    const entry = this.entries.get(key);
    if (entry) entry.value = value;
  }

  invalidate(key: K): void {
    this.entries.delete(key);
    if (this.loading > 0) this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
  }

  /** Drops the entries `matches` picks and discards every load in flight, which might be one of them. */
  invalidateWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
    this.epoch++;
  }

  clear(): void {
    this.entries.clear();
    this.epoch++;
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: K, value: V): void {
    markShared(value);
    this.entries.delete(key);
    const now = this.now();
    this.entries.set(key, { value, expiresAt: now + this.options.ttlMs, movedAt: now });
    if (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }
}
