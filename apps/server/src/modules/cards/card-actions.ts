import { isLuhnValid, isTrivialPin, type SecondFactorProof } from '@wallet/contract';
import { AppError } from '../../platform/errors';
import { checkSecret } from '../../platform/secret-limits';
import { verifyPaymentPassword } from '../auth/service';
import { verifyStepUp } from '../auth/step-up';
import { cardsChanged } from './card-changes';
import type { CardDeps } from './deps';
import { findUserCard } from './queries';

/** The app hides revealed details again after this long; the reply says so, so the screen can count down. */
export const REVEAL_SECONDS = 60;

/**
 * Card number and CVV, fetched from the issuer for this one reply after the second factor (when on)
 * and the payment password: never
 * stored, never logged (the logger redacts pan and cvv), sent with Cache-Control: no-store.
 */
export async function revealCard(
  deps: CardDeps,
  userId: string,
  cardId: string,
  proof: { paymentPassword: string; secondFactor?: SecondFactorProof | undefined },
  ip: string,
) {
  const card = await findUserCard(deps.db, userId, cardId);
  if (!card) throw new AppError('CARD_NOT_FOUND');
  if (card.type === 'physical') throw new AppError('CARD_DETAILS_ON_CARD');
  if (card.status !== 'active') throw new AppError(card.status === 'awaiting_kyc' ? 'KYC_REQUIRED' : 'CARD_NOT_OPEN');
  await verifyStepUp(deps, userId, proof.secondFactor, ip);
  await verifyPaymentPassword(deps, userId, proof.paymentPassword, ip);
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
  cardsChanged(deps.db, [card.user_id]);
}

export async function setPin(deps: CardDeps, userId: string, cardId: string, pin: string, paymentPassword: string, ip: string) {
  const card = await findUserCard(deps.db, userId, cardId);
  if (!card) throw new AppError('CARD_NOT_FOUND');
  if (card.status !== 'active') throw new AppError(card.status === 'awaiting_kyc' ? 'KYC_REQUIRED' : 'CARD_NOT_OPEN');
  // A physical card gets its PIN after its printed number is bound (PRODUCT_SPEC.md section 4).
  if (card.type === 'physical' && !card.bound_at) throw new AppError('CARD_NOT_BOUND');
  // Before the payment password, so a refused PIN costs no password attempt.
  if (isTrivialPin(pin)) throw new AppError('CARD_PIN_TOO_SIMPLE');
  await verifyPaymentPassword(deps, userId, paymentPassword, ip);
  try {
    await deps.issuer.setPin(card.issuer_card_id as string, pin);
  } catch (error) {
    throw new AppError('ISSUER_UNAVAILABLE', undefined, { cause: error });
  }
  await deps.db.updateTable('cards').set({ pin_set: true, updated_at: deps.clock.now() }).where('id', '=', card.id).execute();
  cardsChanged(deps.db, [card.user_id]);
}

/**
 * Binds a delivered physical card by the number printed on it. The issuer compares the number (the app
 * keeps only the last four digits, checked first so an obvious typo costs no issuer call). A number
 * that fails the Luhn check is a typo, not a guess: it is refused and not counted. Wrong numbers are
 * counted by the card_number limits (LIMITS.secretAttempts, per card and per client address) and
 * pause binding, so the hidden digits cannot be found by trying. Binding again with the right number
 * changes nothing.
 */
export async function bindPhysicalCard(deps: CardDeps, userId: string, cardId: string, cardNumber: string, ip: string) {
  const card = await findUserCard(deps.db, userId, cardId);
  if (!card) throw new AppError('CARD_NOT_FOUND');
  if (card.type !== 'physical') throw new AppError('CARD_NOT_PHYSICAL');
  const issuerCardId = card.issuer_card_id;
  if (card.status === 'opening' || card.status === 'failed' || !issuerCardId) throw new AppError('CARD_NOT_OPEN');
  if (card.shipping_status !== 'delivered') throw new AppError('CARD_NOT_DELIVERED');
  if (card.status !== 'active') throw new AppError('KYC_REQUIRED');
  // The number belongs to the card, so the card is the account its guesses are counted against.
  const verdict = await checkSecret(deps.limits, { kind: 'card_number', account: card.id, ip }, async () => {
    if (!isLuhnValid(cardNumber)) throw new AppError('CARD_NUMBER_INVALID');
    if (card.last4 === null || !cardNumber.endsWith(card.last4)) return false;
    try {
      return (await deps.issuer.bindPhysical(issuerCardId, cardNumber)).matched;
    } catch (error) {
      throw new AppError('ISSUER_UNAVAILABLE', undefined, { cause: error });
    }
  });
  if (!verdict.ok) throw new AppError('CARD_NUMBER_MISMATCH', { remainingAttempts: verdict.remainingAttempts });
  const now = deps.clock.now();
  await deps.db
    .updateTable('cards')
    .set((eb) => ({ bound_at: eb.fn.coalesce('bound_at', eb.val(now)), updated_at: now }))
    .where('id', '=', card.id)
    .execute();
  cardsChanged(deps.db, [card.user_id]);
}
