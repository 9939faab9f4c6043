/**
 * Business constants of PRODUCT_SPEC.md section 9, named once and imported by server and web.
 * Money values are decimal strings: they are compared with the decimal helpers in amount.ts.
 */
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
  auth: {
    /** Wrong passwords that lock password login (email-code login stays open). */
    passwordLoginMaxFailures: 5,
    passwordLoginFailureWindowMinutes: 15,
    passwordLoginLockSeconds: 60,
    codeResendSeconds: 60,
  },
  card: {
    openingMinutes: 5,
    kycAfterPurchaseMinutes: 30,
    bindAfterKycMinutes: 15,
    /** Wrong card numbers in a row before binding pauses, and for how long (not in the spec: guards against guessing). */
    bindMaxFailures: 5,
    bindLockMinutes: 15,
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
  client: {
    httpTimeoutMs: 60_000,
    toastDurationMs: 1_500,
    chunkLoadTimeoutMs: 120_000,
  },
} as const;

export const APP_VERSION = '1.50';

/** Regions offered on the login screen; their addresses come from server configuration. */
export const SERVER_REGIONS = ['KR', 'HK', 'JP', 'TW'] as const;
export type ServerRegion = (typeof SERVER_REGIONS)[number];
