import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { member } from '../../../test/reward-engine';
import type { Db } from '../../platform/db/database';
import { uplineOf } from './team';

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
});
afterAll(async () => {
  await database?.drop();
});

const setInviter = (userId: string, inviter: string | null) =>
  db.updateTable('users').set({ invited_by: inviter }).where('id', '=', userId).execute();

const linksOf = (memberId: string) =>
  db.selectFrom('team_links').select(['ancestor_id', 'depth']).where('member_id', '=', memberId).orderBy('depth').execute();

const sizesOf = async (ancestorId: string) => {
  const { rows } = await sql<{ depth: number; members: string }>`
    select depth, members from team_sizes where ancestor_id = ${ancestorId} order by depth`.execute(db);
  return rows.map((row) => [row.depth, Number(row.members)]);
};

describe('the team: who invited whom, fixed at registration', () => {
  it('links a new member to every ancestor with its depth, and counts each ancestor’s team per depth', async () => {
    const root = await member(db);
    const first = await member(db, root);
    const second = await member(db, first);
    const third = await member(db, second);
    await member(db, first);

    expect(await linksOf(third)).toEqual([
      { ancestor_id: second, depth: 1 },
      { ancestor_id: first, depth: 2 },
      { ancestor_id: root, depth: 3 },
    ]);
    expect(await uplineOf(db, third)).toEqual([second, first]);
    expect(await uplineOf(db, root)).toEqual([]);
    expect(await sizesOf(root)).toEqual([
      [1, 1],
      [2, 2],
      [3, 1],
    ]);
    expect(await sizesOf(first)).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it('refuses a self-invitation, at sign-up and after', async () => {
    const someone = await member(db);
    await expect(setInviter(someone, someone)).rejects.toThrow();
    const id = crypto.randomUUID();
    await expect(
      db
        .insertInto('users')
        .values({
          id,
          uid: '12344321',
          email: 'self-invited@example.com',
          password_hash: 'x',
          bound_network: 'BSC',
          bound_address: '0x000000000000000000000000000000000000dead',
          invite_code: 'SELFINVITE',
          invited_by: id,
        })
        .execute(),
    ).rejects.toThrow(/users_not_self_invited/);
  });

  it('refuses a changed, removed or late inviter, so no cycle can ever form', async () => {
    const a = await member(db);
    const b = await member(db, a);
    const other = await member(db);
    // A cycle would need a's inviter to become b (a invited b): refused like any change.
    await expect(setInviter(a, b)).rejects.toThrow(/the inviter is fixed at registration/);
    await expect(setInviter(b, other)).rejects.toThrow(/the inviter is fixed at registration/);
    await expect(setInviter(b, null)).rejects.toThrow(/the inviter is fixed at registration/);
    // An invite code is taken only at registration: a member who signed up without one stays without.
    await expect(setInviter(other, a)).rejects.toThrow(/the inviter is fixed at registration/);
    const inviters = await db.selectFrom('users').select(['id', 'invited_by']).where('id', 'in', [a, b, other]).execute();
    expect(new Map(inviters.map((row) => [row.id, row.invited_by]))).toEqual(
      new Map([
        [a, null],
        [b, a],
        [other, null],
      ]),
    );
    // Everything else about a member still changes.
    await db.updateTable('users').set({ nickname: 'Still editable' }).where('id', '=', b).execute();
  });

  it('keeps the team links append-only', async () => {
    const a = await member(db);
    const b = await member(db, a);
    await expect(db.deleteFrom('team_links').where('member_id', '=', b).execute()).rejects.toThrow(/append-only/);
    await expect(db.updateTable('team_links').set({ depth: 2 }).where('member_id', '=', b).execute()).rejects.toThrow(/append-only/);
    expect(await linksOf(b)).toEqual([{ ancestor_id: a, depth: 1 }]);
  });
});
