/**
 * Business constants of PRODUCT_SPEC.md section 9, named once and imported by server and web.
 * Money values are decimal strings: they are compared with the decimal helpers in amount.ts.
 */
import { CLIENT_LIMITS } from './client-limits';

const CARD_BIND_MAX_FAILURES = 5;
const CARD_BIND_LOCK_MINUTES = 15;

export const LIMITS = {
  topUp: { perDay: 5 },
  withdraw: { minimum: '10.00' },
  /** quoteSeconds: how long a quoted price holds before it must be asked for again. */
  exchange: { minimum: '10', quoteSeconds: 30 },
  /**
   * Flash exchange: the operator's settings start at these (admin API); a member types USDT with
   * inputDecimals, and keeps at most maxPayees saved accounts.
   */
  payout: { minimum: '10', maximum: '5000', dailyLimit: '20000', quoteSeconds: 30, inputDecimals: 2, maxPayees: 20 },
  cardRecharge: { minimumUsdt: '20', minimumHkd: '20', wholeNumbersOnly: true },
  secrets: { paymentPasswordLength: 6, cardPinLength: 6, verificationCodeLength: 6 },
  auth: { codeResendSeconds: 60 },
  /**
   * Wrong guesses of each secret before checking it pauses (server platform/secret-limits.ts), counted
   * per account and per client IP. The IP rule is looser, for members behind one network, and stops
   * one address trying a few guesses on many accounts. windowMinutes null: wrong guesses in a row
   * (only a right one clears them). While paused the secret is not even checked.
   */
  secretAttempts: {
    /** Password login only; email-code login stays open. */
    login_password: {
      account: { maxFailures: 5, windowMinutes: 15, lockSeconds: 60 },
      ip: { maxFailures: 30, windowMinutes: 15, lockSeconds: 15 * 60 },
    },
    /** The current password when changing it while signed in (a stolen session must not guess it). */
    old_password: {
      account: { maxFailures: 5, windowMinutes: 15, lockSeconds: 15 * 60 },
      ip: { maxFailures: 30, windowMinutes: 15, lockSeconds: 15 * 60 },
    },
    /** Locks every money movement while paused. */
    payment_password: {
      account: { maxFailures: 5, windowMinutes: null, lockSeconds: 15 * 60 },
      ip: { maxFailures: 30, windowMinutes: 15, lockSeconds: 15 * 60 },
    },
    /** Per email and purpose; a newly sent code starts the account count again, as a code lives 10 minutes. */
    email_code: {
      account: { maxFailures: 5, windowMinutes: 10, lockSeconds: 10 * 60 },
      ip: { maxFailures: 50, windowMinutes: 15, lockSeconds: 15 * 60 },
    },
    /** The number printed on a physical card, when binding it. */
    card_number: {
      account: { maxFailures: CARD_BIND_MAX_FAILURES, windowMinutes: null, lockSeconds: CARD_BIND_LOCK_MINUTES * 60 },
      ip: { maxFailures: 20, windowMinutes: 60, lockSeconds: 60 * 60 },
    },
    /** Authenticator-app codes, recovery codes and passkeys. */
    second_factor: {
      account: { maxFailures: 5, windowMinutes: 15, lockSeconds: 15 * 60 },
      ip: { maxFailures: 30, windowMinutes: 15, lockSeconds: 15 * 60 },
    },
  },
  card: {
    openingMinutes: 5,
    kycAfterPurchaseMinutes: 30,
    bindAfterKycMinutes: 15,
    /** Wrong card numbers in a row before binding pauses, and for how long (not in the spec: guards against guessing). */
    bindMaxFailures: CARD_BIND_MAX_FAILURES,
    bindLockMinutes: CARD_BIND_LOCK_MINUTES,
    kycReviewBusinessDays: { min: 2, max: 3 },
    shippingBusinessDaysAfterProduction: 1,
    freezeAfterConsecutiveFundsFailures: 5,
    freezeFailureRateAbove: '0.15',
  },
  node: {
    largeNodePriceUsdt: '240000',
    largeNodeTeamSize: { min: 5, max: 10 },
    largeNodeVenueSquareMetres: { min: 200, max: 2000 },
    largeNodeDPoolShare: '0.01',
  },
  client: CLIENT_LIMITS,
} as const;

export const APP_VERSION = '1.50';
