import { hash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { addSeconds, type Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { readCaches } from '../../platform/read-caches';
import { type MailDeps, mailMember } from '../notifications/mail';
import { newDeviceMail } from '../notifications/mail-texts';
import { notify } from '../notifications/notify';
import type { CodeDeps } from './codes';
import * as q from './queries';

/** A session ends after 30 days without use. */
export const SESSION_IDLE_SECONDS = 30 * 24 * 3600;
// Writing last_used_at on every request would make every read a write; a minute's precision is enough.
const TOUCH_AFTER_SECONDS = 60;

export interface AuthContext {
  userId: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** Tokens are 256 random bits; only their SHA-256 is stored, so the table cannot be replayed. */
function hashToken(token: string): Buffer {
  return hash('sha256', token, 'buffer');
}

/**
 * Signs a user in on this request's device. A sign-in from a device (its user-agent) none of the
 * user's earlier sessions used tells them, in the same transaction: a notification and an email. The
 * first session of all (sign-up) is no new device. The user's row is locked meanwhile, so two
 * sign-ins from one new device at once tell once.
 */
export async function createSession(
  deps: CodeDeps & MailDeps,
  user: { id: string; email: string; language: string },
  request: FastifyRequest,
): Promise<{ token: string; sessionId: string }> {
  const token = randomBytes(32).toString('base64url');
  const device = (request.headers['user-agent'] ?? 'unknown device').slice(0, 200);
  const ip = request.ip ?? null;
  const now = deps.clock.now();
  const id = await deps.db.transaction().execute(async (trx) => {
    await q.lockUserRow(trx, user.id);
    const earlier = await q.sessionDevicesSeen(trx, user.id, device);
    const { id } = await q.insertSession(trx, { user_id: user.id, token_hash: hashToken(token), device, ip, now });
    if (earlier.any && !earlier.thisDevice) {
      await notify(trx, user.id, { code: 'new_device_login', params: { device, ip: ip ?? '' }, ref: { kind: 'session', id } });
      const when = `${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
      await mailMember(deps, trx, user, (language) => newDeviceMail(language, { when, device, ip: ip ?? '-' }), { sessionId: id });
    }
    return id;
  });
  return { token, sessionId: id };
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header);
  return match?.[1] ?? null;
}

/** The session behind the request's bearer token, or UNAUTHORIZED. */
export async function authenticate(db: Db, clock: Clock, request: FastifyRequest): Promise<AuthContext> {
  const token = bearerToken(request);
  if (!token) throw new AppError('UNAUTHORIZED');
  const now = clock.now();
  const idleSince = addSeconds(now, -SESSION_IDLE_SECONDS);
  const tokenHash = hashToken(token);
  const cache = readCaches(db)?.sessions;
  const key = tokenHash.toString('base64');
  // The loaders are written inline, not as named consts: under tsx every named function made per
  // request also costs a call that sets its name, a measurable share of a cached request.
  let session = cache
    ? await cache.get(key, () => q.findLiveSessionByTokenHash(db, tokenHash, idleSince))
    : await q.findLiveSessionByTokenHash(db, tokenHash, idleSince);
  // The cache keeps a session no longer than the idle limit allows; past it, ask the database.
  if (session && session.last_used_at < idleSince) session = await q.findLiveSessionByTokenHash(db, tokenHash, idleSince);
  if (!session) {
    cache?.invalidate(key);
    throw new AppError('UNAUTHORIZED');
  }
  if (now.getTime() - session.last_used_at.getTime() > TOUCH_AFTER_SECONDS * 1000) {
    await q.touchSession(db, session.id, now);
    cache?.update(key, { ...session, last_used_at: now });
  }
  return { userId: session.user_id, sessionId: session.id };
}

/**
 * For a plugin whose routes all need a session: authenticates every request of the plugin's scope.
 * Handlers then read the session with `signedIn(request)`.
 */
export function requireSession(db: Db, clock: Clock) {
  return async (request: FastifyRequest) => {
    request.auth = await authenticate(db, clock, request);
  };
}

export function signedIn(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHORIZED');
  return request.auth;
}

export function liveSince(clock: Clock): Date {
  return addSeconds(clock.now(), -SESSION_IDLE_SECONDS);
}
