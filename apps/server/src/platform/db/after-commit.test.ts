import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { afterCommit } from './after-commit';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  await sql`create table marks (id int primary key)`.execute(database.handle.db);
});
afterAll(() => database.drop());

/** What another connection sees: the hook must only run once it can see the transaction's writes. */
async function visibleElsewhere(id: number): Promise<boolean> {
  const client = await database.handle.pool.connect();
  try {
    const { rowCount } = await client.query('select 1 from marks where id = $1', [id]);
    return rowCount === 1;
  } finally {
    client.release();
  }
}

describe('afterCommit', () => {
  it('runs hooks after the commit, when other connections see the writes', async () => {
    const seen: boolean[] = [];
    const result = await database.handle.db.transaction().execute(async (trx) => {
      await sql`insert into marks values (1)`.execute(trx);
      afterCommit(trx, () => void visibleElsewhere(1).then((v) => seen.push(v)));
      afterCommit(trx, () => seen.push(true));
      expect(seen).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual([true, true]);
  });

  it('drops the hooks of a transaction that rolls back', async () => {
    let ran = false;
    await expect(
      database.handle.db.transaction().execute(async (trx) => {
        afterCommit(trx, () => (ran = true));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(ran).toBe(false);
  });

  it('keeps the hooks on a builder with an isolation level', async () => {
    let ran = false;
    await database.handle.db
      .transaction()
      .setIsolationLevel('serializable')
      .execute(async (trx) => {
        afterCommit(trx, () => (ran = true));
      });
    expect(ran).toBe(true);
  });

  it('runs at once outside a transaction, and refuses a transaction it did not open', async () => {
    let ran = false;
    afterCommit(database.handle.db, () => (ran = true));
    expect(ran).toBe(true);
    const trx = await database.handle.db.startTransaction().execute();
    try {
      expect(() => afterCommit(trx, () => {})).toThrow(/not opened through openDatabase/);
    } finally {
      await trx.rollback().execute();
    }
  });
});
