import { type Currency, checkTypedAmount, Decimal, maskEmail, RECENT_RECIPIENTS_LIMIT, TRANSFER_CODES } from '@wallet/contract';
import { AppError } from '../../platform/errors';
import { type KeyedRequest, KeyTaken } from '../../platform/idempotency';
import { checkReadCode } from '../auth/codes';
import { type AuthDeps, checkPayer, findUserByUid } from '../auth/service';
import { accountId, entriesOf, postNew, USER_WALLET } from '../ledger';
import { announceNotifications, insertNotificationsSql } from '../notifications/notify';
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

type TransferReply = ReturnType<typeof reply>;

/**
 * Sends money to another user by UID, in one read and one transaction. The read brings all the
 * request checks (ADR 0007, "a money request in two round trips"); cheap checks come first, then the
 * payment password, then the emailed code, each under its limits. The transaction writes the
 * transfer and spends the code in one statement, posts the journal (both wallets locked in id order,
 * so two users paying each other at once queue rather than deadlock), tells the recipient, and
 * records the idempotency key with the reply: a refused move leaves the code live and the key free,
 * and a repeat is answered from the record.
 */
export async function transfer(deps: AuthDeps, userId: string, input: TransferInput, keyed: KeyedRequest, ip: string) {
  const read = await q.readTransfer(deps.db, {
    userId,
    toUid: input.toUid,
    currency: input.currency,
    key: keyed.key,
    record: keyed.record(),
  });
  const recorded = keyed.answer<TransferReply>(read.record);
  if (recorded) return recorded.value;
  if (!read.recipient) throw new AppError('RECIPIENT_NOT_FOUND');
  const recipient = { id: read.recipient.id, ...shownAs(read.recipient) };
  // Made before its key was recorded with it (by an earlier version of this code): answered as a repeat.
  if (read.existing) return reply(read.existing, recipient);
  if (recipient.id === userId) throw new AppError('TRANSFER_TO_SELF');
  const checked = checkTypedAmount(input.amount, input.currency);
  if (!checked.ok) throw new AppError(checked.code, checked.details);
  if (!read.wallet || new Decimal(read.wallet.balance).lt(checked.value))
    throw new AppError('INSUFFICIENT_BALANCE', { currency: input.currency });
  const sender = await checkPayer(deps, userId, read.payer, input.paymentPassword, ip);
  const codeId = await checkReadCode(deps, { email: sender.email, purpose: 'transfer', code: input.code, ip }, read.code);

  const amount = checked.value.toFixed();
  const codes = TRANSFER_CODES[input.currency];
  const from = read.wallet.id;
  // Made before the transaction when the recipient never held the currency: committed, never locked by it.
  const to =
    read.recipient_wallet?.id ?? (await accountId(deps.db, { userId: recipient.id, currency: input.currency, purpose: USER_WALLET }));
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const row = {
      from_user_id: userId,
      to_user_id: recipient.id,
      currency: input.currency,
      amount,
      idempotency_key: keyed.key,
      created_at: now,
    };
    const made = await q.insertTransferSpendingCode(trx, row, { id: codeId, now });
    // The same key committed by a request running alongside: that one moved the money.
    if (!made) throw new KeyTaken();
    if (!made.spent) throw new AppError('CODE_EXPIRED');
    const reference = `transfer:${made.transfer.id}`;
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
    if (!received) throw new Error(`transfer ${made.transfer.id}: the recipient's entry was not found`);
    const notice = {
      userId: recipient.id,
      code: 'transfer_received' as const,
      params: { amount, currency: input.currency, fromUid: sender.uid },
      ref: { kind: 'record' as const, id: received.id },
    };
    const result = reply(made.transfer, recipient);
    await keyed.save(trx, result, insertNotificationsSql([notice]));
    announceNotifications(trx, [recipient.id]);
    return result;
  });
}

function reply(row: q.TransferRow, recipient: Recipient) {
  return {
    id: row.id,
    to: recipientView(recipient),
    currency: row.currency as Currency,
    amount: new Decimal(row.amount).toFixed(),
    createdAt: row.created_at.toISOString(),
  };
}
