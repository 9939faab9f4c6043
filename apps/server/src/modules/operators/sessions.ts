import { randomBytes } from 'node:crypto';
import { type OperatorRole, permissionsOf } from '@wallet/contract';
import { addSeconds } from '../../platform/clock';
import type { Executor } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { csrfTokenFor } from '../auth/session-cookie';
import { recordOperatorAudit } from './audit-chain';
import type { OperatorContext } from './context';
import type { Client, OperatorDeps } from './deps';
import { tokenHash } from './guard';
import { mailOperator, newDeviceMail } from './mail';
import * as q from './queries';
import { readSetting } from './settings';

/** Time to reach for the phone or the passkey between the password and the second factor. */
export const PASSWORD_STAGE_SECONDS = 5 * 60;

export const newToken = () => randomBytes(32).toString('base64url');
const deviceOf = (client: Client) => (client.userAgent ?? 'unknown device').slice(0, 200);

/** The context an operator's own sign-in steps are audited under. */
export function selfContext(
  operator: { id: string; email: string; roles: readonly OperatorRole[] },
  client: Client,
  sessionId: string | null,
) {
  return {
    operatorId: operator.id,
    email: operator.email,
    roles: operator.roles,
    apiKeyId: null,
    sessionId,
    ip: client.ip,
    requestId: client.requestId,
  } satisfies OperatorContext;
}

/** What GET session answers, and every completed sign-in step. */
export async function meOf(db: Executor, operator: { id: string; email: string; roles: readonly OperatorRole[] }, token: string | null) {
  return {
    id: operator.id,
    email: operator.email,
    roles: [...operator.roles],
    permissions: permissionsOf(operator.roles),
    // An API key has no cookie and needs no CSRF token.
    csrfToken: token ? csrfTokenFor(token) : '',
    idleMinutes: Number(await readSetting(db, 'console.idle_minutes')),
  };
}

export async function startPasswordSession(trx: Executor, operatorId: string, client: Client, now: Date) {
  const token = newToken();
  const { id } = await q.insertSession(trx, {
    operatorId,
    tokenHash: tokenHash(token),
    stage: 'password',
    device: deviceOf(client),
    ip: client.ip,
    now,
  });
  return { token, sessionId: id };
}

/**
 * The 'password' session a second-factor step continues: live, at most five minutes old, of an active
 * operator. Anything else is a sign-in to start again.
 */
export async function pendingSession(deps: OperatorDeps, token: string | undefined) {
  const session = token ? await q.findSessionByHash(deps.db, tokenHash(token)) : undefined;
  if (session?.stage !== 'password') throw new AppError('OPERATOR_SIGN_IN_REQUIRED');
  if (deps.clock.now().getTime() > addSeconds(session.created_at, PASSWORD_STAGE_SECONDS).getTime())
    throw new AppError('OPERATOR_SIGN_IN_REQUIRED');
  if (session.status !== 'active') throw new AppError('OPERATOR_DISABLED');
  return session;
}

/**
 * Turns the 'password' session into a signed-in one under a new token, in `trx` with the step's own
 * effects and audit. A sign-in from a device (user-agent) none of the operator's earlier sessions used
 * mails them in the same transaction; their very first sign-in is no new device.
 */
export async function completeSignIn(
  deps: OperatorDeps,
  trx: Executor,
  operator: { id: string; email: string; roles: readonly OperatorRole[] },
  sessionId: string,
  client: Client,
  method: 'totp' | 'totp_enrol' | 'passkey' | 'recovery',
) {
  const now = deps.clock.now();
  const token = newToken();
  if (!(await q.promoteSession(trx, sessionId, tokenHash(token), now))) throw new AppError('OPERATOR_SIGN_IN_REQUIRED');
  const device = deviceOf(client);
  const seen = await q.devicesSeen(trx, operator.id, device, sessionId);
  const newDevice = seen.any && !seen.thisDevice;
  if (newDevice)
    await mailOperator(
      deps,
      trx,
      operator.email,
      newDeviceMail({ when: now, userAgent: device, ip: client.ip, consoleUrl: `${deps.appUrl}/console/` }),
    );
  await recordOperatorAudit(trx, selfContext(operator, client, sessionId), {
    action: 'operator.sign_in',
    object: `operator:${operator.id}`,
    after: { method, device, newDevice },
  });
  return { token, me: await meOf(trx, operator, token) };
}

export async function listSessions(deps: OperatorDeps, operator: OperatorContext) {
  const rows = await q.liveSessions(deps.db, operator.operatorId);
  const items = rows.map((row) => ({
    id: row.id,
    device: row.device,
    ip: row.ip,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at.toISOString(),
    current: row.id === operator.sessionId,
  }));
  return { items, total: items.length };
}

export async function revokeOwnSession(deps: OperatorDeps, operator: OperatorContext, sessionId: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await q.revokeSession(trx, operator.operatorId, sessionId, deps.clock.now()))) throw new AppError('SESSION_NOT_FOUND');
    await recordOperatorAudit(trx, operator, { action: 'operator.session.revoke', object: `operator_session:${sessionId}` });
  });
}

/** Sign-out: the session ends whatever its stage; audited when it was a signed-in one. */
export async function signOut(deps: OperatorDeps, token: string | undefined, client: Client): Promise<void> {
  const session = token ? await q.findSessionByHash(deps.db, tokenHash(token)) : undefined;
  if (!session) return;
  await deps.db.transaction().execute(async (trx) => {
    await q.revokeSession(trx, session.operator_id, session.id, deps.clock.now());
    if (session.stage === 'full')
      await recordOperatorAudit(
        trx,
        selfContext({ id: session.operator_id, email: session.email, roles: session.roles }, client, session.id),
        {
          action: 'operator.sign_out',
          object: `operator_session:${session.id}`,
        },
      );
  });
}
