import { type Approval, type Currency, checkAmount, currencySchema, Decimal } from '@wallet/contract';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Clock } from '../../platform/clock';
import type { Db, Executor } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { FourEyes } from '../approvals/kinds';
import { fourEyesNote } from '../approvals/kinds';
import type { Approvals } from '../approvals/service';
import { findUserByUid } from '../auth/service';
import { accountId, post, SYSTEM_PURPOSES, USER_WALLET } from '../ledger';
import { recordOperatorAudit } from '../operators/audit-chain';
import type { OperatorContext as Operator } from '../operators/context';
import { setPairTerms, setUsdPrice } from '../wallet/rates';

/**
 * Operator actions. Each one commits together with its audit row, in one transaction: an action
 * never stands without its record (an audit write that fails undoes the action), and a record never
 * tells of an action that was rolled back.
 */

export interface AdminDeps {
  db: Db;
  clock: Clock;
}

const audit = (trx: Executor, operator: Operator, action: string, subject: string, details: Record<string, unknown>) =>
  recordOperatorAudit(trx, operator, { action, object: subject, after: details });

/** The USD price of a currency, which every estimate and exchange rate is derived from. */
export async function setRate(deps: AdminDeps, operator: Operator, currency: Currency, usdPrice: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await setUsdPrice(trx, { currency, usdPrice, updatedBy: `operator:${operator.operatorId}`, now: deps.clock.now() });
    await audit(trx, operator, 'rate.set', `currency:${currency}`, { usdPrice });
  });
}

export async function setPair(
  deps: AdminDeps,
  operator: Operator,
  pair: { from: Currency; to: Currency; spread: string; feeRate: string; enabled: boolean },
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await setPairTerms(trx, { ...pair, now: deps.clock.now() }))) throw new AppError('EXCHANGE_PAIR_UNSUPPORTED');
    await audit(trx, operator, 'pair.set', `pair:${pair.from}-${pair.to}`, {
      spread: pair.spread,
      feeRate: pair.feeRate,
      enabled: pair.enabled,
    });
  });
}

const adjustmentSchema = z.object({
  uid: z.string(),
  currency: currencySchema,
  /** Signed, as the ledger writes it: positive credits the member, negative debits. */
  amount: z.string(),
  reason: z.string(),
  /** The maker's Idempotency-Key: the same key asks once and then finds the same request. */
  requestKey: z.string(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

/**
 * A balance adjustment always needs a second operator (ADR 0034): the maker asks, a checker's
 * approval posts it against the adjustments account (ledger code 13), once per request.
 */
export function defineAdjustmentKind(approvals: Approvals): void {
  const run = async (trx: Transaction<Database>, payload: Adjustment, operator: Operator, fourEyes: FourEyes) => {
    const { uid, currency, amount, reason } = payload;
    const user = await findUserByUid(trx, uid);
    if (!user) throw new AppError('MEMBER_NOT_FOUND');
    const signed = new Decimal(amount);
    // Keyed by the request: however many approvals race, the ledger takes this journal once.
    const result = await post(trx, {
      typeCode: 13,
      userId: user.id,
      reference: `approval:${fourEyes.approvalId}`,
      idempotencyKey: `adjustment:approval:${fourEyes.approvalId}`,
      memo: { reason },
      legs: [
        { accountId: await accountId(trx, { userId: user.id, currency, purpose: USER_WALLET }), amount: signed.toFixed() },
        {
          accountId: await accountId(trx, { userId: null, currency, purpose: SYSTEM_PURPOSES.adjustments }),
          amount: signed.neg().toFixed(),
        },
      ],
    });
    if (!result.replayed)
      await recordOperatorAudit(trx, operator, {
        action: signed.isPositive() ? 'balance.credit' : 'balance.debit',
        object: `user:${user.id}`,
        memberUid: uid,
        after: { currency, amount: signed.toFixed(), journalId: result.journalId, ...fourEyesNote(fourEyes) },
        reason,
      });
    return { journalId: result.journalId };
  };
  approvals.define<Adjustment>({
    kind: 'balance.adjust',
    permission: 'adjustments.make',
    schema: adjustmentSchema,
    summary: (p) =>
      `${p.amount.startsWith('-') ? 'Debit' : 'Credit'} ${p.amount.replace(/^-/, '')} ${p.currency} ${p.amount.startsWith('-') ? 'from' : 'to'} member ${p.uid}: ${p.reason}`,
    memberUid: (p) => p.uid,
    run,
    preview: run,
  });
}

/** Asks for an adjustment: the member must exist and the amount fit the currency; a second operator approves it. */
export async function requestAdjustment(
  deps: AdminDeps,
  approvals: Approvals,
  operator: Operator,
  asked: { uid: string; currency: Currency; amount: string; reason: string; requestKey: string },
  onReplay?: () => void,
): Promise<Approval> {
  const user = await findUserByUid(deps.db, asked.uid);
  if (!user) throw new AppError('MEMBER_NOT_FOUND');
  const checked = checkAmount(asked.amount.replace(/^-/, ''), asked.currency);
  if (!checked.ok) throw new AppError(checked.code);
  const amount = asked.amount.startsWith('-') ? checked.value.neg() : checked.value;
  return approvals.request<Adjustment>(
    operator,
    'balance.adjust',
    { ...asked, amount: amount.toFixed() },
    { requestKey: asked.requestKey, ...(onReplay && { onReplay }) },
  );
}
