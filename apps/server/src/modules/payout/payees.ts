import { randomUUID } from 'node:crypto';
import {
  LIMITS,
  maskAccount,
  type Payee,
  type PayeeInput,
  type PayeeKind,
  type PayeeSaveBody,
  payeeInputSchema,
  type SecondFactorProof,
} from '@wallet/contract';
import { recordAudit } from '../../platform/audit';
import type { Executor } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { SecretBox } from '../../platform/secret-box';
import { lockMemberRules } from '../auth/account-security';
import { checkCode, spendCode } from '../auth/codes';
import { findUserEmail, verifyPaymentPassword } from '../auth/service';
import { verifyStepUp } from '../auth/step-up';
import { verifiedHolderName } from '../cards/kyc/service';
import type { PayoutDeps } from './deps';
import { payeeAccountFingerprint } from './payee-fingerprint';
import * as q from './payee-queries';

/**
 * Where flash exchange pays: the member's own Alipay or bank accounts. ID numbers, account numbers and
 * phones are sealed (AES-256-GCM) and shown by their last 4 characters; the full values only on the
 * edit screen after the payment password. Deleting keeps the row, so old orders still say where they went.
 */

type Sensitive = { idNumber: string; account: string; phone: string | null };

const last4 = (value: string) => value.slice(-4);
const aadOf = (id: string) => `payee:${id}`;

export function toPayee(row: q.PayeeRow): Payee {
  return {
    id: row.id,
    kind: row.kind,
    isDefault: row.is_default,
    name: row.name,
    accountLast4: row.account_last4,
    accountMasked: row.account_masked ?? `•••• ${row.account_last4}`,
    idNumberLast4: row.id_number_last4,
    bankName: row.bank_name,
    phoneLast4: row.phone_last4,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Every field as the member typed it, opened from the sealed part. */
export function payeeDetails(box: SecretBox, row: q.PayeeRow): PayeeInput {
  const secret = JSON.parse(box.open(row.key_id, row.secret, aadOf(row.id))) as Sensitive;
  if (row.kind === 'alipay')
    return {
      kind: 'alipay',
      alipayAccount: secret.account,
      lastName: row.last_name ?? '',
      firstName: row.first_name ?? '',
      birthDate: row.birth_date ?? '',
      city: row.city ?? '',
      address: row.address ?? '',
      idNumber: secret.idNumber,
    };
  return {
    kind: 'bank',
    name: row.name,
    idNumber: secret.idNumber,
    bankName: row.bank_name ?? '',
    accountNumber: secret.account,
    phone: secret.phone ?? '',
  };
}

function columnsOf({ box, secret }: { box: SecretBox; secret: string }, id: string, input: PayeeInput) {
  const sensitive: Sensitive =
    input.kind === 'alipay'
      ? { idNumber: input.idNumber, account: input.alipayAccount, phone: null }
      : { idNumber: input.idNumber, account: input.accountNumber, phone: input.phone };
  const { keyId, sealed } = box.seal(JSON.stringify(sensitive), aadOf(id));
  const alipay = input.kind === 'alipay' ? input : null;
  return {
    kind: input.kind,
    name: alipay
      ? `${alipay.lastName}${/^[\p{Script=Han}]/u.test(alipay.lastName) ? '' : ' '}${alipay.firstName}`
      : (input as { name: string }).name,
    last_name: alipay?.lastName ?? null,
    first_name: alipay?.firstName ?? null,
    birth_date: alipay?.birthDate ?? null,
    city: alipay?.city ?? null,
    address: alipay?.address ?? null,
    bank_name: input.kind === 'bank' ? input.bankName : null,
    account_last4: last4(sensitive.account),
    account_masked: maskAccount(sensitive.account),
    account_fingerprint: payeeAccountFingerprint(secret, input.kind, sensitive.account),
    id_number_last4: last4(sensitive.idNumber),
    phone_last4: sensitive.phone ? last4(sensitive.phone) : null,
    key_id: keyId,
    secret: sealed,
  };
}

const comparable = (value: string) =>
  value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s'·.-]/g, '');

/**
 * A payout to someone else's account is how a stolen balance leaves: where the member has a passed
 * card KYC, the account holder must be that person (either name order for a one-field name).
 */
async function requireOwnName(deps: PayoutDeps, userId: string, input: PayeeInput): Promise<void> {
  const verified = await verifiedHolderName(deps, userId);
  if (!verified) return;
  const first = comparable(verified.firstName);
  const last = comparable(verified.lastName);
  const matches =
    input.kind === 'alipay'
      ? comparable(input.firstName) === first && comparable(input.lastName) === last
      : [last + first, first + last].includes(comparable(input.name));
  if (!matches) throw new AppError('PAYEE_NAME_MISMATCH');
}

/** The emailed code (checked now, spent with the change) or the payment password. */
async function verifyChange(deps: PayoutDeps, userId: string, body: Pick<PayeeSaveBody, 'code' | 'paymentPassword'>, ip: string) {
  if (body.paymentPassword) {
    await verifyPaymentPassword(deps, userId, body.paymentPassword, ip);
    return null;
  }
  if (!body.code) throw new AppError('PAYEE_VERIFICATION_REQUIRED');
  const user = await findUserEmail(deps.db, userId);
  return checkCode(deps, user.email, 'payee', body.code, ip);
}

export async function listPayees(deps: PayoutDeps, userId: string, kind?: PayeeKind): Promise<Payee[]> {
  return (await q.listLive(deps.db, userId, kind)).map(toPayee);
}

/** Adds a payee (id null) or changes one; the first of a kind becomes the default. */
export async function savePayee(deps: PayoutDeps, userId: string, id: string | null, body: PayeeSaveBody, ip: string): Promise<Payee> {
  const input = payeeInputSchema.parse(body.payee);
  const existing = id ? await q.findLive(deps.db, userId, id) : null;
  if (id && !existing) throw new AppError('PAYEE_NOT_FOUND');
  if (existing && existing.kind !== input.kind) throw new AppError('PAYEE_KIND_MISMATCH');
  await requireOwnName(deps, userId, input);
  await verifyStepUp(deps, userId, body.secondFactor, ip);
  const codeId = await verifyChange(deps, userId, body, ip);
  const now = deps.clock.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    // Where a flash exchange may pay changes under the payment gate's lock, as addresses do.
    await lockMemberRules(trx, userId);
    if (codeId) await spendCode(trx, codeId, now);
    if (!existing && (await q.countLive(trx, userId)) >= LIMITS.payout.maxPayees) throw new AppError('PAYEE_LIMIT_REACHED');
    const payeeId = existing?.id ?? randomUUID();
    const firstOfKind = !existing && (await q.countLive(trx, userId, input.kind)) === 0;
    const makeDefault = Boolean(body.makeDefault) || firstOfKind;
    if (makeDefault) await q.clearDefault(trx, userId, input.kind);
    const columns = columnsOf(deps, payeeId, input);
    const saved = existing
      ? await q.updatePayee(trx, payeeId, { ...columns, ...(makeDefault ? { is_default: true } : {}), updated_at: now })
      : await q.insertPayee(trx, { id: payeeId, user_id: userId, ...columns, is_default: makeDefault, created_at: now, updated_at: now });
    await recordAudit(trx, {
      actorKind: 'user',
      actorId: userId,
      action: existing ? 'payee.changed' : 'payee.added',
      subject: payeeId,
      details: { kind: input.kind, accountLast4: columns.account_last4, verifiedBy: codeId ? 'email_code' : 'payment_password' },
      ip,
    });
    return saved;
  });
  return toPayee(row);
}

export async function revealPayee(deps: PayoutDeps, userId: string, id: string, paymentPassword: string, ip: string) {
  const row = await q.findLive(deps.db, userId, id);
  if (!row) throw new AppError('PAYEE_NOT_FOUND');
  await verifyPaymentPassword(deps, userId, paymentPassword, ip);
  return { payee: toPayee(row), details: payeeDetails(deps.box, row) };
}

export async function deletePayee(
  deps: PayoutDeps,
  userId: string,
  id: string,
  secondFactor: SecondFactorProof | undefined,
  ip: string,
): Promise<void> {
  if (!(await q.findLive(deps.db, userId, id))) throw new AppError('PAYEE_NOT_FOUND');
  await verifyStepUp(deps, userId, secondFactor, ip);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await lockMemberRules(trx, userId);
    const row = await q.findLive(trx, userId, id);
    if (!row) throw new AppError('PAYEE_NOT_FOUND');
    await q.updatePayee(trx, id, { deleted_at: now, is_default: false, updated_at: now });
    await recordAudit(trx, { actorKind: 'user', actorId: userId, action: 'payee.deleted', subject: id, ip });
  });
}

export async function makeDefaultPayee(deps: PayoutDeps, userId: string, id: string): Promise<Payee> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await q.findLive(trx, userId, id);
    if (!row) throw new AppError('PAYEE_NOT_FOUND');
    await q.clearDefault(trx, userId, row.kind);
    return toPayee(await q.updatePayee(trx, id, { is_default: true, updated_at: deps.clock.now() }));
  });
}

/** A payee the member may pay to now, with its full details for the partner. */
export async function payeeForOrder(deps: Pick<PayoutDeps, 'box'> & { db: Executor }, userId: string, id: string) {
  const row = await q.findLive(deps.db, userId, id);
  if (!row) throw new AppError('PAYEE_NOT_FOUND');
  return { row, details: payeeDetails(deps.box, row) };
}

/**
 * Re-seals payees still under an older key with the current one (after PAYEE_ENCRYPTION_KEY_ID
 * changes, while the old key is still configured). Returns how many it re-sealed.
 */
export async function resealPayees(deps: Pick<PayoutDeps, 'db' | 'box'>, batch = 500): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await q.keysOtherThan(deps.db, deps.box.currentKeyId, batch);
    if (rows.length === 0) return total;
    for (const row of rows) {
      const { keyId, sealed } = deps.box.seal(deps.box.open(row.key_id, row.secret, aadOf(row.id)), aadOf(row.id));
      await q.reseal(deps.db, row.id, row.key_id, keyId, sealed);
    }
    total += rows.length;
  }
}
