import { z } from 'zod';
import { isAddressOf } from '../addresses';
import { safeText } from '../safe-text';
import { secondFactorProofSchema } from './second-factor-proof';
import { bindableNetworkSchema, emailCodeSchema, paymentPasswordSchema } from './secret-fields';

/*
 * Withdrawal address book. A saved address can receive withdrawals only once it has
 * matured (WITHDRAW_NEW_ADDRESS_DELAY_HOURS after it was saved, 24 by default), so a thief with a
 * member's session and code cannot empty the wallet to an address of their own before the member,
 * told by email, locks the account. A changed login password or bound address holds every withdrawal
 * for the same time. Messages that name an error code are worded in the member's language.
 */

export const ADDRESS_BOOK_LIMITS = { maxAddresses: 50, labelMaxLength: 40 } as const;

/** Why every withdrawal of the member waits: what changed last. */
export const WITHDRAWAL_HOLD_REASONS = ['password_changed', 'password_reset', 'address_changed'] as const;
export type WithdrawalHoldReason = (typeof WITHDRAWAL_HOLD_REASONS)[number];

const labelSchema = safeText(ADDRESS_BOOK_LIMITS.labelMaxLength).pipe(z.string().min(1, 'ADDRESS_LABEL_REQUIRED'));
const addressTextSchema = safeText(100).pipe(z.string().min(1, 'ADDRESS_REQUIRED'));

export const savedAddressSchema = z
  .object({
    id: z.uuid(),
    network: bindableNetworkSchema,
    address: z.string(),
    /** The member's name for it; null for an address saved by a withdrawal to it. */
    label: z.string().nullable(),
    createdAt: z.string(),
    /** From when withdrawals to it are accepted. */
    usableFrom: z.string(),
    /** Whether it has matured now, by the server's clock. */
    usable: z.boolean(),
  })
  .meta({ id: 'SavedAddress' });
export type SavedAddress = z.infer<typeof savedAddressSchema>;

export const addressBookReplySchema = z
  .object({
    addresses: z.array(savedAddressSchema),
    maximum: z.number().int(),
    /** How long a new address waits before it can be used. */
    delayHours: z.number(),
    /** Set while every withdrawal waits (after a password change or reset, or a new bound address). */
    withdrawalsHeldUntil: z.string().nullable(),
    withdrawalsHeldReason: z.enum(WITHDRAWAL_HOLD_REASONS).nullable(),
  })
  .meta({ id: 'AddressBook' });
export type AddressBookReply = z.infer<typeof addressBookReplySchema>;

/** Saving an address needs the emailed code (purpose address_book) or the payment password. */
export const addAddressBodySchema = z
  .object({
    network: bindableNetworkSchema,
    address: addressTextSchema,
    label: labelSchema,
    code: emailCodeSchema.optional(),
    paymentPassword: paymentPasswordSchema.optional(),
    secondFactor: secondFactorProofSchema.optional(),
  })
  .refine((v) => isAddressOf(v.network, v.address), { message: 'ADDRESS_INVALID', path: ['address'] })
  .refine((v) => Boolean(v.code) !== Boolean(v.paymentPassword), {
    message: 'ADDRESS_BOOK_VERIFICATION_REQUIRED',
    path: ['paymentPassword'],
  })
  .meta({ id: 'AddAddressBody' });
export type AddAddressBody = z.infer<typeof addAddressBodySchema>;

export const renameAddressBodySchema = z.object({ label: labelSchema }).meta({ id: 'RenameAddressBody' });

/** The single-use token of the "it was not me" link in a security email. */
export const lockTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'LOCK_LINK_INVALID');
export const lockAccountBodySchema = z.object({ token: lockTokenSchema }).meta({ id: 'LockAccountBody' });
export const lockAccountReplySchema = z.object({ locked: z.literal(true), lockedAt: z.string() }).meta({ id: 'LockAccountReply' });

export const adminUnlockBodySchema = z
  .object({ note: safeText(500).pipe(z.string().min(3, 'UNLOCK_NOTE_REQUIRED')) })
  .meta({ id: 'AdminUnlockBody' });
export const accountLockStateSchema = z
  .object({ locked: z.boolean(), lockedAt: z.string().nullable(), reason: z.string().nullable() })
  .meta({ id: 'AccountLockState' });
