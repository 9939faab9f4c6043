import { hash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { batchedRead } from '../../platform/batched-read';
import { addSeconds, type Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { deviceInMail } from '../../platform/device-description';
import { AppError } from '../../platform/errors';
import { placeOf } from '../../platform/place';
import { type CachedSession, readCaches } from '../../platform/read-caches';
import { type MailDeps, mailLanguage, mailMember } from '../notifications/mail';
import { newDeviceMail } from '../notifications/mail-texts';
import { notify } from '../notifications/notify';
import { assertNotLocked } from './account-security';
import type { CodeDeps } from './codes';
import * as q from './queries';
import { csrfTokenMatches, fromOwnOrigin, SESSION_IDLE_SECONDS, sessionCookie } from './session-cookie';

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
 * Signs a user in on the device a request came from. A sign-in from a device (its user-agent) none of the
 * user's earlier sessions used tells them, in the same transaction: a notification and an email. The
 * first session of all (sign-up) is no new device. The user's row is locked meanwhile, so two
 * sign-ins from one new device at once tell once.
 */
export async function createSession(
  deps: CodeDeps & MailDeps,
  user: { id: string; email: string; language: string },
  client: { ip: string; userAgent: string | undefined },
): Promise<{ token: string; sessionId: string }> {
  const token = randomBytes(32).toString('base64url');
  const device = (client.userAgent ?? 'unknown device').slice(0, 200);
  const ip = client.ip ?? null;
  const now = deps.clock.now();
  // The country from an offline table (platform/place.ts): looked up before the user's row is locked,
  // since its first use loads the table from disk.
  const place = await placeOf(ip, mailLanguage(user.language));
  const id = await deps.db.transaction().execute(async (trx) => {
    await q.lockUserRow(trx, user.id);
    // Every sign-in makes its session here: a member's lock (account-security.ts) refuses them all.
    await assertNotLocked(trx, user.id);
    const earlier = await q.sessionDevicesSeen(trx, user.id, device);
    const { id } = await q.insertSession(trx, { user_id: user.id, token_hash: hashToken(token), device, ip, now });
    if (earlier.any && !earlier.thisDevice) {
      await notify(trx, user.id, { code: 'new_device_login', params: { device, ip: ip ?? '' }, ref: { kind: 'session', id } });
      const when = `${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
      await mailMember(
        deps,
        trx,
        user,
        (language) => newDeviceMail(language, { when, device: deviceInMail(device, language), ip: ip ?? '-', place }),
        { sessionId: id },
      );
    }
    return id;
  });
  return { token, sessionId: id };
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The request's session token: the Authorization header of API clients, else the web app's cookie.
 * A state-changing call made with the cookie must come from the app's own origin and echo the
 * session's CSRF token: the browser attaches the cookie by itself, whichever page asks, the header
 * only a script of the app can add (ADR 0012). Both are checked before anything is done.
 */
export function sessionToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer (.+)$/.exec(header);
    return match?.[1] && TOKEN_SHAPE.test(match[1]) ? match[1] : null;
  }
  const cookie = sessionCookie(request);
  if (!cookie || !TOKEN_SHAPE.test(cookie)) return null;
  if (!SAFE_METHODS.has(request.method)) {
    if (!fromOwnOrigin(request)) throw new AppError('CROSS_SITE_REQUEST');
    if (!csrfTokenMatches(request, cookie)) throw new AppError('CSRF_TOKEN_INVALID');
  }
  return cookie;
}

/**
 * The session behind the request's bearer token or session cookie, or UNAUTHORIZED. A session the
 * read cache holds, neither idle too long nor due to be touched, is answered synchronously: the
 * common request then waits on no promise (ADR 0025).
 */
export function authenticate(db: Db, clock: Clock, request: FastifyRequest): AuthContext | Promise<AuthContext> {
  const token = sessionToken(request);
  if (!token) throw new AppError('UNAUTHORIZED');
  const now = clock.now();
  const idleSince = addSeconds(now, -SESSION_IDLE_SECONDS);
  // The hash as base64 text is the cache's key; the bytes the table holds are made only for the query.
  // Node makes a Buffer from a native result at twice the cost of the whole hash as text.
  const key = hash('sha256', token, 'base64');
  const cache = readCaches(db)?.sessions;
  // The loaders are written inline, not as named consts: under tsx every named function made per
  // request also costs a call that sets its name, a measurable share of a cached request.
  const found = cache
    ? cache.get(key, () => sessionByHash(db, key).then((session) => live(session, idleSince)))
    : sessionByHash(db, key).then((session) => live(session, idleSince));
  if (!(found instanceof Promise) && found && !idle(found, idleSince) && !dueForTouch(found, now)) {
    return { userId: found.user_id, sessionId: found.id };
  }
  return (async () => {
    let session = await found;
    // The cache keeps a session no longer than the idle limit allows; past it, ask the database.
    if (session && idle(session, idleSince)) session = live(await sessionByHash(db, key), idleSince);
    if (!session) {
      cache?.invalidate(key);
      throw new AppError('UNAUTHORIZED');
    }
    if (dueForTouch(session, now)) {
      await touchSession(db, { id: session.id, at: now });
      cache?.update(key, { ...session, last_used_at: now });
    }
    return { userId: session.user_id, sessionId: session.id };
  })();
}

/** The session of a token hash (base64), read with the other requests' of this turn (batched-read.ts). */
const sessionByHash = batchedRead(async (db, keys: readonly string[]) => {
  const rows = await q.findSessionsByTokenHashes(
    db,
    keys.map((key) => Buffer.from(key, 'base64')),
  );
  const byKey = new Map(rows.map((row) => [row.token_hash.toString('base64'), row]));
  return keys.map((key) => byKey.get(key));
});

/** Touched with the other requests' sessions due in this turn: one update, not one per member a minute. */
const touchSession = batchedRead(async (db, touches: readonly { id: string; at: Date }[]) => {
  await q.touchSessions(db, touches);
  return touches.map(() => undefined);
});

/** What the cache keeps of a session still live: never its hash, which is the cache's key. */
function live(session: { id: string; user_id: string; last_used_at: Date } | undefined, idleSince: Date): CachedSession | undefined {
  return session && !idle(session, idleSince)
    ? { id: session.id, user_id: session.user_id, last_used_at: session.last_used_at }
    : undefined;
}

// Compared as numbers: `<` on two dates converts each through valueOf, on every request.
const idle = (session: { last_used_at: Date }, idleSince: Date) => session.last_used_at.getTime() < idleSince.getTime();
const dueForTouch = (session: { last_used_at: Date }, now: Date) =>
  now.getTime() - session.last_used_at.getTime() > TOUCH_AFTER_SECONDS * 1000;

/**
 * For a plugin whose routes all need a session: authenticates every request of the plugin's scope.
 * Handlers then read the session with `signedIn(request)`.
 */
export function requireSession(db: Db, clock: Clock) {
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    let auth: AuthContext | Promise<AuthContext>;
    try {
      auth = authenticate(db, clock, request);
    } catch (error) {
      return done(error as Error);
    }
    if (!(auth instanceof Promise)) {
      request.auth = auth;
      return done();
    }
    auth.then((known) => {
      request.auth = known;
      done();
    }, done);
  };
}

export function signedIn(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHORIZED');
  return request.auth;
}

export function liveSince(clock: Clock): Date {
  return addSeconds(clock.now(), -SESSION_IDLE_SECONDS);
}
