import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import vary from 'vary';

/**
 * The server also serves the built web app, so one process on one port is the
 * whole product. Routing is hash-based, so only / needs index.html. Hashed assets are immutable.
 */
export function webAppBuilt(distDir: string): boolean {
  return existsSync(path.join(distDir, 'index.html'));
}

/**
 * The web app's Content-Security-Policy: everything from this site only (the API servers a member may
 * pick are the one exception, for fetch and the live stream), no inline script, no plugins, no framing.
 * Styles allow inline attributes because antd-mobile positions popups with them. Image compression
 * runs in a worker made from a blob that loads this site's own copy of its library.
 */
export function webAppPolicy(apiOrigins: readonly string[]): string {
  const connect = ["'self'", ...new Set(apiOrigins)].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "worker-src 'self' blob:",
    `connect-src ${connect}`,
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export async function registerWebApp(app: FastifyInstance, distDir: string, apiOrigins: readonly string[] = []): Promise<void> {
  const policy = webAppPolicy(apiOrigins);
  if (!webAppBuilt(distDir)) {
    throw new Error(`The web app is not built: ${path.join(distDir, 'index.html')} is missing. Run \`npm run build\` first.`);
  }
  await app.register(async (files) => {
    // The same path answers brotli, gzip or plain by Accept-Encoding: a shared cache must keep them
    // apart. Added to the reply's Vary, where @fastify/cors puts Origin, as the two are written together.
    files.addHook('onSend', async (_request, reply) => {
      reply.header('vary', vary.append(String(reply.getHeader('vary') ?? ''), 'accept-encoding'));
    });
    await files.register(fastifyStatic, {
      root: distDir,
      // The build writes .br and .gz copies beside each text file: sent by Accept-Encoding, never made per request.
      preCompressed: true,
      wildcard: true,
      cacheControl: false,
      index: ['index.html'],
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // A policy acts on a document or a worker (index.html, sw.js), not on a script or stylesheet a page loads.
        if (!immutable) res.setHeader('content-security-policy', policy);
      },
    });
  });
}
