import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** API replies are data, never a page: they may load nothing and be framed by no one. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * A document's headers (the web app's pages, /docs): nosniff, no framing, no referrer, same-origin
 * opener, and the rest of helmet's defaults. The policy is set below, as each page sets its own.
 */
const DOCUMENT = {
  contentSecurityPolicy: false,
  strictTransportSecurity: false,
  xFrameOptions: { action: 'deny' as const },
  referrerPolicy: { policy: 'no-referrer' as const },
  // The API is read by the app's other regional origins with CORS; CORP would only block no-cors loads.
  crossOriginResourcePolicy: { policy: 'same-site' as const },
};

/** What acts on a document only: an API reply or a script a page loads has no use for them. */
const DOCUMENT_ONLY = {
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/**
 * An API reply is JSON, never shown as a page (OWASP's REST security cheat sheet): its type is not
 * guessed, no page frames it, other sites may not embed it. A referrer policy acts on the requests a
 * document or a redirect makes.
 */
const API = { ...DOCUMENT, ...DOCUMENT_ONLY, referrerPolicy: false };

/**
 * A file a page loads (the build's scripts and stylesheets under /assets/): its type is not guessed,
 * other sites may not embed it, and a stylesheet's own requests send no referrer.
 */
const ASSET = { ...DOCUMENT, ...DOCUMENT_ONLY, xFrameOptions: false };

/**
 * HSTS only in production and only over HTTPS, where a browser takes it into account; over plain
 * http on a developer's machine it would pin localhost to https. A year, as HSTS preload lists ask.
 */
const HSTS = { maxAge: 31_536_000, includeSubDomains: true, preload: false };
const withHsts = <T extends object>(options: T) => ({ ...options, strictTransportSecurity: HSTS });
const KINDS = {
  api: { plain: API, tls: withHsts(API) },
  asset: { plain: ASSET, tls: withHsts(ASSET) },
  document: { plain: DOCUMENT, tls: withHsts(DOCUMENT) },
};

/**
 * Headers every reply carries, from helmet (@fastify/helmet), set before the route runs, so a reply
 * that writes the response itself (the live event stream) carries them too. The
 * Content-Security-Policy is the API's unless the reply sets its own (the web app's pages, /docs),
 * which replaces it; a file a page loads gets none. A member's balances, records and cards stay in no
 * browser's or proxy's cache: an API reply is not stored unless its route says otherwise.
 */
export async function registerSecurityHeaders(app: FastifyInstance, production: boolean): Promise<void> {
  await app.register(fastifyHelmet, { global: false });
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    const kind = url.startsWith('/api/') ? KINDS.api : /^\/(console\/)?assets\//.test(url) ? KINDS.asset : KINDS.document;
    reply.helmet(production && request.protocol === 'https' ? kind.tls : kind.plain);
    if (kind === KINDS.api) reply.header('content-security-policy', API_POLICY).header('cache-control', 'no-store');
    // On the raw response, where @fastify/static's setHeaders puts a page's own policy over it.
    else if (kind === KINDS.document) reply.raw.setHeader('content-security-policy', API_POLICY);
    done();
  });
}
