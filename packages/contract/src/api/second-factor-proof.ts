import { z } from 'zod';

/*
 * The proof of the second factor a guarded route takes (withdrawal, bound-address change, payee
 * change, card details): kept apart from second-factor.ts so auth.ts and the other route files can
 * import it without a cycle.
 */

/** WebAuthn's binary fields travel as base64url. */
export const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'SECOND_FACTOR_PASSKEY_INVALID');

export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'TOTP_CODE_FORMAT')
  .meta({ example: '123456', description: 'The 6 digits the authenticator app shows now' });

/** 10 characters of Crockford-like base32 shown as XXXXX-XXXXX; spaces, dashes and case are forgiven. */
export const recoveryCodeSchema = z
  .string()
  .max(32, 'RECOVERY_CODE_FORMAT')
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-9]{10}$/, 'RECOVERY_CODE_FORMAT'))
  .meta({ example: 'K7M2Q-9XH4R' });

/** A PublicKeyCredential as @simplewebauthn/browser gives it, around the ceremony's own `response`. */
export const publicKeyCredentialSchema = <R extends z.ZodRawShape>(response: R) =>
  z.object({
    id: base64url(1024),
    rawId: base64url(1024),
    type: z.literal('public-key'),
    response: z.object(response),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    // Only the extension results the server may read; any other key is dropped, never stored.
    clientExtensionResults: z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }),
  });

/** What `navigator.credentials.get` returned, as @simplewebauthn/browser's startAuthentication gives it. */
export const passkeyAssertionSchema = publicKeyCredentialSchema({
  clientDataJSON: base64url(4096),
  authenticatorData: base64url(4096),
  signature: base64url(2048),
  userHandle: base64url(512).optional(),
}).meta({ id: 'PasskeyAssertion' });
export type PasskeyAssertion = z.infer<typeof passkeyAssertionSchema>;

/** One of the member's factors, proving it is them: a TOTP code, a recovery code or a passkey assertion. */
export const secondFactorProofSchema = z
  .union([
    z.strictObject({ totp: totpCodeSchema }),
    z.strictObject({ recoveryCode: recoveryCodeSchema }),
    z.strictObject({ passkey: passkeyAssertionSchema }),
  ])
  .meta({ id: 'SecondFactorProof' });
export type SecondFactorProof = z.input<typeof secondFactorProofSchema>;

/** The field guarded routes add to their bodies. */
export const secondFactorField = { secondFactor: secondFactorProofSchema.optional() };
