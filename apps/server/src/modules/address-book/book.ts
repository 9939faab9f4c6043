import {
  ADDRESS_BOOK_LIMITS,
  type AddAddressBody,
  type AddressBookReply,
  type BindableNetwork,
  normalizeAddress,
  type SavedAddress,
} from '@wallet/contract';
import { recordAudit } from '../../platform/audit';
import { addSeconds } from '../../platform/clock';
import type { Executor } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { assertNotLocked, lockMemberRules, tellSecurityChange, withdrawalHold, withdrawDelaySeconds } from '../auth/account-security';
import { checkCode, spendCode } from '../auth/codes';
import { type AuthDeps, findUserBoundAddress, findUserContact, verifyPaymentPassword } from '../auth/service';
import { verifyStepUp } from '../auth/step-up';
import * as q from './queries';

/*
 * The member's saved withdrawal addresses. A new one can receive withdrawals only from `usable_from`
 * (the delay after saving), and the member is emailed with the lock link at once; deleting keeps the
 * row, so an address deleted and saved again waits again.
 */

export function toSavedAddress(row: q.SavedAddressRow, now: Date): SavedAddress {
  return {
    id: row.id,
    network: row.network,
    address: row.address,
    label: row.label,
    createdAt: row.created_at.toISOString(),
    usableFrom: row.usable_from.toISOString(),
    usable: row.usable_from <= now,
  };
}

export async function addressBook(deps: AuthDeps, userId: string): Promise<AddressBookReply> {
  const now = deps.clock.now();
  const [rows, hold] = await Promise.all([q.listLive(deps.db, userId), withdrawalHold(deps.db, userId, now)]);
  return {
    addresses: rows.map((row) => toSavedAddress(row, now)),
    maximum: ADDRESS_BOOK_LIMITS.maxAddresses,
    delayHours: deps.security.withdrawDelayHours,
    withdrawalsHeldUntil: hold?.until.toISOString() ?? null,
    withdrawalsHeldReason: hold?.reason ?? null,
  };
}

/**
 * Saves a destination in the caller's transaction: the book's cap and one live row per address are
 * checked under the member's row lock, the member is emailed with the lock link. The bound address
 * is trusted already (changing it holds every withdrawal), so it needs no wait.
 */
export async function saveAddress(
  deps: AuthDeps,
  trx: Executor,
  userId: string,
  entry: { network: BindableNetwork; address: string; label: string | null; via: 'address_book' | 'withdrawal' },
  ip: string,
): Promise<q.SavedAddressRow> {
  const now = deps.clock.now();
  await lockMemberRules(trx, userId);
  if (await q.findLiveByAddress(trx, userId, entry.network, entry.address)) throw new AppError('ADDRESS_ALREADY_SAVED');
  if ((await q.countLive(trx, userId)) >= ADDRESS_BOOK_LIMITS.maxAddresses) throw new AppError('ADDRESS_BOOK_FULL');
  const bound = await findUserBoundAddress(trx, userId);
  const isBound = bound.bound_network === entry.network && bound.bound_address === entry.address;
  const usableFrom = isBound ? now : addSeconds(now, withdrawDelaySeconds(deps.security));
  const row = await q.insertAddress(trx, {
    user_id: userId,
    network: entry.network,
    address: entry.address,
    label: entry.label,
    created_at: now,
    usable_from: usableFrom,
  });
  if (!row) throw new AppError('ADDRESS_ALREADY_SAVED');
  await recordAudit(trx, {
    actorKind: 'user',
    actorId: userId,
    action: 'withdrawal_address.added',
    subject: row.id,
    details: { network: row.network, address: row.address, via: entry.via, usableFrom: usableFrom.toISOString() },
    ip,
  });
  const member = await findUserContact(trx, userId);
  await tellSecurityChange(
    deps,
    trx,
    { id: userId, ...member },
    {
      event: 'address_saved',
      network: row.network,
      address: row.address,
      usableFrom,
    },
  );
  return row;
}

/** Adds an address with the emailed code (purpose address_book) or the payment password, and the second factor when on. */
export async function addAddress(deps: AuthDeps, userId: string, body: AddAddressBody, ip: string): Promise<SavedAddress> {
  await assertNotLocked(deps.db, userId);
  const address = normalizeAddress(body.network, body.address);
  if (await q.findLiveByAddress(deps.db, userId, body.network, address)) throw new AppError('ADDRESS_ALREADY_SAVED');
  if ((await q.countLive(deps.db, userId)) >= ADDRESS_BOOK_LIMITS.maxAddresses) throw new AppError('ADDRESS_BOOK_FULL');
  await verifyStepUp(deps, userId, body.secondFactor, ip);
  let codeId: string | null = null;
  if (body.paymentPassword) await verifyPaymentPassword(deps, userId, body.paymentPassword, ip);
  else if (body.code) {
    const { email } = await findUserContact(deps.db, userId);
    codeId = await checkCode(deps, email, 'address_book', body.code, ip);
  } else throw new AppError('ADDRESS_BOOK_VERIFICATION_REQUIRED');
  const row = await deps.db.transaction().execute(async (trx) => {
    if (codeId) await spendCode(trx, codeId, deps.clock.now());
    return saveAddress(deps, trx, userId, { network: body.network, address, label: body.label, via: 'address_book' }, ip);
  });
  return toSavedAddress(row, deps.clock.now());
}

/** A new name changes nothing about where money can go, so it needs no code. */
export async function renameAddress(deps: AuthDeps, userId: string, id: string, label: string): Promise<SavedAddress> {
  const row = await q.setLabel(deps.db, userId, id, label);
  if (!row) throw new AppError('SAVED_ADDRESS_NOT_FOUND');
  return toSavedAddress(row, deps.clock.now());
}

export async function deleteAddress(deps: AuthDeps, userId: string, id: string, ip: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await lockMemberRules(trx, userId);
    const row = await q.markDeleted(trx, userId, id, deps.clock.now());
    if (!row) throw new AppError('SAVED_ADDRESS_NOT_FOUND');
    await recordAudit(trx, {
      actorKind: 'user',
      actorId: userId,
      action: 'withdrawal_address.deleted',
      subject: id,
      details: { network: row.network, address: row.address },
      ip,
    });
  });
}

/** A saved address written as it is, without the checks and the wait of saveAddress: for the demo seed. */
export { insertAddress } from './queries';
