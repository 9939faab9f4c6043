import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** API replies are data, never a page: they may load nothing and be framed by no one. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** A year, as HSTS preload lists ask. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** nosniff, no framing, no referrer, same-origin opener, and the rest of helmet's defaults. */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: false,
  strictTransportSecurity: false,
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  // The API is read by the app's other regional origins with CORS; CORP would only block no-cors loads.
  crossOriginResourcePolicy: { policy: 'same-site' },
};

/**
 * The headers helmet sets with these options. They are the same for every reply, so helmet runs
 * once, at start-up, on a response that only records them; running its dozen middlewares on every
 * request (@fastify/helmet) was a measurable share of a cached read (issue 16).
 */
export function helmetHeaders(): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let done = false;
  helmet(HELMET_OPTIONS)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  // Helmet's middlewares are synchronous; one that were not would leave headers unrecorded.
  if (!done) throw new Error('helmet did not finish synchronously');
  return [...headers];
}

/**
 * Headers every reply carries. The Content-Security-Policy is the API's unless the reply set its own
 * (the web app's files, /docs). HSTS only in production and only over HTTPS, where a browser takes it
 * into account; over plain http on a developer's machine it would pin localhost to https.
 */
export function registerSecurityHeaders(app: FastifyInstance, production: boolean): void {
  const common = helmetHeaders();
  // On the raw response first, as helmet did: a route may still replace one of them, and a reply that
  // writes the response itself (the live event stream) carries them too.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of common) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', (request, reply, _payload, done) => {
    // The web app's files set theirs on the raw response (@fastify/static's setHeaders).
    const own = reply.hasHeader('content-security-policy') || reply.raw.hasHeader('content-security-policy');
    if (!own) reply.header('content-security-policy', API_POLICY);
    if (production && request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
