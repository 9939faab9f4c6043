import { hash, timingSafeEqual } from 'node:crypto';
import { CSRF_HEADER, SESSION_DELIVERY_HEADER } from '@wallet/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A session ends after 30 days without use (sessions.ts), and its cookie lives as long. */
export const SESSION_IDLE_SECONDS = 30 * 24 * 3600;

/** The web app's session cookie (ADR 0012). Path /api: the static files never see it. */
export const SESSION_COOKIE = 'sbc_session';
const COOKIE_PATH = '/api';
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

declare module 'fastify' {
  interface FastifyInstance {
    /** The origins the app's pages are served from besides this server's own host: see fromOwnOrigin. */
    ownOrigins: ReadonlySet<string>;
  }
}

/**
 * Secure everywhere but on this machine: a browser keeps no Secure cookie from plain http, and
 * development and the tests run on http://localhost.
 */
export function secureFor(request: FastifyRequest): boolean {
  return request.protocol === 'https' || !LOCAL_HOSTS.has(request.hostname.replace(/:\d+$/, ''));
}

/**
 * The CSRF token of a cookie session: a hash of its session token, so it needs no storage and no
 * secret, cannot be derived by anyone who lacks the cookie, and dies with the session.
 */
export function csrfTokenFor(sessionToken: string): string {
  return hash('sha256', `csrf\0${sessionToken}`, 'base64url');
}

/** Whether an unsafe request made with the cookie echoes its session's CSRF token. */
export function csrfTokenMatches(request: FastifyRequest, sessionToken: string): boolean {
  const sent = request.headers[CSRF_HEADER];
  if (typeof sent !== 'string' || sent.length > 100) return false;
  const expected = Buffer.from(csrfTokenFor(sessionToken));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The app's own origins: APP_URL, where members open it, and the origins CORS_ORIGINS names, whose
 * pages (another region's app) may send this server's cookie (ADR 0012). '*' names none: it lets any
 * origin read the API, never send the cookie.
 */
export function registerOwnOrigins(app: FastifyInstance, origins: readonly string[]): void {
  app.decorate('ownOrigins', new Set(origins.filter((origin) => origin !== '*').map((origin) => new URL(origin).origin)));
}

/**
 * Whether a request made with the cookie comes from one of the app's own pages, by its Origin, else
 * its Referer's origin: a second line behind the CSRF token, should a token ever leak to another
 * site. Browsers send Origin on every POST, PUT, PATCH and DELETE, same-origin ones too; with neither
 * header (a client that is no browser) the CSRF token alone decides. An Origin of "null" (a sandboxed
 * frame, a redirect across sites) or one that cannot be read is never the app's.
 *
 * The server's own host counts whatever the scheme: behind a proxy that ends TLS without TRUST_PROXY
 * the request looks like http while the page was https.
 */
export function fromOwnOrigin(request: FastifyRequest): boolean {
  const { origin, referer } = request.headers;
  const source = origin ?? (referer === undefined ? undefined : urlOf(referer)?.origin);
  if (source === undefined) return true;
  if (request.server.ownOrigins.has(source)) return true;
  const host = urlOf(source)?.host;
  return host !== undefined && host !== '' && host === request.host?.toLowerCase();
}

function urlOf(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

export function sessionCookie(request: FastifyRequest): string | undefined {
  return request.cookies?.[SESSION_COOKIE];
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  // Kept across browser restarts as the stored token was; the server's idle limit still ends the session.
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    secure: secureFor(request),
    sameSite: 'strict',
    path: COOKIE_PATH,
    maxAge: SESSION_IDLE_SECONDS,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, secure: secureFor(request), sameSite: 'strict', path: COOKIE_PATH });
}

function wantsCookie(request: FastifyRequest): boolean {
  return request.headers[SESSION_DELIVERY_HEADER] === 'cookie';
}

/**
 * Every route of `app` that answers a session (sign-up, sign-in, reset, a second sign-in step) hands
 * it to a web client as the cookie: the token leaves the reply, the CSRF token takes its place.
 * Done once here, so no sign-in route can forget it.
 */
export function deliverSessionsAsCookies(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (!wantsCookie(request) || reply.statusCode >= 300) return payload;
    if (typeof payload !== 'object' || payload === null || !('token' in payload) || typeof payload.token !== 'string') return payload;
    const { token, ...rest } = payload as { token: string };
    setSessionCookie(request, reply, token);
    return { ...rest, csrfToken: csrfTokenFor(token) };
  });
}
