import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { type CodePurpose, type Language, LIMITS } from '@wallet/contract';
import { sql } from 'kysely';
import { addSeconds, type Clock } from '../../platform/clock';
import type { Db, Executor } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import { checkSecret, resetSecret, type SecretLimits } from '../../platform/secret-limits';
import { codeMail } from './mail-texts';
import * as q from './queries';

export const CODE_TTL_SECONDS = 10 * 60;

export interface CodeDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  secret: string;
  codesPerEmailPerHour: number;
  /** Wrong guesses of every secret, codes included (platform/secret-limits.ts). */
  limits: SecretLimits;
}

/** Codes are guessed per email and purpose: a wrong login code does not cost a payment code's tries. */
function codeAccount(email: string, purpose: CodePurpose) {
  return `${purpose}:${email}`;
}

/** Codes are kept as HMACs under the server secret: a leaked table does not reveal them. */
function hashCode(secret: string, email: string, purpose: CodePurpose, code: string): Buffer {
  return createHmac('sha256', secret).update(`${purpose}\0${email}\0${code}`).digest();
}

/**
 * Emails a fresh 6-digit code for one purpose. At most one per email and purpose every 60 s, and a
 * cap per email per hour; a new code replaces the previous one, so wrong guesses cannot be spread
 * over several live codes. The mail is sent inside the transaction: if it fails, no code exists and
 * the user may ask again at once.
 */
export async function issueCode(deps: CodeDeps, email: string, purpose: CodePurpose, language: Language) {
  const now = deps.clock.now();
  const resendSeconds = LIMITS.auth.codeResendSeconds;
  const code = randomInt(0, 1_000_000).toString().padStart(LIMITS.secrets.verificationCodeLength, '0');
  await deps.db.transaction().execute(async (trx) => {
    // Serialises concurrent requests for the same email and purpose, so the 60 s rule holds under races.
    await sql`select pg_advisory_xact_lock(hashtextextended(${`code:${email}:${purpose}`}, 0))`.execute(trx);
    const latest = await q.latestCode(trx, email, purpose);
    if (latest) {
      const waited = (now.getTime() - latest.created_at.getTime()) / 1000;
      if (waited < resendSeconds) throw new AppError('CODE_RESEND_TOO_SOON', { retryAfterSeconds: Math.ceil(resendSeconds - waited) });
    }
    if ((await q.countCodesSince(trx, email, addSeconds(now, -3600))) >= deps.codesPerEmailPerHour) {
      throw new AppError('RATE_LIMITED', { retryAfterSeconds: 3600 });
    }
    await q.supersedeCodes(trx, email, purpose, now);
    await q.insertCode(trx, {
      email,
      purpose,
      code_hash: hashCode(deps.secret, email, purpose, code),
      created_at: now,
      expires_at: addSeconds(now, CODE_TTL_SECONDS),
    });
    const mail = codeMail(language, purpose, code, CODE_TTL_SECONDS / 60);
    try {
      await deps.mailer.send({ to: email, ...mail }, trx);
    } catch (cause) {
      throw new AppError('MAIL_SEND_FAILED', undefined, { cause });
    }
  });
  // The new code gets its own tries (the old one is dead); the per-address count is not cleared.
  await resetSecret(deps.limits, 'email_code', codeAccount(email, purpose));
  return { sent: true as const, resendAfterSeconds: resendSeconds, expiresInSeconds: CODE_TTL_SECONDS };
}

/**
 * Uses up the live code for this email and purpose if `code` matches. A wrong code counts as a wrong
 * guess (LIMITS.secretAttempts.email_code) even though the request fails; after 5 the code is dead.
 */
export async function consumeCode(deps: CodeDeps, email: string, purpose: CodePurpose, code: string, ip: string): Promise<void> {
  const id = await checkCode(deps, email, purpose, code, ip);
  if (!(await q.spendCodeRow(deps.db, id, deps.clock.now()))) throw new AppError('CODE_EXPIRED');
}

/**
 * Checks the live code without using it up, and returns its id for spendCode. A wrong code counts
 * at once, in the shared secret-guessing limits, per email and purpose and per client address. A
 * request that moves money checks the code first and spends it in the transaction that moves the
 * money, so a refused or failed move leaves the code live.
 */
export async function checkCode(deps: CodeDeps, email: string, purpose: CodePurpose, code: string, ip: string): Promise<string> {
  return checkLiveCode(deps, { email, purpose, code, ip }, async () => {
    const row = await q.findLiveCode(deps.db, email, purpose);
    return row && { id: row.id, hash: row.code_hash, expiresAt: row.expires_at };
  });
}

/**
 * checkCode with the live code read by the caller's own query (liveCodeColumn), for a money request
 * that reads all it needs at once; counted and answered exactly as checkCode.
 */
export function checkReadCode(
  deps: CodeDeps,
  guess: { email: string; purpose: CodePurpose; code: string; ip: string },
  live: q.LiveCodeRow | null,
): Promise<string> {
  const row = live && { id: live.id, hash: Buffer.from(live.code_hash, 'hex'), expiresAt: new Date(live.expires_at) };
  return checkLiveCode(deps, guess, async () => row);
}

type LiveCode = { id: string; hash: Buffer; expiresAt: Date };

async function checkLiveCode(
  deps: CodeDeps,
  { email, purpose, code, ip }: { email: string; purpose: CodePurpose; code: string; ip: string },
  live: () => Promise<LiveCode | null | undefined>,
): Promise<string> {
  let id: string | undefined;
  const verdict = await checkSecret(deps.limits, { kind: 'email_code', account: codeAccount(email, purpose), ip }, async () => {
    const row = await live();
    // No live code is no guess: it is not counted.
    if (!row || row.expiresAt <= deps.clock.now()) throw new AppError('CODE_EXPIRED');
    id = row.id;
    return timingSafeEqual(hashCode(deps.secret, email, purpose, code), row.hash);
  });
  if (!verdict.ok || !id) throw new AppError('CODE_INVALID');
  return id;
}

/** Spends a code checked by checkCode, inside the caller's transaction; a code spent meanwhile fails it. */
export async function spendCode(trx: Executor, id: string, now: Date): Promise<void> {
  if (!(await q.spendCodeRow(trx, id, now))) throw new AppError('CODE_EXPIRED');
}
