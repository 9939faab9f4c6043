import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotency-key';

describe('idempotency keys', () => {
  it('are 32 hex characters the server accepts, and differ each time', () => {
    const first = newIdempotencyKey();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(first);
  });

  it('encode every random byte, leading zeros included', () => {
    expect(newIdempotencyKey((bytes) => bytes.fill(10))).toBe('0a'.repeat(16));
  });
});
