import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/database';
import * as m0018 from './0018_withdrawal_event_codes';
import { MIGRATIONS } from './index';

const HASH = `0x${'ab'.repeat(32)}`;
const WITHDRAWAL = '6f1c2a4e-9b0d-4c1e-8f2a-3b4c5d6e7f80';

/** The English notes the sender and the review wrote before note codes, as they are in old databases. */
const OLD_EVENTS: Array<[status: string, note: string | null, actor: string]> = [
  ['pending_review', null, 'user:1'],
  ['approved', 'below the automatic approval amount', 'system'],
  ['approved', null, 'admin:7'],
  ['sending', `tx ${HASH} nonce 12`, 'system'],
  ['confirming', `tx ${HASH}`, 'system'],
  ['confirming', 'tx null', 'system'],
  ['approved', `tx ${HASH} expired unmined; to be signed again`, 'system'],
  ['completed', 'confirmed in block 773', 'system'],
  ['completed', `tx ${HASH}`, 'admin:7'],
  ['completed', 'marked sent by an operator', 'admin:7'],
  ['failed', 'the transaction failed on chain; funds returned', 'system'],
  ['rejected', 'address on a sanctions list', 'admin:7'],
  ['rejected', null, 'admin:7'],
  ['completed', 'something an operator typed', 'admin:7'],
];

let database: TestDatabase;
let db: Kysely<unknown>;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  db = database.handle.db as unknown as Kysely<unknown>;
  for (const [name, migration] of Object.entries(MIGRATIONS)) if (name < '0018') await migration.up(db);
  await db.connection().execute(async (conn) => {
    // Only the events matter here: the withdrawal they belong to is left out.
    await sql`set session_replication_role = replica`.execute(conn);
    for (const [status, note, actor] of OLD_EVENTS)
      await sql`insert into withdrawal_events (withdrawal_id, status, note, actor, created_at)
        values (${WITHDRAWAL}, ${status}, ${note}, ${actor}, now())`.execute(conn);
    await sql`set session_replication_role = origin`.execute(conn);
  });
});
afterAll(() => database.drop());

async function events() {
  const { rows } = await sql<{ note: string | null; note_code: string | null; note_params: Record<string, string> }>`
    select note, note_code, note_params from withdrawal_events order by id`.execute(db);
  return rows;
}

it('turns the old English notes into codes with their parameters', async () => {
  await m0018.up(db);
  expect(await events()).toEqual([
    { note: null, note_code: null, note_params: {} },
    { note: null, note_code: 'auto_approved', note_params: {} },
    { note: null, note_code: 'reviewed_by_operator', note_params: {} },
    { note: null, note_code: 'signed', note_params: { txHash: HASH } },
    { note: null, note_code: 'sent', note_params: { txHash: HASH } },
    { note: null, note_code: 'sent', note_params: {} },
    { note: null, note_code: 'signed_again', note_params: { txHash: HASH } },
    { note: null, note_code: 'confirmed', note_params: { block: '773' } },
    { note: null, note_code: 'sent_by_operator', note_params: { txHash: HASH } },
    { note: null, note_code: 'sent_by_operator', note_params: {} },
    { note: null, note_code: 'failed_on_chain', note_params: {} },
    { note: null, note_code: 'rejected', note_params: { reason: 'address on a sanctions list' } },
    { note: null, note_code: null, note_params: {} },
    // Matches nothing: kept for operators, not shown to the member.
    { note: 'something an operator typed', note_code: null, note_params: {} },
  ]);
});

it('writes the notes back as text when undone', async () => {
  await m0018.down(db);
  const { rows } = await sql<{ note: string | null }>`select note from withdrawal_events order by id`.execute(db);
  expect(rows.map((row) => row.note)).toEqual([
    null,
    'below the automatic approval amount',
    null,
    `tx ${HASH}`,
    `tx ${HASH}`,
    'tx null',
    `tx ${HASH} expired unmined; to be signed again`,
    'confirmed in block 773',
    `tx ${HASH}`,
    'marked sent by an operator',
    'the transaction failed on chain; funds returned',
    'address on a sanctions list',
    null,
    'something an operator typed',
  ]);
});
