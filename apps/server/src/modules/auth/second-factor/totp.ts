import { generateSecret, generateURI, verify } from 'otplib';
import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/database';
import { AppError } from '../../../platform/errors';
import type { SecretBox } from '../../../platform/secret-box';
import * as q from './queries';

/** A setup not confirmed within this time must start again (a QR code left on a screen goes stale). */
const SETUP_SECONDS = 15 * 60;
const PERIOD = 30;
const ISSUER = 'SBC Wallet';

export interface TotpDeps {
  db: Db;
  clock: Clock;
  box: SecretBox;
}

// The secret is bound to its member: a sealed secret copied to another row does not open.
const aad = (userId: string) => `totp:${userId}`;

export async function startTotp(deps: TotpDeps, user: { id: string; email: string }) {
  const existing = await q.findTotp(deps.db, user.id);
  if (existing?.confirmed_at) throw new AppError('TOTP_ALREADY_ENABLED');
  const secret = generateSecret();
  const { keyId, sealed } = deps.box.seal(secret, aad(user.id));
  if (!(await q.upsertPendingTotp(deps.db, { userId: user.id, keyId, sealed, now: deps.clock.now() }))) {
    throw new AppError('TOTP_ALREADY_ENABLED');
  }
  return { secret, otpauthUri: generateURI({ issuer: ISSUER, label: user.email, secret, period: PERIOD }) };
}

/**
 * Whether `code` is the member's current code (or the one just before or after, for a clock a little
 * off), and newer than every code accepted before. `confirming` checks the pending setup instead.
 */
export async function totpCodeValid(deps: TotpDeps, userId: string, code: string, confirming = false): Promise<boolean> {
  const step = await totpCodeStep(deps, userId, code, confirming);
  return step !== null && q.claimTimeStep(deps.db, userId, step, confirming ? deps.clock.now() : null);
}

/**
 * The time step `code` belongs to, or null for a wrong code or one not newer than the last taken;
 * nothing is written. Claiming it (q.claimTimeStep) is what takes the code, and turns a pending setup on.
 */
export async function totpCodeStep(deps: TotpDeps, userId: string, code: string, confirming: boolean): Promise<number | null> {
  const row = await q.findTotp(deps.db, userId);
  if (!row || (row.confirmed_at === null) !== confirming) return null;
  const now = deps.clock.now();
  if (confirming && now.getTime() - row.created_at.getTime() > SETUP_SECONDS * 1000) throw new AppError('TOTP_SETUP_EXPIRED');
  const secret = deps.box.open(row.secret_key_id, row.secret_sealed, aad(userId));
  const result = await verify({
    secret,
    token: code,
    period: PERIOD,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: PERIOD,
    ...(row.last_time_step !== null && { afterTimeStep: Number(row.last_time_step) }),
  });
  if (!result.valid || !('timeStep' in result)) return null;
  return result.timeStep;
}
