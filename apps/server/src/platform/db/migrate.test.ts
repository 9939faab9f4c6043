import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { migrateToLatest, pendingMigrations } from './migrate';
import { MIGRATIONS } from './migrations';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});
afterAll(() => database.drop());

it('applies every migration once, in order, and is a no-op the second time', async () => {
  const { db } = database.handle;
  expect(await pendingMigrations(db)).toEqual(Object.keys(MIGRATIONS));
  expect(await migrateToLatest(db)).toEqual(Object.keys(MIGRATIONS));
  expect(await migrateToLatest(db)).toEqual([]);
  expect(await pendingMigrations(db)).toEqual([]);
});

it('applies concurrently started migrations only once', async () => {
  const other = await createTestDatabase({ migrate: false });
  const results = await Promise.all([migrateToLatest(other.handle.db), migrateToLatest(other.handle.db)]);
  expect(results.flat()).toEqual(Object.keys(MIGRATIONS));
  await other.drop();
});

it('keeps the audit log append-only', async () => {
  const { db } = database.handle;
  await db
    .insertInto('audit_log')
    .values({ actor_kind: 'system', action: 'test.append', details: JSON.stringify({ a: 1 }) })
    .execute();
  await expect(sql`update audit_log set action = 'rewritten'`.execute(db)).rejects.toThrow(/append-only/);
  await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/append-only/);
});
