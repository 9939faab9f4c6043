import {
  APP_LOCK_IDLE_SECONDS,
  type AppLockIdleSeconds,
  type AppLockSetting,
  type AppUnlockBody,
  type SetAppLockBody,
} from '@wallet/contract';
import { recordAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import * as factors from './second-factor/queries';
import { type AuthDeps, checkPaymentPin } from './service';
import { limitedFactorCheck, proofValid } from './step-up';

/*
 * The app lock: the setting lives on the member so it follows them to every device; the lock itself
 * is drawn by the app, which asks here whether what the member typed opens it. The payment password
 * is checked under its own limits, the very counter money movements use, so the lock screen gives a
 * thief no more guesses than a withdrawal would; a passkey under the second factor's.
 */

function toSetting(idleSeconds: number | null): AppLockSetting {
  const known = APP_LOCK_IDLE_SECONDS.find((seconds) => seconds === idleSeconds);
  return known === undefined ? { enabled: false, idleSeconds: null } : { enabled: true, idleSeconds: known as AppLockIdleSeconds };
}

async function findMember(deps: AuthDeps, userId: string) {
  const user = await deps.db
    .selectFrom('users')
    .select(['payment_password_hash', 'app_lock_idle_seconds'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new AppError('UNAUTHORIZED');
  return user;
}

export async function appLockSetting(deps: AuthDeps, userId: string): Promise<AppLockSetting> {
  return toSetting((await findMember(deps, userId)).app_lock_idle_seconds);
}

/** Turning the lock on needs a payment password: without one, nothing could open the app again. */
export async function setAppLock(deps: AuthDeps, userId: string, body: SetAppLockBody, ip: string): Promise<AppLockSetting> {
  const user = await findMember(deps, userId);
  const idleSeconds = body.enabled ? body.idleSeconds : null;
  if (idleSeconds !== null && !user.payment_password_hash) throw new AppError('APP_LOCK_NEEDS_PAYMENT_PASSWORD');
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ app_lock_idle_seconds: idleSeconds, updated_at: deps.clock.now() })
      .where('id', '=', userId)
      .execute();
    await recordAudit(trx, {
      actorKind: 'user',
      actorId: userId,
      action: 'user.app_lock.change',
      subject: `user:${userId}`,
      details: { idleSeconds },
      ip,
    });
  });
  return toSetting(idleSeconds);
}

/** Throws PAYMENT_PASSWORD_WRONG (with the tries left) or PAYMENT_PASSWORD_LOCKED (with until), or the second factor's. */
export async function unlockApp(deps: AuthDeps, userId: string, body: AppUnlockBody, ip: string): Promise<void> {
  if ('passkey' in body) {
    if ((await factors.listPasskeys(deps.db, userId)).length === 0) throw new AppError('APP_LOCK_NO_PASSKEY');
    await limitedFactorCheck(deps, userId, ip, () => proofValid(deps, userId, { passkey: body.passkey }));
    return;
  }
  const hash = (await findMember(deps, userId)).payment_password_hash;
  if (!hash) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
  await checkPaymentPin(deps, userId, hash, body.paymentPassword, ip);
}
