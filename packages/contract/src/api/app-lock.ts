import { z } from 'zod';
import { passkeyAssertionSchema } from './second-factor-proof';
import { paymentPasswordSchema } from './secret-fields';

/**
 * The app lock: after the app sat unused longer than the member's choice, it asks for the
 * payment password or a passkey before showing anything. 0 locks every time the app is opened or
 * brought back.
 */
export const APP_LOCK_IDLE_SECONDS = [0, 60, 300, 900] as const;
export type AppLockIdleSeconds = (typeof APP_LOCK_IDLE_SECONDS)[number];

const idleSecondsSchema = z
  .literal(APP_LOCK_IDLE_SECONDS)
  .meta({ description: 'Seconds unused before the app locks; 0 locks each time it is opened or brought back' });

export const appLockSettingSchema = z
  .object({
    enabled: z.boolean(),
    /** Null while the lock is off. */
    idleSeconds: idleSecondsSchema.nullable(),
  })
  .meta({ id: 'AppLockSetting' });
export type AppLockSetting = z.infer<typeof appLockSettingSchema>;

export const setAppLockBodySchema = z
  .union([z.strictObject({ enabled: z.literal(true), idleSeconds: idleSecondsSchema }), z.strictObject({ enabled: z.literal(false) })])
  .meta({ id: 'SetAppLockBody' });
export type SetAppLockBody = z.infer<typeof setAppLockBodySchema>;

/** What opens the app again: the payment password, or an assertion of one of the member's passkeys. */
export const appUnlockBodySchema = z
  .union([z.strictObject({ paymentPassword: paymentPasswordSchema }), z.strictObject({ passkey: passkeyAssertionSchema })])
  .meta({ id: 'AppUnlockBody' });
export type AppUnlockBody = z.infer<typeof appUnlockBodySchema>;
