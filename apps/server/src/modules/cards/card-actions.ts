import { AppError } from '../../platform/errors';
import { verifyPaymentPassword } from '../auth/service';
import type { CardDeps } from './deps';
import { findUserCard } from './queries';

/** The app hides revealed details again after this long; the reply says so, so the screen can count down. */
export const REVEAL_SECONDS = 60;

/**
 * Card number and CVV, fetched from the issuer for this one reply after the payment password: never
 * stored, never logged (the logger redacts pan and cvv), sent with Cache-Control: no-store.
 */
export async function revealCard(deps: CardDeps, userId: string, cardId: string, paymentPassword: string) {
  const card = await findUserCard(deps.db, userId, cardId);
  if (!card) throw new AppError('CARD_NOT_FOUND');
  if (card.type === 'physical') throw new AppError('CARD_DETAILS_ON_CARD');
  if (card.status !== 'active') throw new AppError(card.status === 'awaiting_kyc' ? 'KYC_REQUIRED' : 'CARD_NOT_OPEN');
  await verifyPaymentPassword(deps, userId, paymentPassword);
  let secrets: Awaited<ReturnType<CardDeps['issuer']['reveal']>>;
  try {
    secrets = await deps.issuer.reveal(card.issuer_card_id as string);
  } catch (error) {
    throw new AppError('ISSUER_UNAVAILABLE', undefined, { cause: error });
  }
  return {
    pan: secrets.pan,
    cvv: secrets.cvv,
    expiry: `${String(secrets.expMonth).padStart(2, '0')}/${String(secrets.expYear).slice(-2)}`,
    holderName: `${card.holder_first_name} ${card.holder_last_name}`.toUpperCase(),
    hideAfterSeconds: REVEAL_SECONDS,
  };
}

/**
 * Freeze or unfreeze by the user, at the issuer first (so a frozen card is frozen everywhere).
 * Unfreezing also clears a freeze made by the rules, resets the count of failures and starts a new
 * failure-rate window.
 */
export async function setFrozen(deps: CardDeps, userId: string, cardId: string, frozen: boolean) {
  const card = await findUserCard(deps.db, userId, cardId);
  if (!card) throw new AppError('CARD_NOT_FOUND');
  if (card.status !== 'active' && card.status !== 'awaiting_kyc') throw new AppError('CARD_NOT_OPEN');
  if (card.frozen === frozen) return;
  try {
    if (frozen) await deps.issuer.freeze(card.issuer_card_id as string);
    else await deps.issuer.unfreeze(card.issuer_card_id as string);
  } catch (error) {
    throw new AppError('ISSUER_UNAVAILABLE', undefined, { cause: error });
  }
  const now = deps.clock.now();
  const last = await deps.db
    .selectFrom('card_transactions')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('card_id', '=', card.id)
    .executeTakeFirst();
  await deps.db
    .updateTable('cards')
    .set(
      frozen
        ? { frozen: true, freeze_reason: 'user', updated_at: now }
        : { frozen: false, freeze_reason: null, consecutive_funds_failures: 0, rule_window_after_id: last?.id ?? '0', updated_at: now },
    )
    .where('id', '=', card.id)
    .execute();
}

export async function setPin(deps: CardDeps, userId: string, cardId: string, pin: string, paymentPassword: string) {
  const card = await findUserCard(deps.db, userId, cardId);
  if (!card) throw new AppError('CARD_NOT_FOUND');
  if (card.status !== 'active') throw new AppError(card.status === 'awaiting_kyc' ? 'KYC_REQUIRED' : 'CARD_NOT_OPEN');
  await verifyPaymentPassword(deps, userId, paymentPassword);
  try {
    await deps.issuer.setPin(card.issuer_card_id as string, pin);
  } catch (error) {
    throw new AppError('ISSUER_UNAVAILABLE', undefined, { cause: error });
  }
  await deps.db.updateTable('cards').set({ pin_set: true, updated_at: deps.clock.now() }).where('id', '=', card.id).execute();
}
