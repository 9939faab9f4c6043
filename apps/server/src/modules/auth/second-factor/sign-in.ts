import { hash, randomBytes } from 'node:crypto';
import type { SecondFactorChallengeReply } from '@wallet/contract';
import { addSeconds, type Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/database';
import { AppError } from '../../../platform/errors';
import { liveSince } from '../sessions';
import { deviceKeyHash } from './device-key';
import * as q from './queries';

/** Time to reach for the phone or the passkey between the password and the second step. */
const TICKET_SECONDS = 5 * 60;

const ticketHash = (ticket: string) => hash('sha256', ticket, 'buffer');

/**
 * The sign-in's second step when it is needed: the member has a factor on and none of their live
 * sessions was made on this device (device-key.ts). Then no session is made yet; a single-use ticket stands for the first
 * step, and the reply says which factors may answer it. Null: sign in at once.
 */
export async function secondFactorChallenge(
  deps: { db: Db; clock: Clock },
  userId: string,
  deviceKey: string | null,
): Promise<SecondFactorChallengeReply | null> {
  const [totp, keys] = await Promise.all([q.findTotp(deps.db, userId), q.listPasskeys(deps.db, userId)]);
  const methods = { totp: Boolean(totp?.confirmed_at), passkey: keys.length > 0, recoveryCode: true as const };
  if (!methods.totp && !methods.passkey) return null;
  if (deviceKey && (await q.liveSessionOnDevice(deps.db, userId, deviceKeyHash(deviceKey), liveSince(deps.clock)))) return null;
  const now = deps.clock.now();
  await q.deleteExpired(deps.db, now);
  const ticket = randomBytes(32).toString('base64url');
  await q.insertLoginTicket(deps.db, { tokenHash: ticketHash(ticket), userId, expiresAt: addSeconds(now, TICKET_SECONDS) });
  return { secondFactorRequired: true, ticket, expiresInSeconds: TICKET_SECONDS, methods };
}

/** The member a live ticket was given to. */
export async function ticketHolder(deps: { db: Db; clock: Clock }, ticket: string): Promise<string> {
  const row = await q.findLiveTicket(deps.db, ticketHash(ticket), deps.clock.now());
  if (!row) throw new AppError('SECOND_FACTOR_TICKET_INVALID');
  return row.user_id;
}

/** Uses the ticket up once its proof held; of two racing completions one wins. */
export async function spendTicket(deps: { db: Db; clock: Clock }, ticket: string): Promise<void> {
  if (!(await q.useTicket(deps.db, ticketHash(ticket), deps.clock.now()))) throw new AppError('SECOND_FACTOR_TICKET_INVALID');
}
