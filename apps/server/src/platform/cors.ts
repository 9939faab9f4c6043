import fastifyCors, { type FastifyCorsOptions } from '@fastify/cors';
import { CSRF_HEADER, SESSION_DELIVERY_HEADER } from '@wallet/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const SHARED: FastifyCorsOptions = {
  methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  allowedHeaders: [
    'authorization',
    'content-type',
    'accept-language',
    'idempotency-key',
    'x-request-id',
    SESSION_DELIVERY_HEADER,
    CSRF_HEADER,
  ],
  exposedHeaders: ['x-request-id', 'retry-after'],
  // How long a browser may reuse a preflight's answer, in seconds.
  maxAge: 600,
  // A bare OPTIONS request finds no route (below), as in the rest of the API.
  strictPreflight: false,
};
/** Nothing: no CORS headers, no preflight answered (an OPTIONS request then finds no route). */
const NONE: FastifyCorsOptions = { origin: false };

/**
 * The login screen can point the app at another regional server, so the API answers other origins
 * (@fastify/cors). Only origins listed by name may send the session cookie (credentials); '*'
 * answers any origin without it. A preflight is answered before the session checks: the browser
 * sends it without credentials.
 *
 * A browser sends Origin on every cross-origin request, and the CORS headers act on those only (Fetch
 * standard, "CORS protocol"): the app's pages read their own API without it, and those replies go
 * without the allow and expose headers. The options are chosen per request, so every reply says
 * `Vary: Origin` and a cache never gives one origin's reply to another. Outside the API (the web
 * app's files, the docs), with '*', a reply carries the allow headers with or without Origin.
 */
export async function registerCors(app: FastifyInstance, configured: readonly string[]): Promise<void> {
  const anyOrigin = configured.includes('*');
  const named = new Set(configured.filter((origin) => origin !== '*').map((origin) => new URL(origin).origin));
  const allowed: FastifyCorsOptions = anyOrigin ? { ...SHARED, origin: '*' } : { ...SHARED, origin: [...named], credentials: true };
  const optionsFor = (request: FastifyRequest): FastifyCorsOptions => {
    const origin = request.headers.origin;
    if (origin === undefined && request.url.startsWith('/api/')) return NONE;
    // An OPTIONS request that is no preflight is answered as a route it does not have; so is one from an origin not listed.
    if (request.method === 'OPTIONS' && (origin === undefined || request.headers['access-control-request-method'] === undefined))
      return NONE;
    return anyOrigin || named.has(origin ?? '') ? allowed : NONE;
  };
  await app.register(fastifyCors, { hideOptionsRoute: true, delegator: (request, callback) => callback(null, optionsFor(request)) });
}
