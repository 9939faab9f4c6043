import { type RawBuilder, sql } from 'kysely';
import type { Db, Executor } from '../../platform/db/database';
import type { OperatorRoleName } from '../../platform/db/schema-operators';

/** The operators' own tables (migration 0027), read and written only through this module. */

export const operatorColumns = [
  'id',
  'email',
  'password_hash',
  'roles',
  'status',
  'totp_key_id',
  'totp_sealed',
  'totp_confirmed_at',
  'totp_last_step',
  'created_at',
] as const;

/**
 * Every operator's id and email as a derived table (in parentheses), joined in the caller's own read to
 * say who acted: `.leftJoin(operatorEmailsSql().as('o'), 'o.id', ...)`.
 */
export function operatorEmailsSql(): RawBuilder<{ id: string; email: string }> {
  return sql`(select id, email from operators)`;
}

export function findOperatorByEmail(db: Db | Executor, email: string) {
  return db.selectFrom('operators').select(operatorColumns).where('email', '=', email).executeTakeFirst();
}

export function findOperator(db: Db | Executor, id: string) {
  return db.selectFrom('operators').select(operatorColumns).where('id', '=', id).executeTakeFirst();
}

/** The operator's row, locked until the transaction ends: one sign-in step at a time per operator. */
export function lockOperator(trx: Executor, id: string) {
  return trx.selectFrom('operators').select(operatorColumns).where('id', '=', id).forUpdate().executeTakeFirst();
}

export type OperatorRow = NonNullable<Awaited<ReturnType<typeof findOperator>>>;

export async function insertOperator(
  trx: Executor,
  values: {
    email: string;
    roles: OperatorRoleName[];
    createdBy: string | null;
    enrolTokenHash: Buffer | null;
    enrolExpiresAt: Date | null;
  },
) {
  return trx
    .insertInto('operators')
    .values({
      email: values.email,
      password_hash: null,
      roles: values.roles,
      totp_key_id: null,
      totp_sealed: null,
      totp_confirmed_at: null,
      totp_last_step: null,
      enrol_token_hash: values.enrolTokenHash,
      enrol_expires_at: values.enrolExpiresAt,
      created_by: values.createdBy,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning(operatorColumns)
    .executeTakeFirst();
}

/** A live session of any stage by its token's hash, with its operator. */
export function findSessionByHash(db: Db | Executor, hash: Buffer) {
  return db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select(['s.id', 's.operator_id', 's.stage', 's.created_at', 's.last_used_at', 'o.email', 'o.roles', 'o.status'])
    .where('s.token_hash', '=', hash)
    .where('s.revoked_at', 'is', null)
    .executeTakeFirst();
}

export function insertSession(
  trx: Executor,
  values: { operatorId: string; tokenHash: Buffer; stage: 'password' | 'full'; device: string; ip: string | null; now: Date },
) {
  return trx
    .insertInto('operator_sessions')
    .values({
      operator_id: values.operatorId,
      token_hash: values.tokenHash,
      stage: values.stage,
      device: values.device,
      ip: values.ip,
      created_at: values.now,
      last_used_at: values.now,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/**
 * A 'password' session becomes 'full' under a new token: the token that existed before the second
 * factor is never a signed-in session. False when it was no longer a live 'password' session.
 */
export async function promoteSession(trx: Executor, id: string, tokenHash: Buffer, now: Date): Promise<boolean> {
  const row = await trx
    .updateTable('operator_sessions')
    .set({ stage: 'full', token_hash: tokenHash, last_used_at: now })
    .where('id', '=', id)
    .where('stage', '=', 'password')
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the operator signed in fully before, and from this device. */
export async function devicesSeen(trx: Executor, operatorId: string, device: string, except: string) {
  const row = await trx
    .selectFrom('operator_sessions')
    .select([sql<boolean>`count(*) > 0`.as('any'), sql<boolean>`coalesce(bool_or(device = ${device}), false)`.as('thisDevice')])
    .where('operator_id', '=', operatorId)
    .where('stage', '=', 'full')
    .where('id', '<>', except)
    .executeTakeFirstOrThrow();
  return row;
}

export function liveSessions(db: Db | Executor, operatorId: string) {
  return db
    .selectFrom('operator_sessions')
    .select(['id', 'device', 'ip', 'created_at', 'last_used_at'])
    .where('operator_id', '=', operatorId)
    .where('stage', '=', 'full')
    .where('revoked_at', 'is', null)
    .orderBy('last_used_at', 'desc')
    .execute();
}

export async function revokeSession(trx: Executor, operatorId: string, id: string, now: Date): Promise<boolean> {
  const row = await trx
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function revokeAllSessions(trx: Executor, operatorId: string, now: Date): Promise<number> {
  const rows = await trx
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}

export async function setPendingTotp(trx: Executor, operatorId: string, keyId: string, sealed: Buffer) {
  await trx
    .updateTable('operators')
    .set({ totp_key_id: keyId, totp_sealed: sealed, totp_confirmed_at: null, totp_last_step: null })
    .where('id', '=', operatorId)
    .execute();
}

/**
 * Takes a TOTP time step: a code is accepted once, and never one older than the last taken.
 * `confirmAt` turns a pending enrolment on in the same write. False when the step was already taken.
 */
export async function claimTimeStep(trx: Executor, operatorId: string, step: number, confirmAt: Date | null): Promise<boolean> {
  const row = await trx
    .updateTable('operators')
    .set({ totp_last_step: step, ...(confirmAt && { totp_confirmed_at: confirmAt }) })
    .where('id', '=', operatorId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step) as never)]))
    .where('totp_confirmed_at', confirmAt ? 'is' : 'is not', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function replaceRecoveryCodes(trx: Executor, operatorId: string, hashes: Buffer[]) {
  await trx.deleteFrom('operator_recovery_codes').where('operator_id', '=', operatorId).execute();
  await trx
    .insertInto('operator_recovery_codes')
    .values(hashes.map((code_hash) => ({ operator_id: operatorId, code_hash, used_at: null })))
    .execute();
}

/** Spends a recovery code: true once, for the first caller. */
export async function useRecoveryCode(trx: Executor, operatorId: string, hash: Buffer, now: Date): Promise<boolean> {
  const row = await trx
    .updateTable('operator_recovery_codes')
    .set({ used_at: now })
    .where('operator_id', '=', operatorId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function recoveryCodesLeft(db: Db | Executor, operatorId: string): Promise<number> {
  const row = await db
    .selectFrom('operator_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('operator_id', '=', operatorId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listPasskeys(db: Db | Executor, operatorId: string) {
  return db
    .selectFrom('operator_passkeys')
    .select(['id', 'credential_id', 'public_key', 'counter', 'transports', 'label', 'created_at', 'last_used_at'])
    .where('operator_id', '=', operatorId)
    .orderBy('created_at')
    .execute();
}

export async function insertChallenge(
  db: Db | Executor,
  challenge: string,
  operatorId: string,
  purpose: 'register' | 'authenticate',
  expiresAt: Date,
) {
  await db
    .deleteFrom('operator_challenges')
    .where('expires_at', '<', new Date(expiresAt.getTime() - 3600_000))
    .execute();
  await db.insertInto('operator_challenges').values({ challenge, operator_id: operatorId, purpose, expires_at: expiresAt }).execute();
}

/** Uses a challenge up: true once, while it is live and was given to this operator for this purpose. */
export async function takeChallenge(
  db: Db | Executor,
  challenge: string,
  operatorId: string,
  purpose: 'register' | 'authenticate',
  now: Date,
) {
  const row = await db
    .deleteFrom('operator_challenges')
    .where('challenge', '=', challenge)
    .where('operator_id', '=', operatorId)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .returning('challenge')
    .executeTakeFirst();
  return row !== undefined;
}
