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
 * request (@fastify/helmet) was a measurable share of a cached read (ADR 0031).
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
 * What acts on a file a page loads (the build's scripts and stylesheets under /assets/): its type is
 * not guessed, other sites may not embed it, and a stylesheet's own requests send no referrer. A
 * policy, framing rules and the rest act on documents only; over HTTP/1.1 each was sent uncompressed
 * with every one of a page's thirty-odd files, some 500 bytes apiece (ADR 0031).
 */
const SUBRESOURCE = new Set(['x-content-type-options', 'cross-origin-resource-policy', 'referrer-policy']);

/**
 * What acts on an API reply, which is JSON, never shown as a page (OWASP's REST security cheat sheet):
 * its type is not guessed, no page frames it, other sites may not embed it, and its policy loads
 * nothing. A referrer policy acts on the requests a document or a redirect makes and the cross-domain
 * policy on Flash and Acrobat; each was a header of every read's fourteen (ADR 0031).
 */
const API = new Set(['content-security-policy', 'x-content-type-options', 'x-frame-options', 'cross-origin-resource-policy']);

/**
 * A member's balances, records and cards stay in no browser's or proxy's cache: an API reply is not
 * stored unless its route says otherwise (the app's release notes may be kept a minute).
 */
const API_CACHING = ['cache-control', 'no-store'] as const;

/**
 * Headers every reply carries, set before the route runs, so a reply that writes the response itself
 * (the live event stream, which sends on reply.getHeaders()) carries them too. The
 * Content-Security-Policy is the API's unless the reply sets its own (the web app's pages, /docs),
 * which replaces it. HSTS only in production and only over HTTPS, where a browser takes it into
 * account; over plain http on a developer's machine it would pin localhost to https.
 *
 * An API reply gets them as its own headers: Node's writeHead then takes the reply's headers as one
 * object. Set on the raw response, they made it pass every other header through setHeader again, a
 * tenth of a cached read's CPU (ADR 0031). Everything else (the web app's files, /docs) keeps them on
 * the raw response, where @fastify/static's setHeaders puts a page's own policy over them.
 */
export function registerSecurityHeaders(app: FastifyInstance, production: boolean): void {
  const documents = [...helmetHeaders(), ['content-security-policy', API_POLICY] as const];
  const api = [...documents.filter(([name]) => API.has(name)), API_CACHING];
  const assets = documents.filter(([name]) => SUBRESOURCE.has(name));
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    const hsts = production && request.protocol === 'https';
    if (url.startsWith('/api/')) {
      for (const [name, value] of api) reply.header(name, value);
      if (hsts) reply.header('strict-transport-security', HSTS);
      return done();
    }
    const res = reply.raw;
    for (const [name, value] of url.startsWith('/assets/') ? assets : documents) res.setHeader(name, value);
    if (hsts) res.setHeader('strict-transport-security', HSTS);
    done();
  });
}
