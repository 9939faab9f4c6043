import { randomInt } from 'node:crypto';
import {
  type BindableNetwork,
  type CodePurpose,
  type DisplayCurrency,
  type Language,
  LIMITS,
  maskEmail,
  normalizeAddress,
  type Profile,
} from '@wallet/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { recordAudit } from '../../platform/audit';
import { addSeconds } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { type CodeDeps, consumeCode, issueCode } from './codes';
import { hashSecret, verifySecret } from './passwords';
import * as q from './queries';
import { createSession, liveSince } from './sessions';

/** `log` is for what goes wrong after the event committed (a notice mail SMTP could not send). */
export type AuthDeps = CodeDeps & { log: FastifyBaseLogger };

/** Payment password: 5 wrong tries lock money movements for 15 minutes. */
export const PAYMENT_MAX_FAILURES = 5;
export const PAYMENT_LOCK_SECONDS = 15 * 60;

export function toProfile(user: q.UserRow): Profile {
  return {
    uid: user.uid,
    email: user.email,
    emailMasked: maskEmail(user.email),
    nickname: user.nickname,
    phoneAreaCode: user.phone_area_code,
    phone: user.phone,
    language: user.language as Language,
    displayCurrency: user.display_currency as DisplayCurrency,
    network: user.bound_network,
    address: user.bound_address,
    inviteCode: user.invite_code,
    paymentPasswordSet: user.payment_password_hash !== null,
    kycStatus: user.kyc_status ?? 'none',
    createdAt: user.created_at.toISOString(),
  };
}

async function requireUser(deps: AuthDeps, userId: string) {
  const user = await q.findUserById(deps.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  return user;
}

async function session(deps: AuthDeps, user: q.UserRow, request: FastifyRequest) {
  const { token } = await createSession(deps, user, request);
  return { token, profile: toProfile(user) };
}

const PUBLIC_PURPOSES = ['register', 'login', 'reset_password'] as const satisfies readonly CodePurpose[];
export type PublicCodePurpose = (typeof PUBLIC_PURPOSES)[number];

/** Codes anyone may ask for: registering needs a new email, the others a registered one. */
export async function sendPublicCode(deps: AuthDeps, email: string, purpose: PublicCodePurpose, language: Language) {
  const user = await q.findUserByEmail(deps.db, email);
  if (purpose === 'register' && user) throw new AppError('EMAIL_TAKEN');
  if (purpose !== 'register' && !user) throw new AppError('LOGIN_NOT_REGISTERED');
  return issueCode(deps, email, purpose, user ? (user.language as Language) : language);
}

/** Codes for a signed-in user's own email. */
export async function sendAccountCode(deps: AuthDeps, userId: string, purpose: Exclude<CodePurpose, PublicCodePurpose>) {
  const user = await requireUser(deps, userId);
  return issueCode(deps, user.email, purpose, user.language as Language);
}

function randomUid(): string {
  return String(randomInt(10_000_000, 100_000_000));
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function randomInviteCode(): string {
  return Array.from({ length: 8 }, () => INVITE_ALPHABET.charAt(randomInt(INVITE_ALPHABET.length))).join('');
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string };
  return e.code === '23505' && e.constraint === constraint;
}

export interface RegisterInput {
  email: string;
  code: string;
  password: string;
  network: BindableNetwork;
  address: string;
  inviteCode?: string | undefined;
  language: Language;
}

/**
 * Everything that can be checked is checked before the code is used up, so a typo in the invite
 * code does not cost the user their code and a 60-second wait.
 */
export async function register(deps: AuthDeps, input: RegisterInput, request: FastifyRequest) {
  if (await q.findUserByEmail(deps.db, input.email)) throw new AppError('EMAIL_TAKEN');
  let invitedBy: string | null = null;
  if (input.inviteCode) {
    const inviter = await q.findUserByInviteCode(deps.db, input.inviteCode);
    if (!inviter) throw new AppError('INVITE_CODE_UNKNOWN');
    invitedBy = inviter.id;
  }
  await consumeCode(deps, input.email, 'register', input.code);
  const passwordHash = await hashSecret(input.password);

  for (let attempt = 0; ; attempt++) {
    try {
      const user = await q.insertUser(deps.db, {
        uid: randomUid(),
        email: input.email,
        password_hash: passwordHash,
        bound_network: input.network,
        bound_address: normalizeAddress(input.network, input.address),
        invite_code: randomInviteCode(),
        invited_by: invitedBy,
        language: input.language,
      });
      await recordAudit(deps.db, {
        actorKind: 'user',
        actorId: user.id,
        action: 'user.register',
        subject: `user:${user.id}`,
        ip: request.ip,
      });
      return session(deps, user, request);
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_key')) throw new AppError('EMAIL_TAKEN');
      // A random UID or invite code can collide with an existing one; draw again.
      const collided = isUniqueViolation(error, 'users_uid_key') || isUniqueViolation(error, 'users_invite_code_key');
      if (!collided || attempt >= 5) throw error;
    }
  }
}

/**
 * Password login. After 5 wrong passwords within 15 minutes, password login is locked for a minute
 * (code login is not). While locked the password is not even checked, so guessing gains nothing.
 */
export async function loginWithPassword(deps: AuthDeps, email: string, password: string, request: FastifyRequest) {
  const user = await q.findUserByEmail(deps.db, email);
  if (!user) throw new AppError('LOGIN_NOT_REGISTERED');
  const now = deps.clock.now();
  if (user.password_locked_until && user.password_locked_until > now) {
    throw new AppError('PASSWORD_LOGIN_LOCKED', { until: user.password_locked_until.toISOString() });
  }
  if (await verifySecret(user.password_hash, password)) {
    if (user.password_failures > 0) await q.updateUser(deps.db, user.id, { password_failures: 0, password_first_failure_at: null }, now);
    return session(deps, user, request);
  }
  await recordPasswordFailure(deps, user.id);
  const after = await q.findUserById(deps.db, user.id);
  if (after?.password_locked_until && after.password_locked_until > now) {
    throw new AppError('PASSWORD_LOGIN_LOCKED', { until: after.password_locked_until.toISOString() });
  }
  throw new AppError('LOGIN_FAILED');
}

async function recordPasswordFailure(deps: AuthDeps, userId: string) {
  const { auth } = LIMITS;
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const user = await q.findUserById(trx, userId, { forUpdate: true });
    if (!user) return;
    const windowStart = addSeconds(now, -auth.passwordLoginFailureWindowMinutes * 60);
    const fresh = !user.password_first_failure_at || user.password_first_failure_at < windowStart;
    const failures = fresh ? 1 : user.password_failures + 1;
    if (failures >= auth.passwordLoginMaxFailures) {
      await q.updateUser(
        trx,
        userId,
        { password_failures: 0, password_first_failure_at: null, password_locked_until: addSeconds(now, auth.passwordLoginLockSeconds) },
        now,
      );
    } else {
      await q.updateUser(
        trx,
        userId,
        { password_failures: failures, password_first_failure_at: fresh ? now : user.password_first_failure_at },
        now,
      );
    }
  });
}

export async function loginWithCode(deps: AuthDeps, email: string, code: string, request: FastifyRequest) {
  const user = await q.findUserByEmail(deps.db, email);
  if (!user) throw new AppError('LOGIN_NOT_REGISTERED');
  await consumeCode(deps, email, 'login', code);
  return session(deps, user, request);
}

/** Resetting ends every session (whoever knew the old password is out) and signs this device in. */
export async function resetPassword(deps: AuthDeps, email: string, code: string, password: string, request: FastifyRequest) {
  const user = await q.findUserByEmail(deps.db, email);
  if (!user) throw new AppError('LOGIN_NOT_REGISTERED');
  await consumeCode(deps, email, 'reset_password', code);
  const now = deps.clock.now();
  const updated = await q.updateUser(
    deps.db,
    user.id,
    { password_hash: await hashSecret(password), password_failures: 0, password_first_failure_at: null, password_locked_until: null },
    now,
  );
  await q.revokeSessionsExcept(deps.db, user.id, null, now);
  await recordAudit(deps.db, {
    actorKind: 'user',
    actorId: user.id,
    action: 'user.password.reset',
    subject: `user:${user.id}`,
    ip: request.ip,
  });
  return session(deps, updated, request);
}

export async function changePassword(
  deps: AuthDeps,
  auth: { userId: string; sessionId: string },
  proof: { oldPassword?: string | undefined; code?: string | undefined },
  password: string,
  ip: string,
) {
  const user = await requireUser(deps, auth.userId);
  if (proof.oldPassword !== undefined) {
    if (!(await verifySecret(user.password_hash, proof.oldPassword))) throw new AppError('OLD_PASSWORD_WRONG');
  } else if (proof.code !== undefined) {
    await consumeCode(deps, user.email, 'change_password', proof.code);
  } else {
    throw new AppError('PROOF_REQUIRED');
  }
  const now = deps.clock.now();
  await q.updateUser(deps.db, user.id, { password_hash: await hashSecret(password) }, now);
  const ended = await q.revokeSessionsExcept(deps.db, user.id, auth.sessionId, now);
  await recordAudit(deps.db, {
    actorKind: 'user',
    actorId: user.id,
    action: 'user.password.change',
    subject: `user:${user.id}`,
    details: { endedSessions: ended },
    ip,
  });
}

export async function setPaymentPassword(deps: AuthDeps, userId: string, code: string, paymentPassword: string, ip: string) {
  const user = await requireUser(deps, userId);
  await consumeCode(deps, user.email, 'payment_password', code);
  const now = deps.clock.now();
  const updated = await q.updateUser(
    deps.db,
    userId,
    { payment_password_hash: await hashSecret(paymentPassword), payment_failures: 0, payment_locked_until: null },
    now,
  );
  await recordAudit(deps.db, { actorKind: 'user', actorId: userId, action: 'user.payment_password.set', subject: `user:${userId}`, ip });
  return toProfile(updated);
}

export async function changePaymentPassword(
  deps: AuthDeps,
  userId: string,
  oldPaymentPassword: string,
  paymentPassword: string,
  ip: string,
) {
  await verifyPaymentPassword(deps, userId, oldPaymentPassword);
  const updated = await q.updateUser(deps.db, userId, { payment_password_hash: await hashSecret(paymentPassword) }, deps.clock.now());
  await recordAudit(deps.db, { actorKind: 'user', actorId: userId, action: 'user.payment_password.change', subject: `user:${userId}`, ip });
  return toProfile(updated);
}

/** For screens that should send the user to set a payment password before they type an amount. */
export async function requirePaymentPasswordSet(deps: AuthDeps, userId: string): Promise<void> {
  const user = await requireUser(deps, userId);
  if (!user.payment_password_hash) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
}

/**
 * The gate in front of every money movement. Wrong tries are counted under a row lock so parallel
 * guesses cannot slip past the limit; the count is committed even though the caller's request fails.
 */
export async function verifyPaymentPassword(deps: AuthDeps, userId: string, candidate: string): Promise<void> {
  const now = deps.clock.now();
  const failure = await deps.db.transaction().execute(async (trx) => {
    const user = await q.findUserById(trx, userId, { forUpdate: true });
    if (!user) return new AppError('UNAUTHORIZED');
    if (!user.payment_password_hash) return new AppError('PAYMENT_PASSWORD_NOT_SET');
    if (user.payment_locked_until && user.payment_locked_until > now) {
      return new AppError('PAYMENT_PASSWORD_LOCKED', { until: user.payment_locked_until.toISOString() });
    }
    if (await verifySecret(user.payment_password_hash, candidate)) {
      if (user.payment_failures > 0) await q.updateUser(trx, userId, { payment_failures: 0 }, now);
      return null;
    }
    const failures = user.payment_failures + 1;
    if (failures >= PAYMENT_MAX_FAILURES) {
      const until = addSeconds(now, PAYMENT_LOCK_SECONDS);
      await q.updateUser(trx, userId, { payment_failures: 0, payment_locked_until: until }, now);
      return new AppError('PAYMENT_PASSWORD_LOCKED', { until: until.toISOString() });
    }
    await q.updateUser(trx, userId, { payment_failures: failures }, now);
    return new AppError('PAYMENT_PASSWORD_WRONG', { remainingAttempts: PAYMENT_MAX_FAILURES - failures });
  });
  if (failure) throw failure;
}

/** A new bound address needs the emailed code and the payment password; old and new are kept. */
export async function changeAddress(
  deps: AuthDeps,
  userId: string,
  input: { network: BindableNetwork; address: string; code: string; paymentPassword: string },
  ip: string,
) {
  const user = await requireUser(deps, userId);
  const address = normalizeAddress(input.network, input.address);
  if (user.bound_network === input.network && user.bound_address === address) throw new AppError('ADDRESS_UNCHANGED');
  await verifyPaymentPassword(deps, userId, input.paymentPassword);
  await consumeCode(deps, user.email, 'change_address', input.code);
  const now = deps.clock.now();
  const updated = await deps.db.transaction().execute(async (trx) => {
    await q.insertAddressChange(trx, {
      user_id: userId,
      old_network: user.bound_network,
      old_address: user.bound_address,
      new_network: input.network,
      new_address: address,
      ip,
      created_at: now,
    });
    return q.updateUser(trx, userId, { bound_network: input.network, bound_address: address }, now);
  });
  await recordAudit(deps.db, {
    actorKind: 'user',
    actorId: userId,
    action: 'user.address.change',
    subject: `user:${userId}`,
    details: { from: `${user.bound_network}:${user.bound_address}`, to: `${input.network}:${address}` },
    ip,
  });
  return toProfile(updated);
}

export async function addressHistory(deps: AuthDeps, userId: string) {
  const rows = await q.listAddressChanges(deps.db, userId);
  return rows.map((r) => ({
    oldNetwork: r.old_network as BindableNetwork,
    oldAddress: r.old_address,
    newNetwork: r.new_network as BindableNetwork,
    newAddress: r.new_address,
    changedAt: r.created_at.toISOString(),
  }));
}

export async function getProfile(deps: AuthDeps, userId: string) {
  return toProfile(await requireUser(deps, userId));
}

export async function updateProfile(
  deps: AuthDeps,
  userId: string,
  changes: {
    nickname?: string | undefined;
    phoneAreaCode?: string | undefined;
    phone?: string | undefined;
    language?: Language | undefined;
    displayCurrency?: DisplayCurrency | undefined;
  },
) {
  const set = {
    ...(changes.nickname !== undefined && { nickname: changes.nickname }),
    ...(changes.phoneAreaCode !== undefined && { phone_area_code: changes.phoneAreaCode.replace(/^\+?/, '+') }),
    ...(changes.phone !== undefined && { phone: changes.phone }),
    ...(changes.language !== undefined && { language: changes.language }),
    ...(changes.displayCurrency !== undefined && { display_currency: changes.displayCurrency }),
  };
  const user = await q.updateUser(deps.db, userId, set, deps.clock.now());
  return toProfile(user);
}

export async function listSessions(deps: AuthDeps, auth: { userId: string; sessionId: string }) {
  const rows = await q.listLiveSessions(deps.db, auth.userId, liveSince(deps.clock));
  return rows.map((r) => ({
    id: r.id,
    device: r.device,
    ip: r.ip,
    createdAt: r.created_at.toISOString(),
    lastUsedAt: r.last_used_at.toISOString(),
    current: r.id === auth.sessionId,
  }));
}

export async function endSession(deps: AuthDeps, userId: string, sessionId: string) {
  if ((await q.revokeSession(deps.db, userId, sessionId, deps.clock.now())) === 0) throw new AppError('SESSION_NOT_FOUND');
}

export async function endOtherSessions(deps: AuthDeps, auth: { userId: string; sessionId: string }) {
  return q.revokeSessionsExcept(deps.db, auth.userId, auth.sessionId, deps.clock.now());
}

/** Users as other modules (wallet, chain) read them: through these, never the users table. */
export {
  findUserBoundAddress,
  findUserByUid,
  findUserContact,
  findUserDisplayCurrency,
  findUserEmail,
  findUsersByBoundAddress,
  listUsersCreatedSince,
  lockUserRow,
  lockUserRows,
} from './queries';
