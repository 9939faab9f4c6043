import { type Currency, checkTypedAmount, Decimal, maskEmail, RECENT_RECIPIENTS_LIMIT, TRANSFER_CODES } from '@wallet/contract';
import { AppError } from '../../platform/errors';
import { checkCode, spendCode } from '../auth/codes';
import { type AuthDeps, findUserByUid, verifyPaymentPassword } from '../auth/service';
import { accountId, entriesOf, postNew, USER_WALLET, walletBalances } from '../ledger';
import { notify } from '../notifications/notify';
import * as q from './queries';

/** The recipient as the sender may see them before confirming: nickname and masked email, never the email itself. */
export async function findRecipient(deps: AuthDeps, uid: string) {
  const user = await findUserByUid(deps.db, uid);
  if (!user) throw new AppError('RECIPIENT_NOT_FOUND');
  return { id: user.id, ...shownAs(user) };
}

function shownAs({ uid, email, nickname }: { uid: string; email: string; nickname: string | null }) {
  const maskedEmail = maskEmail(email);
  return { uid, displayName: nickname ?? maskedEmail, nickname, maskedEmail };
}

/** Whom I paid lately, shown as the lookup shows a recipient (masked email, never the email). */
export async function recentRecipientsOf(deps: Pick<AuthDeps, 'db'>, userId: string) {
  return (await q.recentRecipients(deps.db, userId, RECENT_RECIPIENTS_LIMIT)).map(shownAs);
}

/** The recipient as a reply shows them (the internal id left out). */
export const recipientView = ({ uid, displayName, nickname, maskedEmail }: Recipient) => ({ uid, displayName, nickname, maskedEmail });
type Recipient = Awaited<ReturnType<typeof findRecipient>>;

export interface TransferInput {
  toUid: string;
  currency: Currency;
  amount: string;
  code: string;
  paymentPassword: string;
}

/**
 * Sends money to another user by UID. Cheap checks come first, then the payment password, then the
 * emailed code (checked here, spent only in the transaction that moves the money, so a refused move
 * leaves it live). The money moves as one journal with two legs: each side's entry carries its own
 * record code (23/113 for USDT). Both wallets are locked in id order inside the posting, so two users
 * paying each other at once queue rather than deadlock. Keyed by the request's idempotency key: a
 * repeat returns the first transfer.
 */
export async function transfer(deps: AuthDeps, userId: string, input: TransferInput, key: string, ip: string) {
  const existing = await findTransfer(deps, userId, key);
  const recipient = await findRecipient(deps, input.toUid);
  if (existing) return reply(existing, recipient);
  if (recipient.id === userId) throw new AppError('TRANSFER_TO_SELF');
  const checked = checkTypedAmount(input.amount, input.currency);
  if (!checked.ok) throw new AppError(checked.code, checked.details);
  const held = (await walletBalances(deps.db, userId)).find((b) => b.currency === input.currency);
  if (!held || new Decimal(held.balance).lt(checked.value)) throw new AppError('INSUFFICIENT_BALANCE', { currency: input.currency });
  const sender = await verifyPaymentPassword(deps, userId, input.paymentPassword, ip);
  const codeId = await checkCode(deps, sender.email, 'transfer', input.code, ip);

  const amount = checked.value.toFixed();
  const codes = TRANSFER_CODES[input.currency];
  // Found (or made) before the transaction: a new account's row is then committed and never locked by it.
  const from = await accountId(deps.db, { userId, currency: input.currency, purpose: USER_WALLET });
  const to = await accountId(deps.db, { userId: recipient.id, currency: input.currency, purpose: USER_WALLET });
  const row = await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const created = await q.insertTransfer(trx, {
      from_user_id: userId,
      to_user_id: recipient.id,
      currency: input.currency,
      amount,
      idempotency_key: key,
      created_at: now,
    });
    // The same key committed by a request running alongside: that one moved the money.
    if (!created) return null;
    await spendCode(trx, codeId, now);
    const reference = `transfer:${created.id}`;
    // Keyed by the transfer row made just now: no other transaction can post the same key.
    const { journalId } = await postNew(trx, {
      typeCode: codes.out,
      userId,
      reference,
      idempotencyKey: reference,
      legs: [
        { accountId: from, amount: `-${amount}` },
        { accountId: to, amount, typeCode: codes.in },
      ],
    });
    // The recipient's own record of it: what their records page opens.
    const [received] = await entriesOf(trx, { purpose: USER_WALLET, userId: recipient.id, journalId, limit: 1 });
    if (!received) throw new Error(`transfer ${created.id}: the recipient's entry was not found`);
    await notify(trx, recipient.id, {
      code: 'transfer_received',
      params: { amount, currency: input.currency, fromUid: sender.uid },
      ref: { kind: 'record', id: received.id },
    });
    return created;
  });
  const result = row ?? (await findTransfer(deps, userId, key));
  if (!result) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
  return reply(result, recipient);
}

function findTransfer(deps: AuthDeps, userId: string, key: string) {
  return q.findTransferByKey(deps.db, userId, key);
}

function reply(row: { id: string; currency: string; amount: string; created_at: Date }, recipient: Recipient) {
  return {
    id: row.id,
    to: recipientView(recipient),
    currency: row.currency as Currency,
    amount: new Decimal(row.amount).toFixed(),
    createdAt: row.created_at.toISOString(),
  };
}
