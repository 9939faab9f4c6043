import { describe, expect, it } from 'vitest';
import { MemberReadCache } from './member-read-cache';

const cache = () => new MemberReadCache<string>({ ttlMs: 60_000, maxEntries: 100, enabled: () => true });

describe('MemberReadCache', () => {
  it('keeps each variant of a member until that member changes', async () => {
    const c = cache();
    await c.get('u1', 'en', async () => 'u1-en');
    await c.get('u1', 'zh', async () => 'u1-zh');
    await c.get('u2', 'en', async () => 'u2-en');
    expect(await c.get('u1', 'en', async () => 'reloaded')).toBe('u1-en');
    c.invalidate('u1');
    expect(await c.get('u1', 'en', async () => 'u1-en-2')).toBe('u1-en-2');
    expect(await c.get('u1', 'zh', async () => 'u1-zh-2')).toBe('u1-zh-2');
    expect(await c.get('u2', 'en', async () => 'reloaded')).toBe('u2-en');
  });

  it('does not store a read that was under way when the member changed', async () => {
    const c = cache();
    let finish: (value: string) => void = () => {};
    const loading = c.get('u1', 'en', () => new Promise<string>((resolve) => (finish = resolve)));
    c.invalidate('u1');
    finish('read before the change');
    expect(await loading).toBe('read before the change');
    expect(await c.get('u1', 'en', async () => 'fresh')).toBe('fresh');
  });

  it('bounds the variants one member can make', async () => {
    const c = cache();
    for (let i = 0; i < 100; i++) await c.get('u1', `card-${i}`, async () => `v${i}`);
    expect(c.size).toBeLessThanOrEqual(32);
    // The newest variants are still kept.
    expect(await c.get('u1', 'card-99', async () => 'reloaded')).toBe('v99');
  });
});
