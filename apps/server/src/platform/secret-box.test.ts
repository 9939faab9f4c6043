import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

const key = (byte: number) => Buffer.alloc(32, byte).toString('base64');

describe('SecretBox', () => {
  const box = new SecretBox({ old: key(1), now: key(2) }, 'now');

  it('opens what it sealed, under the current key, and never the same bytes twice', () => {
    const a = box.seal('11010519491231002X', 'payee:1');
    const b = box.seal('11010519491231002X', 'payee:1');
    expect(a.keyId).toBe('now');
    expect(a.sealed.equals(b.sealed)).toBe(false);
    expect(a.sealed.toString('latin1')).not.toContain('11010519491231002X');
    expect(box.open(a.keyId, a.sealed, 'payee:1')).toBe('11010519491231002X');
  });

  it('refuses a value altered, moved to another row, or under a key it no longer has', () => {
    const { keyId, sealed } = box.seal('6222021234567890123', 'payee:1');
    const altered = Buffer.from(sealed);
    altered[altered.length - 1] = (altered.at(-1) ?? 0) ^ 1;
    expect(() => box.open(keyId, altered, 'payee:1')).toThrow();
    expect(() => box.open(keyId, sealed, 'payee:2')).toThrow();
    expect(() => new SecretBox({ now: key(2) }, 'now').open('old', sealed, 'payee:1')).toThrow(/no key named old/);
  });

  it('opens values of a previous key after rotation, and seals new ones with the new key', () => {
    const before = new SecretBox({ old: key(1) }, 'old').seal('13800138000', 'payee:9');
    expect(box.open(before.keyId, before.sealed, 'payee:9')).toBe('13800138000');
    expect(box.seal('x', 'y').keyId).toBe('now');
  });

  it('refuses keys that are not 256 bits and a current key it does not have', () => {
    expect(() => new SecretBox({ a: Buffer.alloc(16).toString('base64') }, 'a')).toThrow(/32 bytes/);
    expect(() => new SecretBox({ a: key(1) }, 'b')).toThrow(/no key named b/);
  });
});
