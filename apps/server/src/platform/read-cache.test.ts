import { describe, expect, it } from 'vitest';
import { REORDER_AFTER_MS, ReadCache } from './read-cache';

function cache(overrides: Partial<{ ttlMs: number; maxEntries: number; enabled: () => boolean }> = {}) {
  let now = 0;
  const c = new ReadCache<string, string>({ ttlMs: 1000, maxEntries: 3, enabled: () => true, now: () => now, ...overrides });
  return { c, advance: (ms: number) => (now += ms) };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ReadCache', () => {
  it('answers from memory until the entry expires', async () => {
    const { c, advance } = cache();
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await c.get('a', load)).toBe('v1');
    expect(await c.get('a', load)).toBe('v1');
    advance(1001);
    expect(await c.get('a', load)).toBe('v2');
  });

  it('hands a held value over synchronously, and peeks without loading', async () => {
    const { c, advance } = cache();
    expect(c.peek('a')).toBeUndefined();
    const loading = c.get('a', async () => 'v1');
    expect(loading).toBeInstanceOf(Promise);
    expect(await loading).toBe('v1');
    expect(c.get('a', async () => 'never')).toBe('v1');
    expect(c.peek('a')).toBe('v1');
    advance(1001);
    expect(c.peek('a')).toBeUndefined();
  });

  it('does not store what a load read before an invalidation of its key', async () => {
    const { c } = cache();
    const slow = deferred<string>();
    const first = c.get('a', () => slow.promise);
    c.invalidate('a');
    slow.resolve('old');
    expect(await first).toBe('old');
    expect(await c.get('a', async () => 'new')).toBe('new');
  });

  it('does not store what a load read before a wider invalidation', async () => {
    const { c } = cache();
    const slow = deferred<string>();
    const first = c.get('a', () => slow.promise);
    c.invalidateWhere(() => true);
    slow.resolve('old');
    await first;
    expect(await c.get('a', async () => 'new')).toBe('new');

    const again = deferred<string>();
    const second = c.get('b', () => again.promise);
    c.clear();
    again.resolve('old');
    await second;
    expect(await c.get('b', async () => 'new')).toBe('new');
  });

  it('drops only the entries a predicate picks', async () => {
    const { c } = cache();
    await c.get('a', async () => 'keep');
    await c.get('b', async () => 'drop');
    c.invalidateWhere((v) => v === 'drop');
    expect(await c.get('a', async () => 'reloaded')).toBe('keep');
    expect(await c.get('b', async () => 'reloaded')).toBe('reloaded');
  });

  it('never stores undefined, and stores nothing while disabled', async () => {
    let enabled = false;
    const { c } = cache({ enabled: () => enabled });
    await c.get('a', async () => 'x');
    expect(c.size).toBe(0);
    enabled = true;
    await c.get<string | undefined>('b', async () => undefined);
    expect(c.size).toBe(0);
  });

  it('evicts the least recently used entry beyond its size', async () => {
    const { c, advance } = cache({ ttlMs: 10 * REORDER_AFTER_MS });
    for (const k of ['a', 'b', 'c']) await c.get(k, async () => k);
    advance(REORDER_AFTER_MS);
    await c.get('a', async () => 'reloaded');
    await c.get('d', async () => 'd');
    expect(c.size).toBe(3);
    expect(await c.get('a', async () => 'reloaded')).toBe('a');
    expect(await c.get('b', async () => 'reloaded')).toBe('reloaded');
  });

  it('reorders an entry read again within REORDER_AFTER_MS of its last move no further', async () => {
    const { c, advance } = cache({ ttlMs: 10 * REORDER_AFTER_MS });
    for (const k of ['a', 'b', 'c']) await c.get(k, async () => k);
    advance(REORDER_AFTER_MS - 1);
    await c.get('a', async () => 'reloaded');
    await c.get('d', async () => 'd');
    expect(await c.get('b', async () => 'reloaded')).toBe('b');
    expect(await c.get('a', async () => 'reloaded')).toBe('reloaded');
  });

  it('updates a value in place', async () => {
    const { c } = cache();
    await c.get('a', async () => 'x');
    c.update('a', 'y');
    expect(await c.get('a', async () => 'z')).toBe('y');
  });
});
