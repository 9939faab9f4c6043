import { randomBytes } from 'node:crypto';
import { OPERATOR_ROLES, type OperatorRole } from '@wallet/contract';
import { API_KEY_PREFIX, tokenHash } from '../src/modules/operators/guard';
import type { Db } from '../src/platform/db/database';

export interface TestOperator {
  id: string;
  email: string;
  roles: OperatorRole[];
  /** The operator's API key, as the bearer token of /api/v1/admin calls. */
  key: string;
  headers: { authorization: string };
}

let counter = 0;

/**
 * An operator with an API key of the given roles, written straight to the tables: a fixture for
 * tests of what operators do. How operators are made and sign in is tested through the API itself.
 */
export async function testOperator(
  target: { database: { handle: { db: Db } } } | Db,
  roles: readonly OperatorRole[] = OPERATOR_ROLES.filter((role) => role !== 'auditor'),
): Promise<TestOperator> {
  const db = 'database' in target ? target.database.handle.db : target;
  counter += 1;
  const email = `operator${counter}.${randomBytes(4).toString('hex')}@ops.example.com`;
  const { id } = await db
    .insertInto('operators')
    .values({
      email,
      password_hash: null,
      roles: [...roles],
      totp_key_id: null,
      totp_sealed: null,
      totp_confirmed_at: null,
      totp_last_step: null,
      enrol_token_hash: null,
      enrol_expires_at: null,
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  await db
    .insertInto('operator_api_keys')
    .values({
      name: `test key of ${email}`,
      key_hash: tokenHash(key),
      prefix: key.slice(0, 10),
      roles: [...roles],
      created_by: id,
      last_used_at: null,
      revoked_at: null,
    })
    .execute();
  return { id, email, roles: [...roles], key, headers: { authorization: `Bearer ${key}` } };
}
