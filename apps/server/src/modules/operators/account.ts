import type { PasskeyAttestation } from '@wallet/contract';
import { AppError } from '../../platform/errors';
import type { RelyingParty } from '../auth/second-factor/relying-party';
import { recordOperatorAudit } from './audit-chain';
import type { OperatorContext } from './context';
import type { OperatorDeps } from './deps';
import { registerPasskey } from './passkeys';
import * as q from './queries';
import { issueRecoveryCodes } from './recovery-codes';

/** The signed-in operator's own factors: passkeys and recovery codes. */

const toPasskey = (row: { id: string; label: string; created_at: Date; last_used_at: Date | null }) => ({
  id: row.id,
  label: row.label,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
});

export async function listOwnPasskeys(deps: OperatorDeps, operator: OperatorContext) {
  const items = (await q.listPasskeys(deps.db, operator.operatorId)).map(toPasskey);
  return { items, total: items.length };
}

export async function addOwnPasskey(
  deps: OperatorDeps,
  operator: OperatorContext,
  label: string,
  response: PasskeyAttestation,
  party: RelyingParty,
) {
  return deps.db.transaction().execute(async (trx) => {
    const row = await registerPasskey(deps, trx, operator.operatorId, label, response, party);
    await recordOperatorAudit(trx, operator, { action: 'operator.passkey.add', object: `operator_passkey:${row.id}`, after: { label } });
    return toPasskey(row);
  });
}

export async function removeOwnPasskey(deps: OperatorDeps, operator: OperatorContext, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('operator_passkeys')
      .where('id', '=', id)
      .where('operator_id', '=', operator.operatorId)
      .returning('label')
      .executeTakeFirst();
    if (!row) throw new AppError('OPERATOR_PASSKEY_NOT_FOUND');
    await recordOperatorAudit(trx, operator, {
      action: 'operator.passkey.remove',
      object: `operator_passkey:${id}`,
      before: { label: row.label },
    });
  });
}

/** Ten new codes, shown once; the old ones stop working. */
export async function renewRecoveryCodes(deps: OperatorDeps, operator: OperatorContext) {
  return deps.db.transaction().execute(async (trx) => {
    const recoveryCodes = await issueRecoveryCodes(trx, deps.secret, operator.operatorId);
    await recordOperatorAudit(trx, operator, { action: 'operator.recovery_codes.renew', object: `operator:${operator.operatorId}` });
    return { recoveryCodes };
  });
}
