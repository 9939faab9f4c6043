import { type Currency, checkAmount, maskEmail, TRANSFER_CODES } from '@wallet/contract';
import Decimal from 'decimal.js';
import { AppError } from '../../platform/errors';
import { consumeCode } from '../auth/codes';
import { type AuthDeps, verifyPaymentPassword } from '../auth/service';
import { accountId, post, USER_WALLET, walletBalances } from './ledger';

const CLEARING = 'transfer_clearing';

/** The recipient as the sender may see them before confirming: nickname, else a masked email. */
export async function findRecipient(deps: AuthDeps, uid: string) {
  const user = await deps.db.selectFrom('users').select(['id', 'uid', 'nickname', 'email']).where('uid', '=', uid).executeTakeFirst();
  if (!user) throw new AppError('RECIPIENT_NOT_FOUND');
  return { id: user.id, uid: user.uid, displayName: user.nickname ?? maskEmail(user.email) };
}

export interface TransferInput {
  toUid: string;
  currency: Currency;
  amount: string;
  code: string;
  paymentPassword: string;
}

/**
 * Sends money to another user by UID. Cheap checks come first, then the payment password, then the
 * emailed code (used up only once everything else passed). The money moves in one transaction as two
 * journals through a clearing account, so each side's records carry its own code (23/113 for USDT).
 * Keyed by the request's idempotency key: a repeat returns the first transfer.
 */
export async function transfer(deps: AuthDeps, userId: string, input: TransferInput, key: string) {
  const existing = await deps.db
    .selectFrom('transfers')
    .selectAll()
    .where('from_user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  const recipient = await findRecipient(deps, input.toUid);
  if (existing) return reply(existing, recipient);
  if (recipient.id === userId) throw new AppError('TRANSFER_TO_SELF');
  const checked = checkAmount(input.amount, input.currency);
  if (!checked.ok) throw new AppError(checked.code);
  const held = (await walletBalances(deps.db, userId)).find((b) => b.currency === input.currency);
  if (!held || new Decimal(held.balance).lt(checked.value)) throw new AppError('INSUFFICIENT_BALANCE', { currency: input.currency });
  await verifyPaymentPassword(deps, userId, input.paymentPassword);
  const sender = await deps.db.selectFrom('users').select(['email']).where('id', '=', userId).executeTakeFirstOrThrow();
  await consumeCode(deps, sender.email, 'transfer', input.code);

  const amount = checked.value.toFixed();
  const codes = TRANSFER_CODES[input.currency];
  const row = await deps.db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('transfers')
      .values({
        from_user_id: userId,
        to_user_id: recipient.id,
        currency: input.currency,
        amount,
        idempotency_key: key,
        created_at: deps.clock.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const reference = `transfer:${created.id}`;
    const from = await accountId(trx, { userId, currency: input.currency, purpose: USER_WALLET });
    const clearing = await accountId(trx, { userId: null, currency: input.currency, purpose: CLEARING });
    const to = await accountId(trx, { userId: recipient.id, currency: input.currency, purpose: USER_WALLET });
    await post(trx, {
      typeCode: codes.out,
      userId,
      reference,
      idempotencyKey: `${reference}:out`,
      legs: [
        { accountId: from, amount: `-${amount}` },
        { accountId: clearing, amount },
      ],
    });
    await post(trx, {
      typeCode: codes.in,
      userId: recipient.id,
      reference,
      idempotencyKey: `${reference}:in`,
      legs: [
        { accountId: clearing, amount: `-${amount}` },
        { accountId: to, amount },
      ],
    });
    return created;
  });
  return reply(row, recipient);
}

function reply(row: { id: string; currency: string; amount: string; created_at: Date }, recipient: { uid: string; displayName: string }) {
  return {
    id: row.id,
    to: { uid: recipient.uid, displayName: recipient.displayName },
    currency: row.currency as Currency,
    amount: new Decimal(row.amount).toFixed(),
    createdAt: row.created_at.toISOString(),
  };
}
