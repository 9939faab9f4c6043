import { describe, expect, it } from 'vitest';
import { createAttemptKeys } from './attempt-keys';

describe('attempt keys', () => {
  const counter = () => {
    let n = 0;
    return () => `key-${++n}`;
  };

  it('reuse the key when the same request is confirmed again', () => {
    const keys = createAttemptKeys(counter());
    expect(keys.keyFor('{"amount":"5"}')).toBe('key-1');
    expect(keys.keyFor('{"amount":"5"}')).toBe('key-1');
  });

  it('start a new key when what is sent changes', () => {
    const keys = createAttemptKeys(counter());
    keys.keyFor('{"amount":"5"}');
    expect(keys.keyFor('{"amount":"6"}')).toBe('key-2');
    expect(keys.keyFor('{"amount":"5"}')).toBe('key-3');
  });

  it('start a new key after a success, even for the same values', () => {
    const keys = createAttemptKeys(counter());
    keys.keyFor('{"amount":"5"}');
    keys.reset();
    expect(keys.keyFor('{"amount":"5"}')).toBe('key-2');
  });

  it('end the attempt in a success handler before handing on the reply', () => {
    const keys = createAttemptKeys(counter());
    keys.keyFor('{"amount":"5"}');
    const seen: string[] = [];
    keys.done((reply: string) => seen.push(reply))('ok');
    expect(seen).toEqual(['ok']);
    expect(keys.keyFor('{"amount":"5"}')).toBe('key-2');
  });

  it('make keys the server accepts by default', () => {
    const keys = createAttemptKeys();
    expect(keys.keyFor('a')).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
  });
});
