import { createHash } from 'node:crypto';
import { KYC_PHOTO_MAX_BYTES, KYC_SIDES_BY_DOCUMENT, type KycBody, type KycPhotoSide } from '@wallet/contract';
import countries from 'i18n-iso-countries';
import { AppError } from '../../../platform/errors';
import { findUserByUid } from '../../auth/service';
import { notify } from '../../notifications/notify';
import { cardsChanged } from '../card-changes';
import type { CardDeps } from '../deps';
import { findCardholder, findUserCard, listUserCards } from '../queries';
import { recordCardOpened } from '../reward-events';
import * as q from './queries';

/** Recognised by their first bytes, not by what the client claims: a renamed file is refused. */
const SIGNATURES: Array<{ type: string; test: (b: Buffer) => boolean }> = [
  { type: 'image/jpeg', test: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/png',
    test: (b) => b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    type: 'image/webp',
    test: (b) => b.length > 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

export function photoType(bytes: Buffer): string | null {
  return SIGNATURES.find((s) => s.test(bytes))?.type ?? null;
}

/** Stores one document photo privately (in the database, never in a public folder). */
export async function savePhoto(deps: CardDeps, userId: string, side: KycPhotoSide, bytes: Buffer): Promise<void> {
  if (bytes.length > KYC_PHOTO_MAX_BYTES) throw new AppError('KYC_PHOTO_TOO_LARGE');
  const type = photoType(bytes);
  if (!type) throw new AppError('KYC_PHOTO_INVALID');
  const holder = await findCardholder(deps.db, userId);
  if (holder?.kyc_status === 'in_progress') throw new AppError('KYC_IN_PROGRESS');
  if (holder?.kyc_status === 'passed') throw new AppError('KYC_ALREADY_PASSED');
  const row = {
    user_id: userId,
    side,
    content_type: type,
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    size: bytes.length,
    created_at: deps.clock.now(),
  };
  await q.upsertPhoto(deps.db, row);
}

export async function readPhoto(deps: CardDeps, userId: string, side: KycPhotoSide) {
  const row = await q.findPhoto(deps.db, userId, side);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** A member's document photo for an operator, found by the member's UID; the caller audits the viewing. */
export async function memberPhoto(deps: CardDeps, uid: string, side: KycPhotoSide) {
  const user = await findUserByUid(deps.db, uid);
  if (!user) throw new AppError('NOT_FOUND');
  return { userId: user.id, photo: await readPhoto(deps, user.id, side) };
}

export async function kycStatus(deps: CardDeps, userId: string) {
  const holder = await findCardholder(deps.db, userId);
  const photos = await q.photoSides(deps.db, userId);
  return {
    status: holder?.kyc_status ?? 'none',
    reason: holder?.kyc_reason ?? null,
    photos: photos.map((p) => p.side),
    submittedAt: holder?.kyc_submitted_at?.toISOString() ?? null,
  };
}

/** An ISO 3166-1 numeric code of a country that exists ("999" has the right shape but names none). */
export function isCountryCode(value: string): boolean {
  return /^\d{3}$/.test(value) && countries.isValid(value);
}

function validDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * Sends the KYC form and photo fingerprints to the issuer for review. Allowed when there is no
 * decision yet or the last one failed (redo); the result arrives as kyc.approved or kyc.rejected.
 */
export async function submitKyc(deps: CardDeps, userId: string, body: KycBody) {
  const card = await findUserCard(deps.db, userId, body.cardId);
  // Another member's card is answered as one that does not exist: ids are never confirmed to strangers.
  if (!card) throw new AppError('CARD_NOT_FOUND');
  if (card.status === 'opening' || card.status === 'failed') throw new AppError('CARD_NOT_OPEN');
  const today = deps.clock.now().toISOString().slice(0, 10);
  if (!validDate(body.issueDate) || !validDate(body.expiryDate) || body.issueDate > today || body.expiryDate <= today)
    throw new AppError('KYC_DATES_INVALID');
  const named = [body.country, body.address.country, body.nationality];
  if (!named.every(isCountryCode)) throw new AppError('KYC_COUNTRY_INVALID');
  const holder = await findCardholder(deps.db, userId);
  if (!holder?.issuer_cardholder_id) throw new AppError('CARD_NOT_OPEN');
  if (holder.kyc_status === 'in_progress') throw new AppError('KYC_IN_PROGRESS');
  if (holder.kyc_status === 'passed') throw new AppError('KYC_ALREADY_PASSED');
  const photos = await q.photoFingerprints(deps.db, userId);
  const needed: KycPhotoSide[] = [...KYC_SIDES_BY_DOCUMENT[body.documentType]];
  const documents = needed.map((side) => photos.find((p) => p.side === side));
  if (documents.some((d) => !d)) throw new AppError('KYC_PHOTOS_MISSING', { needed });

  try {
    await deps.issuer.submitKyc(holder.issuer_cardholder_id, { ...body, documents });
  } catch (error) {
    throw new AppError('ISSUER_UNAVAILABLE', undefined, { cause: error });
  }
  await q.markSubmitted(deps.db, userId, body, deps.clock.now());
  cardsChanged(deps.db, [userId]);
  return kycStatus(deps, userId);
}

/**
 * The issuer's decision: passed activates every card waiting for it (each now counts as opened for
 * the member's upline); failed keeps the reason for the user.
 */
export async function applyKycResult(deps: CardDeps, issuerCardholderId: string, approved: boolean, reason: string | null) {
  await deps.db.transaction().execute(async (trx) => {
    const holder = await q.lockCardholderByIssuerId(trx, issuerCardholderId);
    if (!holder) throw new AppError('CARD_EVENT_TOO_EARLY');
    const now = deps.clock.now();
    const status = approved ? 'passed' : 'failed';
    const kycReason = approved ? null : (reason ?? 'rejected');
    await q.setKycResult(trx, holder.user_id, status, kycReason, now);
    if (approved) for (const card of await q.activateAwaitingCards(trx, holder.user_id, now)) await recordCardOpened(trx, card, now);
    cardsChanged(trx, [holder.user_id]);
    // Told when the decision changes the member's status: the same event applied again (a redelivery,
    // or a crash before its id was recorded) finds the status already there and tells nothing more.
    if (holder.kyc_status === status) return;
    const cards = await listUserCards(trx, holder.user_id);
    // About the card the form was sent for, else the member's newest.
    const sentFor = typeof holder.kyc_data?.cardId === 'string' ? holder.kyc_data.cardId : null;
    const card = cards.find((c) => c.id === sentFor) ?? cards[0];
    if (!card) return;
    const ref = { kind: 'card' as const, id: card.id };
    if (approved) await notify(trx, holder.user_id, { code: 'kyc_passed', params: card.last4 ? { last4: card.last4 } : {}, ref });
    else await notify(trx, holder.user_id, { code: 'kyc_failed', params: { reason: kycReason as string }, ref });
  });
}

/** The name a passed KYC verified (the payout module pays only to this person), or null when none passed. */
export async function verifiedHolderName(
  deps: Pick<CardDeps, 'db'>,
  userId: string,
): Promise<{ firstName: string; lastName: string } | null> {
  const holder = await findCardholder(deps.db, userId);
  const data = holder?.kyc_status === 'passed' ? holder.kyc_data : null;
  if (!data || typeof data.firstName !== 'string' || typeof data.lastName !== 'string') return null;
  return { firstName: data.firstName, lastName: data.lastName };
}
