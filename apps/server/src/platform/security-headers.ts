import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** API replies are data, never a page: they may load nothing and be framed by no one. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** A year, as HSTS preload lists ask. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers every reply carries (helmet): nosniff, no framing, no referrer, same-origin opener. The
 * Content-Security-Policy is the API's unless the reply set its own (the web app's files, /docs).
 * HSTS only in production and only over HTTPS, where a browser takes it into account; over plain
 * http on a developer's machine it would pin localhost to https.
 */
export async function registerSecurityHeaders(app: FastifyInstance, production: boolean): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // The API is read by the app's other regional origins with CORS; CORP would only block no-cors loads.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onSend', async (request, reply) => {
    // The web app's files set theirs on the raw response (@fastify/static's setHeaders).
    const own = reply.hasHeader('content-security-policy') || reply.raw.hasHeader('content-security-policy');
    if (!own) reply.header('content-security-policy', API_POLICY);
    if (production && request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
