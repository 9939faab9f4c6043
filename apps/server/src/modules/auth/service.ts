import { randomInt } from 'node:crypto';
import {
  type BindableNetwork,
  type CodePurpose,
  type DisplayCurrency,
  type Language,
  maskEmail,
  normalizeAddress,
  type Profile,
  type SecondFactorProof,
} from '@wallet/contract';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../../platform/audit';
import type { Executor } from '../../platform/db/database';
import type { DailyCount, DayRange } from '../../platform/db/day-buckets';
import { describeDevice } from '../../platform/device-description';
import { AppError } from '../../platform/errors';
import { checkSecret, resetSecret } from '../../platform/secret-limits';
import { recordSignup } from '../rewards/team';
import { assertNotLocked, lockMemberRules, type SecuritySettings, tellSecurityChange } from './account-security';
import { type CodeDeps, consumeCode, issueCode } from './codes';
import { hashSecret, verifySecret } from './passwords';
import type { PaymentPins } from './payment-pins';
import * as q from './queries';
import { rememberDevice, type SignInDevice } from './second-factor/device-key';
import { secondFactorChallenge, spendTicket, ticketHolder } from './second-factor/sign-in';
import { createSession, liveSince } from './sessions';
import { checkProof, type SecondFactorSettings, verifyStepUp } from './step-up';

/**
 * `log` is for what goes wrong after the event committed (a notice mail SMTP could not send);
 * `security` for the emails and waits that follow a password or address change (account-security.ts);
 * `secondFactor` for authenticator-app secrets and passkeys (step-up.ts); `pins` keys the payment
 * passwords' hashes (payment-pins.ts).
 */
export type AuthDeps = CodeDeps & {
  log: FastifyBaseLogger;
  security: SecuritySettings;
  secondFactor: SecondFactorSettings;
  pins: PaymentPins;
};

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

async function session(deps: AuthDeps, user: q.UserRow, device: SignInDevice) {
  const { token, sessionId } = await createSession(deps, user, device);
  await rememberDevice(deps.db, user.id, sessionId, device.deviceKey, deps.clock.now());
  return { token, profile: toProfile(user) };
}

/** A sign-in's end: the session, or first the second factor when it is on and the device is new. */
async function signIn(deps: AuthDeps, user: q.UserRow, device: SignInDevice) {
  return (await secondFactorChallenge(deps, user.id, device.deviceKey)) ?? session(deps, user, device);
}

/** The second step of a sign-in: the ticket of the first step and one of the member's factors. */
export async function completeSecondFactorSignIn(deps: AuthDeps, ticket: string, proof: SecondFactorProof, device: SignInDevice) {
  const user = await requireUser(deps, await ticketHolder(deps, ticket));
  await checkProof(deps, user.id, proof, device.ip);
  await spendTicket(deps, ticket);
  return session(deps, user, device);
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
export async function register(deps: AuthDeps, input: RegisterInput, device: SignInDevice) {
  if (await q.findUserByEmail(deps.db, input.email)) throw new AppError('EMAIL_TAKEN');
  let invitedBy: string | null = null;
  if (input.inviteCode) {
    const inviter = await q.findUserByInviteCode(deps.db, input.inviteCode);
    if (!inviter) throw new AppError('INVITE_CODE_UNKNOWN');
    invitedBy = inviter.id;
  }
  await consumeCode(deps, input.email, 'register', input.code, device.ip);
  const passwordHash = await hashSecret(input.password);

  for (let attempt = 0; ; attempt++) {
    try {
      const user = await deps.db.transaction().execute(async (trx) => {
        const row = await q.insertUser(trx, {
          uid: randomUid(),
          email: input.email,
          password_hash: passwordHash,
          bound_network: input.network,
          bound_address: normalizeAddress(input.network, input.address),
          invite_code: randomInviteCode(),
          invited_by: invitedBy,
          language: input.language,
        });
        await recordSignup(trx, row.id, device.ip);
        return row;
      });
      await recordAudit(deps.db, {
        actorKind: 'user',
        actorId: user.id,
        action: 'user.register',
        subject: `user:${user.id}`,
        ip: device.ip,
      });
      return session(deps, user, device);
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_key')) throw new AppError('EMAIL_TAKEN');
      // A random UID or invite code can collide with an existing one; draw again.
      const collided = isUniqueViolation(error, 'users_uid_key') || isUniqueViolation(error, 'users_invite_code_key');
      if (!collided || attempt >= 5) throw error;
    }
  }
}

/**
 * Password login, under the login_password limits (LIMITS.secretAttempts): after 5 wrong passwords
 * within 15 minutes password login is locked for a minute (code login is not). While locked the
 * password is not even checked, so guessing gains nothing.
 */
export async function loginWithPassword(deps: AuthDeps, email: string, password: string, device: SignInDevice) {
  const user = await q.findUserByEmail(deps.db, email);
  if (!user) throw new AppError('LOGIN_NOT_REGISTERED');
  const verdict = await checkSecret(deps.limits, { kind: 'login_password', account: user.id, ip: device.ip }, () =>
    verifySecret(user.password_hash, password),
  );
  if (!verdict.ok) throw new AppError('LOGIN_FAILED');
  return signIn(deps, user, device);
}

export async function loginWithCode(deps: AuthDeps, email: string, code: string, device: SignInDevice) {
  const user = await q.findUserByEmail(deps.db, email);
  if (!user) throw new AppError('LOGIN_NOT_REGISTERED');
  await consumeCode(deps, email, 'login', code, device.ip);
  return signIn(deps, user, device);
}

/** Resetting ends every session (whoever knew the old password is out) and signs this device in. */
export async function resetPassword(deps: AuthDeps, email: string, code: string, password: string, device: SignInDevice) {
  const user = await q.findUserByEmail(deps.db, email);
  if (!user) throw new AppError('LOGIN_NOT_REGISTERED');
  // A locked account stays locked until support: a new password would not open it, so none is set.
  await assertNotLocked(deps.db, user.id);
  await consumeCode(deps, email, 'reset_password', code, device.ip);
  const now = deps.clock.now();
  const passwordHash = await hashSecret(password);
  const updated = await deps.db.transaction().execute(async (trx) => {
    await lockMemberRules(trx, user.id);
    const changed = await q.updateUser(trx, user.id, { password_hash: passwordHash }, now);
    await tellSecurityChange(deps, trx, user, { event: 'password_reset' });
    return changed;
  });
  await q.revokeSessionsExcept(deps.db, user.id, null, now);
  // The emailed code proved the member: a password lock (theirs or a guesser's) ends.
  await resetSecret(deps.limits, 'login_password', user.id);
  await recordAudit(deps.db, {
    actorKind: 'user',
    actorId: user.id,
    action: 'user.password.reset',
    subject: `user:${user.id}`,
    ip: device.ip,
  });
  return signIn(deps, updated, device);
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
    const oldPassword = proof.oldPassword;
    // Its own limits: a stolen session must not be able to guess the password and then end every other session.
    const verdict = await checkSecret(deps.limits, { kind: 'old_password', account: user.id, ip }, () =>
      verifySecret(user.password_hash, oldPassword),
    );
    if (!verdict.ok) throw new AppError('OLD_PASSWORD_WRONG', { remainingAttempts: verdict.remainingAttempts });
  } else if (proof.code !== undefined) {
    await consumeCode(deps, user.email, 'change_password', proof.code, ip);
  } else {
    throw new AppError('PROOF_REQUIRED');
  }
  const now = deps.clock.now();
  const passwordHash = await hashSecret(password);
  await deps.db.transaction().execute(async (trx) => {
    await lockMemberRules(trx, user.id);
    await q.updateUser(trx, user.id, { password_hash: passwordHash }, now);
    await tellSecurityChange(deps, trx, user, { event: 'password_changed' });
  });
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
  await consumeCode(deps, user.email, 'payment_password', code, ip);
  const now = deps.clock.now();
  const updated = await q.updateUser(deps.db, userId, { payment_password_hash: deps.pins.hash(userId, paymentPassword) }, now);
  // Set anew with an emailed code: the wrong tries of the old one no longer count.
  await resetSecret(deps.limits, 'payment_password', userId);
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
  await verifyPaymentPassword(deps, userId, oldPaymentPassword, ip);
  const updated = await q.updateUser(deps.db, userId, { payment_password_hash: deps.pins.hash(userId, paymentPassword) }, deps.clock.now());
  await recordAudit(deps.db, { actorKind: 'user', actorId: userId, action: 'user.payment_password.change', subject: `user:${userId}`, ip });
  return toProfile(updated);
}

/** For screens that should send the user to set a payment password before they type an amount. */
export async function requirePaymentPasswordSet(deps: AuthDeps, userId: string): Promise<void> {
  const user = await requireUser(deps, userId);
  if (!user.payment_password_hash) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
}

/**
 * The gate in front of every money movement, under the payment_password limits (LIMITS.secretAttempts:
 * 5 wrong in a row lock money movements for 15 minutes). The limiter counts each try before the
 * password is checked, so parallel guesses cannot slip past the limit, and the count stays even
 * though the caller's request fails. Returns the payer's contact, read in the same query as the hash.
 */
export async function verifyPaymentPassword(
  deps: AuthDeps,
  userId: string,
  candidate: string,
  ip: string,
): Promise<{ uid: string; email: string }> {
  return checkPayer(deps, userId, (await q.findPayer(deps.db, userId)) ?? null, candidate, ip);
}

/** verifyPaymentPassword with the payer read by the caller's own query (payerColumn), for a request that reads all at once. */
export async function checkPayer(
  deps: AuthDeps,
  userId: string,
  payer: q.PayerRow | null,
  candidate: string,
  ip: string,
): Promise<{ uid: string; email: string }> {
  if (!payer) throw new AppError('UNAUTHORIZED');
  const hash = payer.payment_password_hash;
  if (!hash) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
  // Every money movement passes here: a locked account moves nothing.
  if (payer.locked) throw new AppError('ACCOUNT_LOCKED');
  await checkPaymentPin(deps, userId, hash, candidate, ip);
  return { uid: payer.uid, email: payer.email };
}

/**
 * The stored payment password `hash` against `candidate`, under the payment_password limits. A right
 * PIN stored the old way (argon2id, or an earlier key) is stored anew under the current key, if the
 * member has not changed it meanwhile; a wrong one changes nothing but the limiter's count.
 */
export async function checkPaymentPin(deps: AuthDeps, userId: string, hash: string, candidate: string, ip: string): Promise<void> {
  let rehash: string | null = null;
  const verdict = await checkSecret(deps.limits, { kind: 'payment_password', account: userId, ip }, async () => {
    const check = await deps.pins.check(userId, hash, candidate);
    rehash = check.rehash;
    return check.ok;
  });
  if (!verdict.ok) throw new AppError('PAYMENT_PASSWORD_WRONG', { remainingAttempts: verdict.remainingAttempts });
  if (rehash) await q.replacePaymentPinHash(deps.db, userId, hash, rehash);
}

/** A new bound address needs the emailed code and the payment password; old and new are kept. */
export async function changeAddress(
  deps: AuthDeps,
  userId: string,
  input: {
    network: BindableNetwork;
    address: string;
    code: string;
    paymentPassword: string;
    secondFactor?: SecondFactorProof | undefined;
  },
  ip: string,
) {
  const user = await requireUser(deps, userId);
  const address = normalizeAddress(input.network, input.address);
  if (user.bound_network === input.network && user.bound_address === address) throw new AppError('ADDRESS_UNCHANGED');
  // The factor first: without it, neither the payment password's tries nor the emailed code are spent.
  await verifyStepUp(deps, userId, input.secondFactor, ip);
  await verifyPaymentPassword(deps, userId, input.paymentPassword, ip);
  await consumeCode(deps, user.email, 'change_address', input.code, ip);
  const now = deps.clock.now();
  const updated = await deps.db.transaction().execute(async (trx) => {
    await lockMemberRules(trx, userId);
    await q.insertAddressChange(trx, {
      user_id: userId,
      old_network: user.bound_network,
      old_address: user.bound_address,
      new_network: input.network,
      new_address: address,
      ip,
      created_at: now,
    });
    const changed = await q.updateUser(trx, userId, { bound_network: input.network, bound_address: address }, now);
    await tellSecurityChange(deps, trx, user, { event: 'address_changed', network: input.network, address });
    return changed;
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
    device: describeDevice(r.device),
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

/** Members as the operators' console reads them: a search, one member's profile and live sessions, new members per day. */
export async function memberSearch(db: Executor, search: q.MemberSearch, page: { offset: number; limit: number }) {
  const { rows, total } = await q.searchMembers(db, search, page);
  return {
    total,
    items: rows.map((r) => ({
      uid: r.uid,
      email: r.email,
      nickname: r.nickname,
      createdAt: r.created_at.toISOString(),
      locked: Boolean(r.locked),
      kycStatus: r.kyc_status ?? 'none',
      boundNetwork: r.bound_network,
      boundAddress: r.bound_address,
    })),
  };
}

export async function memberProfile(db: Executor, uid: string) {
  const user = await q.findMemberByUid(db, uid);
  if (!user) throw new AppError('MEMBER_NOT_FOUND');
  return {
    id: user.id,
    profile: {
      uid: user.uid,
      email: user.email,
      nickname: user.nickname,
      language: user.language,
      displayCurrency: user.display_currency,
      boundNetwork: user.bound_network,
      boundAddress: user.bound_address,
      createdAt: user.created_at.toISOString(),
    },
  };
}

export async function memberSessions(deps: Pick<AuthDeps, 'db' | 'clock'>, userId: string) {
  const rows = await q.listLiveSessions(deps.db, userId, liveSince(deps.clock));
  return rows.map((r) => ({
    id: r.id,
    device: describeDevice(r.device),
    ip: r.ip,
    createdAt: r.created_at.toISOString(),
    lastUsedAt: r.last_used_at.toISOString(),
  }));
}

export async function memberUids(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  return new Map((await q.uidsOf(db, [...new Set(ids)])).map((r) => [r.id, r.uid]));
}

export async function newMembersDaily(db: Executor, range: DayRange): Promise<DailyCount[]> {
  return (await q.dailyNewMembers(db, range)).map((r) => ({ day: r.day, count: Number(r.n) }));
}

/** Users as other modules (wallet, chain, the demo seed) read and make them: through these, never the users table. */
export {
  findUserBoundAddress,
  findUserByEmail,
  findUserByUid,
  findUserContact,
  findUserEmail,
  findUsersByBoundAddress,
  findUsersDisplayCurrencies,
  insertUser,
  type LiveCodeRow,
  listUsersCreatedSince,
  liveCodeColumn,
  lockUserRow,
  lockUserRows,
  type MemberByUid,
  memberByUidColumn,
  memberContactColumn,
  memberUidsSql,
  type PayerRow,
  payerColumn,
  spendCodeSql,
} from './queries';
