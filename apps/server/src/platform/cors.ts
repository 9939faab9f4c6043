import { CSRF_HEADER, SESSION_DELIVERY_HEADER } from '@wallet/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';

const METHODS = 'GET, POST, PUT, PATCH, DELETE';
const ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  'accept-language',
  'idempotency-key',
  'x-request-id',
  SESSION_DELIVERY_HEADER,
  CSRF_HEADER,
].join(', ');
const EXPOSED_HEADERS = 'x-request-id, retry-after';
/** How long a browser may reuse a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = '600';

/**
 * The login screen can point the app at another regional server, so the API answers other origins.
 * Only origins listed by name may send the session cookie (credentials); '*' answers any origin
 * without it.
 *
 * A browser sends Origin on every cross-origin request, and the CORS headers act on those only (Fetch
 * standard, "CORS protocol"): the app's pages read their own API without it, and those replies go
 * without the allow and expose headers. Every API reply says `Vary: Origin`, as it depends on it, so
 * a cache never gives one origin's reply to another (most are never stored: security-headers.ts).
 * Outside the API (the web app's files, the docs), which browsers and the app's service worker keep,
 * replies stay as they were: the same for every request with `*`, varying on Origin with a list.
 *
 * Written here rather than with @fastify/cors: the plugin copies its options into a new object on
 * every request and cannot pass over one without Origin (its per-request options made a read dearer,
 * not cheaper). With the two headers it added to every API reply, it was part of the 3-5 µs of server
 * CPU a cached read saved, of about 50 (ADR 0031).
 */
export function registerCors(app: FastifyInstance, configured: readonly string[]): void {
  const anyOrigin = configured.includes('*');
  const named = new Set(configured.filter((origin) => origin !== '*').map((origin) => new URL(origin).origin));
  const allow = (reply: FastifyReply, origin: string): boolean => {
    if (anyOrigin) {
      reply.header('access-control-allow-origin', '*');
      return true;
    }
    if (!named.has(origin)) return false;
    reply.header('access-control-allow-origin', origin).header('access-control-allow-credentials', 'true');
    return true;
  };

  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (request.url.startsWith('/api/')) {
      reply.header('vary', 'Origin');
      if (origin === undefined) return done();
    } else if (!anyOrigin) {
      // On the raw response, as the security headers are outside the API, where the web app's files add theirs.
      reply.raw.setHeader('vary', 'Origin');
    }
    const allowed = allow(reply, origin ?? '');
    if (origin === undefined || request.method !== 'OPTIONS' || request.headers['access-control-request-method'] === undefined) {
      if (allowed) reply.header('access-control-expose-headers', EXPOSED_HEADERS);
      return done();
    }
    // A preflight is answered here, before the session checks: the browser sends it without credentials.
    if (allowed)
      reply
        .header('access-control-allow-methods', METHODS)
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', PREFLIGHT_MAX_AGE);
    reply.code(204).header('content-length', '0').send();
  });
  // Routes OPTIONS requests to the hook above; one that is not a preflight finds nothing.
  app.options('*', { schema: { hide: true } }, (_request, reply) => {
    reply.callNotFound();
  });
}
