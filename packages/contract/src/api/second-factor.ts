import { z } from 'zod';
import { safeText } from '../safe-text';
import { cookieSessionReplySchema, sessionReplySchema } from './auth';
import { base64url, publicKeyCredentialSchema, secondFactorField, secondFactorProofSchema, totpCodeSchema } from './second-factor-proof';
import { emailCodeSchema, paymentPasswordSchema } from './secret-fields';

export * from './second-factor-proof';

/*
 * Second factor: TOTP (an authenticator app) and passkeys (WebAuthn), with single-use recovery codes.
 * Once a member has one, it is asked at sign-in on a new device and before the sensitive actions
 * (withdrawal, bound-address change, payee change, card details). Those routes take a
 * `secondFactor` field of `secondFactorProofSchema`; without it they answer SECOND_FACTOR_REQUIRED.
 *
 * Removing a factor or regenerating recovery codes needs the second factor itself (any remaining
 * factor or a recovery code): the emailed code and payment password are what a thief with the
 * session may also have, the factor is what they should not.
 *
 * Turning on the first factor (none on yet) takes proof of the member beyond the session: the payment
 * password, or, for a member who has none, a code emailed for purpose `second_factor`. Otherwise a
 * stolen session alone could put the thief's authenticator on the account and lock the member out.
 */

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
export const passkeyTransportSchema = z.enum(TRANSPORTS);

/** What `navigator.credentials.create` returned, as startRegistration gives it. */
export const passkeyAttestationSchema = publicKeyCredentialSchema({
  clientDataJSON: base64url(4096),
  attestationObject: base64url(16384),
  authenticatorData: base64url(8192).optional(),
  transports: z.array(passkeyTransportSchema).max(8).optional(),
  publicKeyAlgorithm: z.number().int().optional(),
  publicKey: base64url(4096).optional(),
}).meta({ id: 'PasskeyAttestation' });
export type PasskeyAttestation = z.infer<typeof passkeyAttestationSchema>;

export const passkeyInfoSchema = z
  .object({
    id: z.uuid(),
    label: z.string(),
    transports: z.array(z.string()),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'PasskeyInfo' });
export type PasskeyInfo = z.infer<typeof passkeyInfoSchema>;

export const secondFactorStatusSchema = z
  .object({
    /** True when at least one factor is on: sign-in on a new device and sensitive actions ask for it. */
    enabled: z.boolean(),
    totp: z.object({ createdAt: z.string() }).nullable(),
    passkeys: z.array(passkeyInfoSchema),
    recoveryCodesLeft: z.number().int(),
    /**
     * What adding a factor asks besides the new factor: `second_factor` (one is on: that factor's
     * proof), else `payment_password`, or `email_code` for a member without a payment password.
     */
    addNeeds: z.enum(['second_factor', 'payment_password', 'email_code']),
  })
  .meta({ id: 'SecondFactorStatus' });
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

export const totpSetupReplySchema = z
  .object({
    /** Base32, for typing into an app that cannot scan. */
    secret: z.string(),
    /** otpauth://totp/...: what the QR code carries. */
    otpauthUri: z.string(),
  })
  .meta({ id: 'TotpSetup' });
export type TotpSetupReply = z.infer<typeof totpSetupReplySchema>;

/** Proof of the member for the first factor: the payment password, or without one the emailed code. */
export const enrolProofSchema = z
  .union([z.strictObject({ paymentPassword: paymentPasswordSchema }), z.strictObject({ emailCode: emailCodeSchema })])
  .meta({ id: 'EnrolProof' });
export type EnrolProof = z.infer<typeof enrolProofSchema>;

/** Adding a factor: the first takes `memberProof`, a later one the second factor already on. */
const enrolProofFields = { ...secondFactorField, memberProof: enrolProofSchema.optional() };

export const totpConfirmBodySchema = z.object({ code: totpCodeSchema, ...enrolProofFields }).meta({ id: 'TotpConfirmBody' });

/** The first factor turned on brings recovery codes, shown this once. */
export const factorAddedReplySchema = z
  .object({ status: secondFactorStatusSchema, recoveryCodes: z.array(z.string()).nullable() })
  .meta({ id: 'FactorAdded' });
export type FactorAddedReply = z.infer<typeof factorAddedReplySchema>;

/** WebAuthn options as @simplewebauthn/server produced them (PublicKeyCredentialCreation/RequestOptionsJSON). */
export const webauthnOptionsReplySchema = z.object({ options: z.record(z.string(), z.unknown()) }).meta({ id: 'WebAuthnOptions' });

export const passkeyLabelSchema = safeText(40).min(1, 'PASSKEY_LABEL_INVALID');

export const passkeyRegisterBodySchema = z
  .object({ label: passkeyLabelSchema, response: passkeyAttestationSchema, ...enrolProofFields })
  .meta({ id: 'PasskeyRegisterBody' });

/** The body of a guarded route that has nothing else to send (deleting a payee); the route takes none at all as `{}`. */
export const stepUpBodySchema = z.object(secondFactorField).meta({ id: 'StepUpBody' });

/** Removing a factor or regenerating the recovery codes: the second factor itself. */
export const secondFactorGuardBodySchema = z.object({ secondFactor: secondFactorProofSchema }).meta({ id: 'SecondFactorGuardBody' });

export const recoveryCodesReplySchema = z.object({ recoveryCodes: z.array(z.string()) }).meta({ id: 'RecoveryCodes' });

/* Sign-in's second step. */

export const secondFactorMethodsSchema = z.object({ totp: z.boolean(), passkey: z.boolean(), recoveryCode: z.literal(true) });

/** Sign-in on a new device with the second factor on: no session yet, a ticket for the second step. */
export const secondFactorChallengeReplySchema = z
  .object({
    secondFactorRequired: z.literal(true),
    /** Single use, good for a few minutes: POST it with the proof to /api/v1/auth/login/second-factor. */
    ticket: z.string(),
    expiresInSeconds: z.number().int(),
    methods: secondFactorMethodsSchema,
  })
  .meta({ id: 'SecondFactorChallenge' });
export type SecondFactorChallengeReply = z.infer<typeof secondFactorChallengeReplySchema>;

/** A sign-in's reply: a session (bearer or cookie, as signInReplySchema), or, second factor on and a new device, a challenge. */
export const loginReplySchema = z
  .union([sessionReplySchema, cookieSessionReplySchema, secondFactorChallengeReplySchema])
  .meta({ id: 'LoginReply' });
export type LoginReply = z.infer<typeof loginReplySchema>;

/** The same for the web app, whose sessions come as the cookie. */
export const webLoginReplySchema = z.union([cookieSessionReplySchema, secondFactorChallengeReplySchema]);
export type WebLoginReply = z.infer<typeof webLoginReplySchema>;

const ticketSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'SECOND_FACTOR_TICKET_INVALID');
export const loginTicketBodySchema = z.object({ ticket: ticketSchema }).meta({ id: 'LoginTicketBody' });
export const loginSecondFactorBodySchema = z
  .object({ ticket: ticketSchema, secondFactor: secondFactorProofSchema })
  .meta({ id: 'LoginSecondFactorBody' });
