import type { EnrolProof, PasskeyAttestation, SecondFactorProof, SecondFactorStatus } from '@wallet/contract';
import { recordAudit } from '../../../platform/audit';
import type { Executor } from '../../../platform/db/database';
import { AppError } from '../../../platform/errors';
import { checkCode, spendCode } from '../codes';
import { findUserById, type UserRow } from '../queries';
import { type AuthDeps, verifyPaymentPassword } from '../service';
import { checkProof, hasSecondFactor, limitedFactorCheck, verifyStepUp } from '../step-up';
import { type ChangeOrigin, tellFactorChange } from './notice';
import type { FactorChange } from './notice-texts';
import * as passkeys from './passkeys';
import * as q from './queries';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import type { RelyingParty } from './relying-party';
import { startTotp, totpCodeStep } from './totp';

/*
 * The member's own second factor, from the security settings. Adding a factor while one is on, and
 * removing one, take the second factor itself: otherwise whoever holds a stolen session could add
 * their own authenticator, or take the member's away, and pass every later check. The first factor
 * takes proof of the member instead (the payment password, or an emailed code without one), for the
 * same reason. Every change is told to the member, by notification and by email with the lock link,
 * in the change's own transaction.
 */

async function requireUser(db: Executor, userId: string) {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  return user;
}

export async function secondFactorStatus(db: Executor, userId: string): Promise<SecondFactorStatus> {
  const [user, totp, keys, recoveryCodesLeft] = await Promise.all([
    requireUser(db, userId),
    q.findTotp(db, userId),
    q.listPasskeys(db, userId),
    q.countLiveRecoveryCodes(db, userId),
  ]);
  const confirmedTotp = totp?.confirmed_at ? { createdAt: totp.confirmed_at.toISOString() } : null;
  const enabled = confirmedTotp !== null || keys.length > 0;
  return {
    enabled,
    totp: confirmedTotp,
    passkeys: keys.map((p) => ({
      id: p.id,
      label: p.label,
      transports: p.transports,
      createdAt: p.created_at.toISOString(),
      lastUsedAt: p.last_used_at?.toISOString() ?? null,
    })),
    recoveryCodesLeft,
    addNeeds: enabled ? 'second_factor' : user.payment_password_hash ? 'payment_password' : 'email_code',
  };
}

/**
 * Proof of the member for the first factor: the payment password (under its own limits), or for a
 * member without one the code emailed for `second_factor`, checked here and spent with the factor.
 */
async function proveMember(deps: AuthDeps, user: UserRow, proof: EnrolProof | undefined, ip: string): Promise<string | null> {
  if (user.payment_password_hash) {
    if (!proof || !('paymentPassword' in proof)) throw new AppError('ENROL_PAYMENT_PASSWORD_REQUIRED');
    await verifyPaymentPassword(deps, user.id, proof.paymentPassword, ip);
    return null;
  }
  if (!proof || !('emailCode' in proof)) throw new AppError('ENROL_EMAIL_CODE_REQUIRED');
  return checkCode(deps, user.email, 'second_factor', proof.emailCode, ip);
}

interface AddProof {
  secondFactor?: SecondFactorProof | undefined;
  memberProof?: EnrolProof | undefined;
}

/** Before anything of a new factor is stored: the factor already on, or for the first the member's proof. */
async function proveAdd(deps: AuthDeps, userId: string, proof: AddProof, ip: string) {
  const user = await requireUser(deps.db, userId);
  if (await hasSecondFactor(deps.db, userId)) {
    await verifyStepUp(deps, userId, proof.secondFactor, ip);
    return { wasOn: true, emailCodeId: null };
  }
  return { wasOn: false, emailCodeId: await proveMember(deps, user, proof.memberProof, ip) };
}

/** Recovery codes come with the first factor; later factors keep the codes the member has. */
async function afterFactorAdded(
  deps: AuthDeps,
  trx: Executor,
  userId: string,
  added: { wasOn: boolean; emailCodeId: string | null; change: FactorChange; label?: string },
  from: ChangeOrigin,
) {
  const now = deps.clock.now();
  if (added.emailCodeId) await spendCode(trx, added.emailCodeId, now);
  let recoveryCodes: string[] | null = null;
  if (!added.wasOn) {
    recoveryCodes = newRecoveryCodes();
    await q.replaceRecoveryCodes(
      trx,
      userId,
      recoveryCodes.map((code) => hashRecoveryCode(deps.secret, userId, code)),
      now,
    );
  }
  await audit(trx, userId, added.change, from, added.label);
  await tellFactorChange(deps, trx, userId, added.change, from, added.label);
  return { status: await secondFactorStatus(trx, userId), recoveryCodes };
}

/** With no factor left the second factor is off, and its recovery codes go with it. */
async function afterFactorRemoved(deps: AuthDeps, trx: Executor, userId: string, change: FactorChange, from: ChangeOrigin, label?: string) {
  if (!(await hasSecondFactor(trx, userId))) await q.replaceRecoveryCodes(trx, userId, [], deps.clock.now());
  await audit(trx, userId, change, from, label);
  await tellFactorChange(deps, trx, userId, change, from, label);
  return secondFactorStatus(trx, userId);
}

const AUDIT_ACTION: Record<FactorChange, string> = {
  totp_added: 'user.second_factor.totp.add',
  totp_removed: 'user.second_factor.totp.remove',
  passkey_added: 'user.second_factor.passkey.add',
  passkey_removed: 'user.second_factor.passkey.remove',
  recovery_codes_renewed: 'user.second_factor.recovery_codes',
};

function audit(trx: Executor, userId: string, change: FactorChange, from: ChangeOrigin, label?: string) {
  return recordAudit(trx, {
    actorKind: 'user',
    actorId: userId,
    action: AUDIT_ACTION[change],
    subject: `user:${userId}`,
    details: { device: from.device, ...(label !== undefined && { label }) },
    ip: from.ip,
  });
}

export async function beginTotp(deps: AuthDeps, userId: string) {
  const user = await requireUser(deps.db, userId);
  return startTotp({ db: deps.db, clock: deps.clock, box: deps.secondFactor.box }, user);
}

export async function confirmTotp(deps: AuthDeps, userId: string, input: AddProof & { code: string }, from: ChangeOrigin) {
  const proven = await proveAdd(deps, userId, input, from.ip);
  let step: number | null = null;
  // Checked under the limits outside any transaction (their counts must stay); taken in the one that tells the member.
  await limitedFactorCheck(deps, userId, from.ip, async () => {
    step = await totpCodeStep({ db: deps.db, clock: deps.clock, box: deps.secondFactor.box }, userId, input.code, true);
    return step !== null;
  });
  const taken = step as number | null;
  if (taken === null) throw new AppError('SECOND_FACTOR_WRONG');
  return deps.db.transaction().execute(async (trx) => {
    // Taking the code turns the app on; a confirm racing this one took it first.
    if (!(await q.claimTimeStep(trx, userId, taken, deps.clock.now()))) throw new AppError('SECOND_FACTOR_WRONG');
    return afterFactorAdded(deps, trx, userId, { ...proven, change: 'totp_added' }, from);
  });
}

export async function removeTotp(deps: AuthDeps, userId: string, proof: SecondFactorProof, from: ChangeOrigin) {
  const totp = await q.findTotp(deps.db, userId);
  if (!totp?.confirmed_at) throw new AppError('TOTP_NOT_ENABLED');
  await checkProof(deps, userId, proof, from.ip);
  return deps.db.transaction().execute(async (trx) => {
    if (!(await q.deleteTotp(trx, userId))) throw new AppError('TOTP_NOT_ENABLED');
    return afterFactorRemoved(deps, trx, userId, 'totp_removed', from);
  });
}

export async function passkeyRegistrationOptions(deps: AuthDeps, userId: string, party: RelyingParty) {
  const user = await requireUser(deps.db, userId);
  return passkeys.registrationOptions({ db: deps.db, clock: deps.clock, relyingParty: deps.secondFactor.relyingParty }, user, party);
}

export async function addPasskey(
  deps: AuthDeps,
  userId: string,
  input: AddProof & { label: string; response: PasskeyAttestation },
  from: ChangeOrigin,
) {
  const proven = await proveAdd(deps, userId, input, from.ip);
  return deps.db.transaction().execute(async (trx) => {
    const added = await passkeys.registerPasskey(
      { db: trx, clock: deps.clock, relyingParty: deps.secondFactor.relyingParty },
      userId,
      input.label,
      input.response,
    );
    return afterFactorAdded(deps, trx, userId, { ...proven, change: 'passkey_added', label: added.label }, from);
  });
}

export async function removePasskey(deps: AuthDeps, userId: string, passkeyId: string, proof: SecondFactorProof, from: ChangeOrigin) {
  const existing = (await q.listPasskeys(deps.db, userId)).find((p) => p.id === passkeyId);
  if (!existing) throw new AppError('PASSKEY_NOT_FOUND');
  await checkProof(deps, userId, proof, from.ip);
  return deps.db.transaction().execute(async (trx) => {
    if (!(await q.deletePasskey(trx, userId, passkeyId))) throw new AppError('PASSKEY_NOT_FOUND');
    return afterFactorRemoved(deps, trx, userId, 'passkey_removed', from, existing.label);
  });
}

/** New codes replace every old one, used or not. */
export async function regenerateRecoveryCodes(deps: AuthDeps, userId: string, proof: SecondFactorProof, from: ChangeOrigin) {
  if (!(await hasSecondFactor(deps.db, userId))) throw new AppError('SECOND_FACTOR_NOT_ENABLED');
  await checkProof(deps, userId, proof, from.ip);
  const codes = newRecoveryCodes();
  await deps.db.transaction().execute(async (trx) => {
    await q.replaceRecoveryCodes(
      trx,
      userId,
      codes.map((code) => hashRecoveryCode(deps.secret, userId, code)),
      deps.clock.now(),
    );
    await audit(trx, userId, 'recovery_codes_renewed', from);
    await tellFactorChange(deps, trx, userId, 'recovery_codes_renewed', from);
  });
  return { recoveryCodes: codes };
}

/** A passkey challenge for a step-up (or for the second step of a sign-in). */
export function passkeyChallenge(deps: AuthDeps, userId: string, party: RelyingParty) {
  return passkeys.authenticationOptions({ db: deps.db, clock: deps.clock, relyingParty: deps.secondFactor.relyingParty }, userId, party);
}
