import { type BindableNetwork, Decimal, WITHDRAWAL_CODES } from '@wallet/contract';
import type { Db } from '../../platform/db/database';
import { accountId, hold, USER_WALLET } from '../ledger';
import * as q from './withdrawal-queries';

/**
 * Demo data only (never in production): a withdrawal waiting for review, its amount and fee held in
 * the ledger exactly as a member's request holds them (requestWithdrawal), without the member's proofs
 * a seed cannot give. Keyed: a second run finds the first.
 */
export async function placeDemoWithdrawal(
  db: Db,
  input: { userId: string; network: BindableNetwork; address: string; amount: string; fee: string; key: string; at: Date },
): Promise<string> {
  const existing = await q.findWithdrawalIdByKey(db, input.userId, input.key);
  if (existing) return existing.id;
  const total = new Decimal(input.amount).plus(input.fee);
  const wallet = await accountId(db, { userId: input.userId, currency: 'USDT', purpose: USER_WALLET });
  return db.transaction().execute(async (trx) => {
    const row = await q.insertWithdrawal(trx, {
      user_id: input.userId,
      network: input.network,
      address: input.address,
      currency: 'USDT',
      amount: input.amount,
      fee: input.fee,
      status: 'pending_review',
      idempotency_key: input.key,
      created_at: input.at,
      updated_at: input.at,
    });
    await q.insertWithdrawalEvents(trx, {
      withdrawal_id: row.id,
      status: 'pending_review',
      note: null,
      actor: `user:${input.userId}`,
      created_at: input.at,
    });
    const reference = `withdrawal:${row.id}`;
    await hold(trx, {
      key: reference,
      accountId: wallet,
      amount: total.toFixed(),
      typeCode: WITHDRAWAL_CODES[input.network],
      userId: input.userId,
      reference,
    });
    return row.id;
  });
}
