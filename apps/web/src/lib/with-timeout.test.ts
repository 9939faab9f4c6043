import { describe, expect, it } from 'vitest';
import { TimeoutError, withTimeout } from './with-timeout';

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('withTimeout', () => {
  it('passes through a value that arrives in time', async () => {
    await expect(withTimeout(after(5, 'chunk'), 1_000)).resolves.toBe('chunk');
  });

  it('passes through a rejection that arrives in time', async () => {
    await expect(withTimeout(Promise.reject(new Error('offline')), 1_000)).rejects.toThrow('offline');
  });

  it('rejects with TimeoutError when the promise is too slow', async () => {
    await expect(withTimeout(after(1_000, 'late'), 10)).rejects.toBeInstanceOf(TimeoutError);
  });
});
