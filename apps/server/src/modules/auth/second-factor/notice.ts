import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../../platform/db/database';
import { deviceInMail } from '../../../platform/device-description';
import { placeOf } from '../../../platform/place';
import { mailLanguage, mailMember } from '../../notifications/mail';
import { notify } from '../../notifications/notify';
import { lockLink, mailTime, type SecurityDeps } from '../account-security';
import * as authQueries from '../queries';
import { type FactorChange, factorChangeMail } from './notice-texts';

/** The device (its raw user-agent, described when shown) and address a change came from. */
export interface ChangeOrigin {
  ip: string;
  device: string;
}

export function originOf(request: FastifyRequest): ChangeOrigin {
  return { ip: request.ip, device: (request.headers['user-agent'] ?? 'unknown device').slice(0, 200) };
}

/**
 * In the transaction of the change: a notification and an email with the "it was not me" lock link.
 * A factor put on or taken off by someone else holding the session is the member's last chance to
 * notice before they are locked out of their own second factor.
 */
export async function tellFactorChange(
  deps: SecurityDeps,
  trx: Executor,
  userId: string,
  change: FactorChange,
  from: ChangeOrigin,
  label?: string,
): Promise<void> {
  const member = await authQueries.findUserContact(trx, userId);
  const now = deps.clock.now();
  await notify(trx, userId, { code: change, params: { device: from.device, ip: from.ip, ...(label !== undefined && { label }) } });
  const lockUrl = await lockLink(deps, trx, userId, 'second_factor_changed', now);
  // The country from an offline table (platform/place.ts): a local file read, nothing leaves the server.
  const place = await placeOf(from.ip, mailLanguage(member.language));
  await mailMember(
    deps,
    trx,
    member,
    (language) =>
      factorChangeMail(language, {
        change,
        ...(label !== undefined && { label }),
        when: mailTime(now),
        device: deviceInMail(from.device, language),
        ip: from.ip || '-',
        place,
        lockUrl,
      }),
    { userId, event: change },
  );
}
