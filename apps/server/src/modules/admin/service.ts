import { type Currency, checkAmount } from '@wallet/contract';
import type { Clock } from '../../platform/clock';
import type { Db, Executor } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { findUserByUid } from '../auth/service';
import { accountId, type PostingResult, post, SYSTEM_PURPOSES, USER_WALLET } from '../ledger';
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
    if (!(await setPairTerms(trx, pair))) throw new AppError('EXCHANGE_PAIR_UNSUPPORTED');
    await audit(trx, operator, 'pair.set', `pair:${pair.from}-${pair.to}`, {
      spread: pair.spread,
      feeRate: pair.feeRate,
      enabled: pair.enabled,
    });
  });
}

export interface Adjustment {
  uid: string;
  currency: Currency;
  /** Signed: positive credits the user, negative debits. */
  amount: string;
  reason: string;
  /** The request's Idempotency-Key: the same key posts once and then returns the first journal. */
  key: string;
}

/** Credits or debits a user's wallet against the adjustments account (ledger code 13). */
export async function adjustBalance(deps: AdminDeps, operator: Operator, adjustment: Adjustment): Promise<PostingResult> {
  const { uid, currency, amount, reason, key } = adjustment;
  const user = await findUserByUid(deps.db, uid);
  if (!user) throw new AppError('RECIPIENT_NOT_FOUND');
  const checked = checkAmount(amount.replace(/^-/, ''), currency);
  if (!checked.ok) throw new AppError(checked.code);
  const credit = !amount.startsWith('-');
  const signed = credit ? checked.value : checked.value.neg();
  return deps.db.transaction().execute(async (trx) => {
    const result = await post(trx, {
      typeCode: 13,
      userId: user.id,
      reference: `adjustment:${operator.operatorId}`,
      idempotencyKey: `adjustment:${operator.operatorId}:${key}`,
      memo: { reason },
      legs: [
        { accountId: await accountId(trx, { userId: user.id, currency, purpose: USER_WALLET }), amount: signed.toFixed() },
        {
          accountId: await accountId(trx, { userId: null, currency, purpose: SYSTEM_PURPOSES.adjustments }),
          amount: signed.neg().toFixed(),
        },
      ],
    });
    // A replay found the first posting, which committed with its own audit row: there is nothing new to record.
    if (!result.replayed)
      await audit(trx, operator, credit ? 'balance.credit' : 'balance.debit', `user:${user.id}`, {
        currency,
        amount: signed.toFixed(),
        reason,
      });
    return result;
  });
}
