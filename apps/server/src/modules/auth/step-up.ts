import type { SecondFactorProof } from '@wallet/contract';
import type { Clock } from '../../platform/clock';
import type { Db, Executor } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { SecretBox } from '../../platform/secret-box';
import { checkSecret, type SecretLimits } from '../../platform/secret-limits';
import { passkeyAssertionValid } from './second-factor/passkeys';
import * as q from './second-factor/queries';
import { hashRecoveryCode } from './second-factor/recovery-codes';
import type { RelyingPartySettings } from './second-factor/relying-party';
import { totpCodeValid } from './second-factor/totp';

/** What the second factor needs beyond the database: the box TOTP secrets are sealed in, the passkeys' relying party. */
export interface SecondFactorSettings {
  box: SecretBox;
  relyingParty: RelyingPartySettings;
}

export interface StepUpDeps {
  db: Db;
  clock: Clock;
  limits: SecretLimits;
  /** APP_SECRET: keys the recovery codes' hashes. */
  secret: string;
  secondFactor: SecondFactorSettings;
}

/** Whether the member has turned a second factor on (a confirmed authenticator app or a passkey). */
export function hasSecondFactor(db: Executor, userId: string): Promise<boolean> {
  return q.hasAnyFactor(db, userId);
}

/** Checks one proof; false for a wrong one. A recovery code is used up by the check. */
export async function proofValid(deps: StepUpDeps, userId: string, proof: SecondFactorProof): Promise<boolean> {
  const settings = deps.secondFactor;
  if ('totp' in proof) return totpCodeValid({ db: deps.db, clock: deps.clock, box: settings.box }, userId, proof.totp);
  if ('recoveryCode' in proof) {
    return q.useRecoveryCode(deps.db, userId, hashRecoveryCode(deps.secret, userId, proof.recoveryCode), deps.clock.now());
  }
  return passkeyAssertionValid({ db: deps.db, clock: deps.clock, relyingParty: settings.relyingParty }, userId, proof.passkey);
}

/**
 * Runs one check of a second-factor secret (a proof, or the first code of a new authenticator) under
 * the shared limits for second factors, per member and per address. Throws SECOND_FACTOR_WRONG or
 * SECOND_FACTOR_LOCKED.
 */
export async function limitedFactorCheck(deps: StepUpDeps, userId: string, ip: string, check: () => Promise<boolean>): Promise<void> {
  const verdict = await checkSecret(deps.limits, { kind: 'second_factor', account: userId, ip }, check);
  if (!verdict.ok) throw new AppError('SECOND_FACTOR_WRONG', { remainingAttempts: verdict.remainingAttempts });
}

/** Checks `proof` against the member's factors, under the limits. */
export function checkProof(deps: StepUpDeps, userId: string, proof: SecondFactorProof, ip: string): Promise<void> {
  return limitedFactorCheck(deps, userId, ip, () => proofValid(deps, userId, proof));
}

/**
 * The gate in front of a sensitive action (withdrawal, bound-address change, payee change, card
 * details). A member without a second factor passes; with one, `proof` must be given and right.
 * Call it after the action's cheap checks and before anything is written. Resolves whether the
 * member has a second factor (and so proved it), for an action whose other proofs depend on that.
 */
export async function verifyStepUp(deps: StepUpDeps, userId: string, proof: SecondFactorProof | undefined, ip: string): Promise<boolean> {
  if (!(await hasSecondFactor(deps.db, userId))) return false;
  if (!proof) throw new AppError('SECOND_FACTOR_REQUIRED');
  await checkProof(deps, userId, proof, ip);
  return true;
}
