import { z } from 'zod';
import { LIMITS } from '../limits';
import { BINDABLE_NETWORKS } from '../networks';

// Fields that the wallet, cards, payout and address-book bodies share with the account's: kept apart
// from api/auth.ts, which checks addresses with hash functions, so a page that reads a card does not
// load those (a bundler takes a module whole).

const digits = (length: number, code: string) => z.string().regex(new RegExp(`^\\d{${length}}$`), code);
export const emailCodeSchema = digits(LIMITS.secrets.verificationCodeLength, 'CODE_FORMAT').meta({ example: '123456' });
export const paymentPasswordSchema = digits(LIMITS.secrets.paymentPasswordLength, 'PAYMENT_PASSWORD_FORMAT');

export const bindableNetworkSchema = z.enum(BINDABLE_NETWORKS);

export const KYC_STATUSES = ['none', 'in_progress', 'passed', 'failed'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];
