import { Decimal } from '@wallet/contract';
import { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import type { Executor } from '../../../platform/db/database';
import { AppError } from '../../../platform/errors';
import { type FourEyes, fourEyesNote } from '../../approvals/kinds';
import type { Approvals } from '../../approvals/service';
import { accountId, release, SYSTEM_PURPOSES, settle } from '../../ledger';
import { recordOperatorAudit } from '../../operators/audit-chain';
import type { OperatorContext } from '../../operators/context';
import { applicationHoldKey } from '../applications';
import { changeHolding, lockHoldings } from '../holdings';

/**
 * An operator's decision on a large-node application (ADR 0036). Approval grants a large node and
 * takes the held USDT, so it needs a second operator; rejection returns the hold whole and is one
 * operator's call, with the reason the member sees. Either way the application row is locked and
 * must still be pending, and the money, the node, the row and the audit entry are one transaction.
 */
export const APPLICATION_KIND = 'nodes.large_application';
/** Settlement of the hold to the node desk; the grant's node history row carries it too. */
const SETTLE_CODE = 425;
const RELEASE_CODE = 426;

const payloadSchema = z.object({
  applicationId: z.uuid(),
  userId: z.uuid(),
  uid: z.string(),
  email: z.string(),
  amount: z.string(),
  note: z.string(),
  requestKey: z.string().optional(),
});
export type ApplicationApproval = z.infer<typeof payloadSchema>;

async function lockPendingApplication(trx: Executor, id: string) {
  const row = await trx
    .selectFrom('large_node_applications')
    .select(['id', 'user_id', 'status', 'amount'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('NODE_APPLICATION_NOT_FOUND');
  if (row.status !== 'pending') throw new AppError('NODE_APPLICATION_DECIDED');
  return row;
}

export async function approveApplication(
  trx: Executor,
  checker: OperatorContext,
  payload: ApplicationApproval,
  fourEyes: FourEyes,
  now: Date,
) {
  const application = await lockPendingApplication(trx, payload.applicationId);
  // Holdings before the hold's accounts, as every node change takes them.
  const held = (await lockHoldings(trx, [application.user_id])).get(application.user_id);
  if (!held) throw new Error(`node holdings of ${application.user_id} were not locked`);
  const desk = await accountId(trx, { userId: null, currency: 'USDT', purpose: SYSTEM_PURPOSES.nodeDesk });
  const reference = `large-node-application:${application.id}`;
  const settled = await settle(
    trx,
    applicationHoldKey(application.id),
    [{ accountId: desk, amount: new Decimal(application.amount).toFixed() }],
    {
      typeCode: SETTLE_CODE,
      reference,
    },
  );
  const after = await changeHolding(trx, held, {
    kind: 'application_granted',
    typeCode: SETTLE_CODE,
    large: 1,
    reference,
    journalId: settled.finish_journal_id,
    now,
  });
  await trx
    .updateTable('large_node_applications')
    .set({ status: 'approved', decided_by: checker.operatorId, approval_id: fourEyes.approvalId, decided_at: now })
    .where('id', '=', application.id)
    .execute();
  await recordOperatorAudit(trx, checker, {
    action: 'nodes.application.approve',
    object: `large_node_application:${application.id}`,
    memberUid: payload.uid,
    before: { status: 'pending', large: held.large },
    after: { status: 'approved', large: after.large, settled: new Decimal(application.amount).toFixed(), ...fourEyesNote(fourEyes) },
    reason: payload.note,
  });
  return { applicationId: application.id, status: 'approved', large: after.large };
}

export async function rejectApplication(trx: Executor, operator: OperatorContext, id: string, reason: string, now: Date, uid: string) {
  const application = await lockPendingApplication(trx, id);
  await release(trx, applicationHoldKey(application.id), { typeCode: RELEASE_CODE, reference: `large-node-application:${application.id}` });
  await trx
    .updateTable('large_node_applications')
    .set({ status: 'rejected', reason, decided_by: operator.operatorId, decided_at: now })
    .where('id', '=', application.id)
    .execute();
  await recordOperatorAudit(trx, operator, {
    action: 'nodes.application.reject',
    object: `large_node_application:${application.id}`,
    memberUid: uid,
    before: { status: 'pending' },
    after: { status: 'rejected', released: new Decimal(application.amount).toFixed() },
    reason,
  });
}

export function defineApplicationKind(approvals: Approvals, clock: Clock): void {
  approvals.define<ApplicationApproval>({
    kind: APPLICATION_KIND,
    permission: 'nodes.applications',
    schema: payloadSchema,
    summary: (p) =>
      `Approve the large-node application of member ${p.uid} (${p.email}): settle ${p.amount} USDT held, grant one large node: ${p.note}`,
    memberUid: (p) => p.uid,
    run: (trx, payload, checker, fourEyes) => approveApplication(trx, checker, payload, fourEyes, clock.now()),
    // The checker sees the settlement the ledger would post, from a run that is rolled back.
    preview: (trx, payload, viewer, fourEyes) => approveApplication(trx, viewer, payload, fourEyes, clock.now()),
  });
}
