import { generateSecret, generateURI, verify } from 'otplib';
import type { Executor } from '../../platform/db/database';
import type { SecretBox } from '../../platform/secret-box';
import * as q from './queries';

const PERIOD = 30;
const ISSUER = 'SBC Wallet Console';

// The secret is bound to its operator: a sealed secret copied to another row does not open.
const aad = (operatorId: string) => `operator-totp:${operatorId}`;

export function sealTotp(box: SecretBox, operatorId: string, secret: string) {
  return box.seal(secret, aad(operatorId));
}

export function totpUri(email: string, secret: string): string {
  return generateURI({ issuer: ISSUER, label: email, secret, period: PERIOD });
}

/**
 * The operator's pending secret, made on the first password step and kept until confirmed, so a
 * page reload shows the same QR code; once confirmed it is never shown again.
 */
export async function pendingTotp(trx: Executor, box: SecretBox, operator: q.OperatorRow): Promise<string> {
  if (operator.totp_key_id && operator.totp_sealed && !operator.totp_confirmed_at)
    return box.open(operator.totp_key_id, operator.totp_sealed, aad(operator.id));
  const secret = generateSecret();
  const { keyId, sealed } = sealTotp(box, operator.id, secret);
  await q.setPendingTotp(trx, operator.id, keyId, sealed);
  return secret;
}

/**
 * Whether `code` is the operator's code now (or a period either side, for a clock a little off) and
 * newer than every code taken before; a right code is taken in the same call, so it works once.
 * `confirming` checks the pending enrolment and turns it on.
 */
export async function takeTotpCode(
  trx: Executor,
  box: SecretBox,
  operator: q.OperatorRow,
  code: string,
  now: Date,
  confirming: boolean,
): Promise<boolean> {
  if (!operator.totp_key_id || !operator.totp_sealed || (operator.totp_confirmed_at === null) !== confirming) return false;
  const secret = box.open(operator.totp_key_id, operator.totp_sealed, aad(operator.id));
  const result = await verify({
    secret,
    token: code,
    period: PERIOD,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: PERIOD,
    ...(operator.totp_last_step !== null && { afterTimeStep: Number(operator.totp_last_step) }),
  });
  if (!result.valid || !('timeStep' in result)) return false;
  return q.claimTimeStep(trx, operator.id, result.timeStep, confirming ? now : null);
}
