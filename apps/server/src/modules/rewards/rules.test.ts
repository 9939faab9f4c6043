import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import type { Db } from '../../platform/db/database';
import { ruleBook, ruleFor, ruleText } from './rules';

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
});
afterAll(async () => {
  await database?.drop();
});

describe('reward rules', () => {
  it('reads the opening rates as members see them', async () => {
    const opened = await ruleFor(db, 'card_opened', 'agent', 1, new Date('2026-06-01T00:00:00Z'));
    const spend = await ruleFor(db, 'card_spend', 'member', 1, new Date('2026-06-01T00:00:00Z'));
    expect(opened && ruleText(opened)).toBe('3 USDT');
    expect(spend && ruleText(spend)).toBe('0.2%');
    expect(await ruleFor(db, 'card_spend', 'member', 1, new Date('2025-12-31T23:59:59Z'))).toBeUndefined();
  });

  it('takes the latest version started by the event, the last written on a tie', async () => {
    const starts = new Date('2026-09-01T00:00:00Z');
    const versions = await db
      .insertInto('reward_rules')
      .values([
        { event_kind: 'card_recharge', role: 'agent', level: 2, amount_kind: 'percent', value: '0.07', currency: null, starts_at: starts },
        { event_kind: 'card_recharge', role: 'agent', level: 2, amount_kind: 'percent', value: '0.08', currency: null, starts_at: starts },
      ])
      .returning('id')
      .execute();
    const book = await ruleBook(db);
    for (const read of [
      (at: Date) => ruleFor(db, 'card_recharge', 'agent', 2, at),
      async (at: Date) => book.ruleFor('card_recharge', 'agent', 2, at),
    ]) {
      expect((await read(new Date('2026-08-31T23:59:59Z')))?.value).toMatch(/^0\.05/);
      expect((await read(starts))?.id).toBe(versions[1]?.id);
      expect(ruleText((await read(new Date('2026-10-01T00:00:00Z'))) as NonNullable<Awaited<ReturnType<typeof read>>>)).toBe('0.08%');
    }
  });
});
