import { sql } from 'kysely';
import type { Executor } from '../../../platform/db/database';

/* The second-factor tables (migration 0020), read and written only through these. */

export function findTotp(db: Executor, userId: string) {
  return db.selectFrom('totp_factors').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** A new setup replaces an unconfirmed one; a confirmed factor is never overwritten here. */
export async function upsertPendingTotp(db: Executor, row: { userId: string; keyId: string; sealed: Buffer; now: Date }) {
  const result = await db
    .insertInto('totp_factors')
    .values({ user_id: row.userId, secret_key_id: row.keyId, secret_sealed: row.sealed, created_at: row.now })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret_key_id: row.keyId, secret_sealed: row.sealed, created_at: row.now })
        .where('totp_factors.confirmed_at', 'is', null),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Takes a time step for the factor: only a step newer than the last accepted one, so one code (or an
 * older one) never works twice, even from two requests at once.
 */
export async function claimTimeStep(db: Executor, userId: string, step: number, confirmAt: Date | null) {
  const row = await db
    .updateTable('totp_factors')
    .set({ last_time_step: step, ...(confirmAt && { confirmed_at: confirmAt }) })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', step as never)]))
    .where('confirmed_at', confirmAt ? 'is' : 'is not', null)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteTotp(db: Executor, userId: string) {
  const result = await db.deleteFrom('totp_factors').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function listPasskeys(db: Executor, userId: string) {
  return db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
}

export function findPasskeyByCredential(db: Executor, userId: string, credentialId: string) {
  return db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).where('credential_id', '=', credentialId).executeTakeFirst();
}

export function insertPasskey(
  db: Executor,
  row: { userId: string; credentialId: string; publicKey: Buffer; counter: number; transports: string[]; label: string; now: Date },
) {
  return db
    .insertInto('passkeys')
    .values({
      user_id: row.userId,
      credential_id: row.credentialId,
      public_key: row.publicKey,
      counter: row.counter,
      transports: row.transports,
      label: row.label,
      created_at: row.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The counter only moves forward: of two racing uses of one assertion, the second updates nothing. */
export async function recordPasskeyUse(db: Executor, id: string, oldCounter: string, newCounter: number, now: Date) {
  const result = await db
    .updateTable('passkeys')
    .set({ counter: newCounter, last_used_at: now })
    .where('id', '=', id)
    .where('counter', '=', oldCounter as never)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deletePasskey(db: Executor, userId: string, id: string) {
  const result = await db.deleteFrom('passkeys').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function countLiveRecoveryCodes(db: Executor, userId: string) {
  return db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export async function replaceRecoveryCodes(db: Executor, userId: string, hashes: Buffer[], now: Date) {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  if (hashes.length === 0) return;
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })))
    .execute();
}

/** Uses a code up; false when it is unknown or already used (the update is the single-use check). */
export async function useRecoveryCode(db: Executor, userId: string, codeHash: Buffer, now: Date) {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether the member has a factor on: a confirmed TOTP or a passkey. */
export async function hasAnyFactor(db: Executor, userId: string) {
  const row = await sql<{ on: boolean }>`
    select exists (select 1 from totp_factors where user_id = ${userId} and confirmed_at is not null)
        or exists (select 1 from passkeys where user_id = ${userId}) as on`.execute(db);
  return row.rows[0]?.on === true;
}

export async function insertChallenge(
  db: Executor,
  row: { challenge: string; userId: string; purpose: 'register' | 'authenticate'; rpId: string; origin: string; expiresAt: Date },
) {
  await db
    .insertInto('webauthn_challenges')
    .values({
      challenge: row.challenge,
      user_id: row.userId,
      purpose: row.purpose,
      rp_id: row.rpId,
      origin: row.origin,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** Takes a live challenge of the member out of the table: each one answers once. */
export function takeChallenge(db: Executor, challenge: string, userId: string, purpose: 'register' | 'authenticate', now: Date) {
  return db
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge)
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .returning(['rp_id', 'origin'])
    .executeTakeFirst();
}

/** Challenges and tickets past their time answer nothing; they go when new ones are made. */
export async function deleteExpired(db: Executor, now: Date) {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).execute();
  await db.deleteFrom('login_tickets').where('expires_at', '<=', now).execute();
}

export async function insertLoginTicket(db: Executor, row: { tokenHash: Buffer; userId: string; expiresAt: Date }) {
  await db.insertInto('login_tickets').values({ token_hash: row.tokenHash, user_id: row.userId, expires_at: row.expiresAt }).execute();
}

export function findLiveTicket(db: Executor, tokenHash: Buffer, now: Date) {
  return db
    .selectFrom('login_tickets')
    .select(['user_id'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function useTicket(db: Executor, tokenHash: Buffer, now: Date) {
  const result = await db
    .updateTable('login_tickets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertTrustedDevice(db: Executor, row: { sessionId: string; userId: string; keyHash: Buffer; now: Date }) {
  await db
    .insertInto('trusted_devices')
    .values({ session_id: row.sessionId, user_id: row.userId, key_hash: row.keyHash, created_at: row.now })
    .execute();
}

/** Whether one of the member's live sessions was made on the device holding this key. */
export async function liveSessionOnDevice(db: Executor, userId: string, keyHash: Buffer, liveSince: Date) {
  const row = await db
    .selectFrom('trusted_devices')
    .innerJoin('sessions', 'sessions.id', 'trusted_devices.session_id')
    .select('sessions.id')
    .where('trusted_devices.user_id', '=', userId)
    .where('trusted_devices.key_hash', '=', keyHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.last_used_at', '>', liveSince)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
