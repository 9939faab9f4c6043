import type { Executor } from '../../platform/db/database';
import { hashRecoveryCode, newRecoveryCodes } from '../auth/second-factor/recovery-codes';
import * as q from './queries';

/*
 * Ten single-use codes of 50 random bits each, shown once; kept as keyed hashes (the members' scheme,
 * in a namespace of the operator's own, so a member's code hash never matches an operator's).
 */

const subject = (operatorId: string) => `operator:${operatorId}`;

export async function issueRecoveryCodes(trx: Executor, secret: string, operatorId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await q.replaceRecoveryCodes(
    trx,
    operatorId,
    codes.map((code) => hashRecoveryCode(secret, subject(operatorId), code)),
  );
  return codes;
}

export function spendRecoveryCode(trx: Executor, secret: string, operatorId: string, code: string, now: Date): Promise<boolean> {
  return q.useRecoveryCode(trx, operatorId, hashRecoveryCode(secret, subject(operatorId), code), now);
}
