import { z } from 'zod';
import { ALL_PERMISSIONS, OPERATOR_ROLES } from '../operator-permissions';
import { safeText } from '../safe-text';
import { emailSchema } from './auth';
import { passkeyAttestationSchema } from './second-factor';
import { passkeyAssertionSchema, recoveryCodeSchema, totpCodeSchema } from './second-factor-proof';

/*
 * The console's sign-in and the operator's own account (ADR 0034), under /api/v1/admin. The session
 * is the sbc_console cookie; every reply that starts or continues one carries the CSRF token the
 * console keeps in memory and echoes on unsafe calls. Operators are never members.
 */

export const operatorRoleSchema = z.enum(OPERATOR_ROLES);
export const operatorRolesSchema = z
  .array(operatorRoleSchema)
  .min(1)
  .max(OPERATOR_ROLES.length)
  .refine((roles) => new Set(roles).size === roles.length, 'roles repeat')
  .meta({ id: 'OperatorRoles' });

/** An operator's password: long rather than clever (NIST 800-63B); a sign-in takes whatever was set. */
export const operatorPasswordSchema = z.string().min(12, 'PASSWORD_TOO_WEAK').max(128, 'PASSWORD_TOO_WEAK');

export const meSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    roles: z.array(operatorRoleSchema),
    permissions: z.array(z.enum(ALL_PERMISSIONS as [string, ...string[]])),
    csrfToken: z.string(),
    idleMinutes: z.number().int(),
  })
  .meta({ id: 'OperatorMe' });
export type Me = z.infer<typeof meSchema>;
export const operatorReplySchema = z.object({ operator: meSchema }).meta({ id: 'OperatorSignedIn' });

export const consolePasswordBodySchema = z.object({ email: emailSchema, password: z.string().min(1).max(128) });

export const SECOND_FACTOR_METHODS = ['totp', 'passkey', 'recovery'] as const;
export const consolePasswordReplySchema = z
  .discriminatedUnion('stage', [
    z.object({ stage: z.literal('enrol_totp'), otpauthUri: z.string(), secret: z.string(), csrfToken: z.string() }),
    z.object({ stage: z.literal('second_factor'), methods: z.array(z.enum(SECOND_FACTOR_METHODS)), csrfToken: z.string() }),
  ])
  .meta({ id: 'ConsolePasswordReply' });
export type ConsolePasswordReply = z.infer<typeof consolePasswordReplySchema>;

export const consoleCodeBodySchema = z.object({ code: totpCodeSchema });
export const consoleRecoveryBodySchema = z.object({ code: recoveryCodeSchema });
export const consolePasskeyBodySchema = z.object({ response: passkeyAssertionSchema });
export const recoveryCodesListSchema = z.array(z.string()).length(10);
export const totpEnrolReplySchema = z
  .object({ recoveryCodes: recoveryCodesListSchema, operator: meSchema })
  .meta({ id: 'ConsoleTotpEnrolled' });
export const consoleRecoveryCodesReplySchema = z.object({ recoveryCodes: recoveryCodesListSchema }).meta({ id: 'ConsoleRecoveryCodes' });
/** PublicKeyCredential{Creation,Request}OptionsJSON, as @simplewebauthn/browser takes them. */
export const consoleWebauthnOptionsSchema = z.record(z.string(), z.unknown()).meta({ id: 'ConsoleWebauthnOptions' });

export const enrolBodySchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'OPERATOR_ENROLMENT_INVALID'),
  password: operatorPasswordSchema,
});

export const operatorSessionSchema = z
  .object({
    id: z.uuid(),
    device: z.string(),
    ip: z.string().nullable(),
    createdAt: z.string(),
    lastUsedAt: z.string(),
    current: z.boolean(),
  })
  .meta({ id: 'OperatorSession' });
export const operatorSessionsReplySchema = z.object({ items: z.array(operatorSessionSchema), total: z.number().int() });

export const operatorPasskeySchema = z
  .object({ id: z.uuid(), label: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() })
  .meta({ id: 'OperatorPasskey' });
export const operatorPasskeysReplySchema = z.object({ items: z.array(operatorPasskeySchema), total: z.number().int() });
export const operatorPasskeyBodySchema = z.object({
  label: safeText(40).min(1, 'PASSKEY_LABEL_INVALID'),
  response: passkeyAttestationSchema,
});

export const operatorSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    roles: z.array(operatorRoleSchema),
    status: z.enum(['active', 'disabled']),
    totpEnrolled: z.boolean(),
    createdAt: z.string(),
    lastSignInAt: z.string().nullable(),
  })
  .meta({ id: 'Operator' });
export type Operator = z.infer<typeof operatorSchema>;

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const operatorsQuerySchema = pageQuery.extend({
  q: safeText(254).optional(),
  status: z.enum(['active', 'disabled']).optional(),
});
export const operatorsReplySchema = z.object({ items: z.array(operatorSchema), total: z.number().int() });
export const inviteOperatorBodySchema = z.object({ email: emailSchema, roles: operatorRolesSchema });
export const invitedOperatorReplySchema = z.object({ operator: operatorSchema, enrolUrl: z.string() }).meta({ id: 'OperatorInvited' });

export const apiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    prefix: z.string(),
    roles: z.array(operatorRoleSchema),
    createdBy: z.object({ id: z.uuid(), email: z.string() }),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'OperatorApiKey' });
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeysQuerySchema = pageQuery.extend({ revoked: z.enum(['true', 'false']).optional() });
export const apiKeysReplySchema = z.object({ items: z.array(apiKeySchema), total: z.number().int() });
export const createApiKeyBodySchema = z.object({ name: safeText(60).min(1), roles: operatorRolesSchema });
/** The key itself is in this reply and nowhere else, ever: only its SHA-256 is kept. */
export const createdApiKeyReplySchema = z.object({ apiKey: apiKeySchema, key: z.string() }).meta({ id: 'OperatorApiKeyCreated' });
