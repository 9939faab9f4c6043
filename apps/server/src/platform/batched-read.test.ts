import { describe, expect, it } from 'vitest';
import { batchedRead } from './batched-read';
import type { Db } from './db/database';

const db = {} as Db;
const otherDb = {} as Db;

/** A read that records each batch it is asked for, and answers each key with its double. */
function doubling() {
  const batches: number[][] = [];
  const read = batchedRead(async (_db, keys: readonly number[]) => {
    batches.push([...keys]);
    return keys.map((key) => key * 2);
  });
  return { batches, read };
}

describe('batchedRead', () => {
  it('reads the keys asked for in one turn in one call, in their order, a key asked twice twice', async () => {
    const { batches, read } = doubling();
    const answers = await Promise.all([read(db, 3), read(db, 1), read(db, 3)]);
    expect(answers).toEqual([6, 2, 6]);
    expect(batches).toEqual([[3, 1, 3]]);
  });

  it('reads a later turn in a call of its own, and each database apart', async () => {
    const { batches, read } = doubling();
    await read(db, 1);
    await Promise.all([read(db, 2), read(otherDb, 3)]);
    expect(batches).toEqual([[1], [2], [3]]);
  });

  it('fails only the key whose answer is an error', async () => {
    const read = batchedRead(async (_db, keys: readonly number[]) => keys.map((key) => (key < 0 ? new RangeError(`no ${key}`) : key)));
    const [good, bad] = await Promise.allSettled([read(db, 1), read(db, -1)]);
    expect(good).toEqual({ status: 'fulfilled', value: 1 });
    expect(bad).toMatchObject({ status: 'rejected', reason: new RangeError('no -1') });
  });

  it('reads a failed batch again key by key, so one bad key fails its own request alone', async () => {
    const batches: number[][] = [];
    const read = batchedRead(async (_db, keys: readonly number[]) => {
      batches.push([...keys]);
      if (keys.includes(-1)) throw new Error('invalid input syntax');
      return keys;
    });
    const settled = await Promise.allSettled([read(db, 1), read(db, -1), read(db, 2)]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(settled[1]).toMatchObject({ reason: new Error('invalid input syntax') });
    expect(batches).toEqual([[1, -1, 2], [1], [-1], [2]]);
  });

  it('passes on the failure of a read of one key as it is', async () => {
    const read = batchedRead(async () => {
      throw new Error('connection terminated');
    });
    await expect(read(db, 1)).rejects.toThrow('connection terminated');
  });
});
