/** Refusals of the payment password, shown under its field. */
export const PASSWORD_ERRORS = { PAYMENT_PASSWORD_WRONG: 'paymentPassword', PAYMENT_PASSWORD_LOCKED: 'paymentPassword' } as const;
