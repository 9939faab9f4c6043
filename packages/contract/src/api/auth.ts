import { z } from 'zod';
import { isAddressOf } from '../addresses';
import { DISPLAY_CURRENCIES } from '../currencies';
import { LANGUAGES } from '../languages';
import { safeText } from '../safe-text';
import { secondFactorField } from './second-factor-proof';
import { bindableNetworkSchema, emailCodeSchema, KYC_STATUSES, paymentPasswordSchema } from './secret-fields';

/*
 * Messages that name an error code of the catalogue (e.g. 'PASSWORD_TOO_WEAK') are shown to people
 * in their language by both the server's error handler and the web forms.
 */

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'EMAIL_INVALID')
  .pipe(z.email('EMAIL_INVALID'))
  .meta({ example: 'alice@example.com' });

export const passwordSchema = z
  .string()
  .min(8, 'PASSWORD_TOO_WEAK')
  .max(128, 'PASSWORD_TOO_WEAK')
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), 'PASSWORD_TOO_WEAK')
  .meta({ description: 'At least 8 characters with letters and digits' });

export const CODE_PURPOSES = [
  'register',
  'login',
  'reset_password',
  'change_password',
  'payment_password',
  'transfer',
  'withdraw',
  'change_address',
  'payee',
  'address_book',
  'second_factor',
] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];
export const codePurposeSchema = z.enum(CODE_PURPOSES);

/** An address as typed, before the network's own check: TRON and BSC addresses are 34 and 42 characters. */
const addressTextSchema = safeText(100).min(1, 'ADDRESS_REQUIRED');

/** Network plus address, the address checked for that network (TRON base58check, BSC EIP-55). */
export const boundAddressSchema = z
  .object({ network: bindableNetworkSchema, address: addressTextSchema })
  .refine((v) => isAddressOf(v.network, v.address), { message: 'ADDRESS_INVALID', path: ['address'] });

const matching = <T extends z.ZodRawShape>(shape: T, a: keyof T & string, b: keyof T & string, code: string) =>
  z.object(shape).refine((v: Record<string, unknown>) => v[a] === v[b], { message: code, path: [b] });

export const sendCodeBodySchema = z.object({ email: emailSchema, purpose: codePurposeSchema }).meta({ id: 'SendCodeBody' });
export const sendCodeReplySchema = z
  .object({ sent: z.literal(true), resendAfterSeconds: z.number().int(), expiresInSeconds: z.number().int() })
  .meta({ id: 'SendCodeReply' });

export const registerBodySchema = z
  .object({
    email: emailSchema,
    code: emailCodeSchema,
    password: passwordSchema,
    confirmPassword: z.string().max(128),
    network: bindableNetworkSchema,
    address: addressTextSchema,
    inviteCode: safeText(16).toUpperCase().optional(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: 'PASSWORDS_DO_NOT_MATCH', path: ['confirmPassword'] })
  .refine((v) => isAddressOf(v.network, v.address), { message: 'ADDRESS_INVALID', path: ['address'] })
  .meta({ id: 'RegisterBody' });

export const passwordLoginBodySchema = z
  .object({ email: emailSchema, password: z.string().min(1).max(128) })
  .meta({ id: 'PasswordLoginBody' });
export const codeLoginBodySchema = z.object({ email: emailSchema, code: emailCodeSchema }).meta({ id: 'CodeLoginBody' });

export const resetPasswordBodySchema = matching(
  { email: emailSchema, code: emailCodeSchema, password: passwordSchema, confirmPassword: z.string().max(128) },
  'password',
  'confirmPassword',
  'PASSWORDS_DO_NOT_MATCH',
).meta({ id: 'ResetPasswordBody' });

/** Change the login password proving either the old password or an emailed code. */
export const changePasswordBodySchema = z
  .object({
    oldPassword: z.string().min(1).max(128).optional(),
    code: emailCodeSchema.optional(),
    password: passwordSchema,
    confirmPassword: z.string().max(128),
  })
  .refine((v) => v.password === v.confirmPassword, { message: 'PASSWORDS_DO_NOT_MATCH', path: ['confirmPassword'] })
  .refine((v) => Boolean(v.oldPassword) !== Boolean(v.code), { message: 'PROOF_REQUIRED', path: ['oldPassword'] })
  .meta({ id: 'ChangePasswordBody' });

export const setPaymentPasswordBodySchema = matching(
  { code: emailCodeSchema, paymentPassword: paymentPasswordSchema, confirmPaymentPassword: z.string().max(64) },
  'paymentPassword',
  'confirmPaymentPassword',
  'PASSWORDS_DO_NOT_MATCH',
).meta({ id: 'SetPaymentPasswordBody' });

export const changePaymentPasswordBodySchema = matching(
  { oldPaymentPassword: paymentPasswordSchema, paymentPassword: paymentPasswordSchema, confirmPaymentPassword: z.string().max(64) },
  'paymentPassword',
  'confirmPaymentPassword',
  'PASSWORDS_DO_NOT_MATCH',
).meta({ id: 'ChangePaymentPasswordBody' });

export const changeAddressBodySchema = z
  .object({
    network: bindableNetworkSchema,
    address: addressTextSchema,
    code: emailCodeSchema,
    paymentPassword: paymentPasswordSchema,
    ...secondFactorField,
  })
  .refine((v) => isAddressOf(v.network, v.address), { message: 'ADDRESS_INVALID', path: ['address'] })
  .meta({ id: 'ChangeAddressBody' });

export const updateProfileBodySchema = z
  .object({
    nickname: safeText(32).min(1).optional(),
    phoneAreaCode: z
      .string()
      .regex(/^\+?\d{1,4}$/, 'PHONE_INVALID')
      .optional(),
    phone: z
      .string()
      .regex(/^\d{4,15}$/, 'PHONE_INVALID')
      .optional(),
    language: z.enum(LANGUAGES).optional(),
    displayCurrency: z.enum(DISPLAY_CURRENCIES).optional(),
  })
  .meta({ id: 'UpdateProfileBody' });

export const profileSchema = z
  .object({
    uid: z.string(),
    email: z.string(),
    emailMasked: z.string(),
    nickname: z.string().nullable(),
    phoneAreaCode: z.string().nullable(),
    phone: z.string().nullable(),
    language: z.enum(LANGUAGES),
    displayCurrency: z.enum(DISPLAY_CURRENCIES),
    network: bindableNetworkSchema,
    address: z.string(),
    inviteCode: z.string(),
    paymentPasswordSet: z.boolean(),
    kycStatus: z.enum(KYC_STATUSES),
    createdAt: z.string(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

/**
 * How a sign-in delivers its session. API clients get the bearer token in the reply. The web app sends
 * `X-Session-Delivery: cookie`: the token then goes into an HttpOnly cookie page scripts cannot read,
 * and the reply carries the CSRF token its state-changing calls must echo (ADR 0012).
 */
export const SESSION_DELIVERY_HEADER = 'x-session-delivery';
export const CSRF_HEADER = 'x-csrf-token';

export const sessionReplySchema = z.object({ token: z.string(), profile: profileSchema }).meta({ id: 'SessionReply' });
/** The same sign-in for the web app: the token went into the cookie, the CSRF token comes instead. */
export const cookieSessionReplySchema = z.object({ csrfToken: z.string(), profile: profileSchema }).meta({ id: 'CookieSessionReply' });
export type CookieSessionReply = z.infer<typeof cookieSessionReplySchema>;
/** What a sign-in route answers: the bearer token, or with X-Session-Delivery: cookie, the cookie. */
export const signInReplySchema = z.union([sessionReplySchema, cookieSessionReplySchema]);
export type SessionReply = z.infer<typeof sessionReplySchema>;

export const csrfReplySchema = z.object({ csrfToken: z.string() }).meta({ id: 'CsrfReply' });
export type CsrfReply = z.infer<typeof csrfReplySchema>;

export const sessionInfoSchema = z
  .object({
    id: z.string(),
    device: z.string().meta({ description: "The session's browser and system, e.g. 'Chrome · Linux'; empty when neither is known" }),
    ip: z.string().nullable(),
    createdAt: z.string(),
    lastUsedAt: z.string(),
    current: z.boolean(),
  })
  .meta({ id: 'SessionInfo' });
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const sessionListReplySchema = z.object({ sessions: z.array(sessionInfoSchema) }).meta({ id: 'SessionList' });

export const addressHistoryReplySchema = z
  .object({
    entries: z.array(
      z.object({
        oldNetwork: bindableNetworkSchema,
        oldAddress: z.string(),
        newNetwork: bindableNetworkSchema,
        newAddress: z.string(),
        changedAt: z.string(),
      }),
    ),
  })
  .meta({ id: 'AddressHistory' });

export const okReplySchema = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });

/** Shows a@example.com as a***@example.com: enough to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return email;
  const name = email.slice(0, at);
  const visible = name.length <= 2 ? name.slice(0, 1) : name.slice(0, 2);
  return `${visible}***${email.slice(at)}`;
}
