import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import vary from 'vary';
import { webAppBuilt } from './web-app';

/** Where the operator console is served: its build's base (apps/console/vite.config.ts). */
export const CONSOLE_PREFIX = '/console/';

/**
 * The console's Content-Security-Policy: this site only and nothing else, no inline script, no
 * framing. antd 5 writes its styles as inline <style> elements at run time (CSS-in-JS), hence
 * style-src 'unsafe-inline'; the TOTP QR code is drawn as a data: image.
 */
export const CONSOLE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The operator console's build at /console/ (routing lives in the hash, so only /console/ needs
 * index.html). Hashed assets are immutable; the build's .br and .gz copies are sent by Accept-Encoding.
 */
export async function registerConsoleApp(app: FastifyInstance, distDir: string): Promise<void> {
  if (!webAppBuilt(distDir)) {
    throw new Error(`The console is not built: ${path.join(distDir, 'index.html')} is missing. Run \`npm run build\` first.`);
  }
  app.get('/console', { schema: { hide: true } }, (_request, reply) => reply.redirect(CONSOLE_PREFIX, 301));
  await app.register(async (files) => {
    files.addHook('onSend', async (_request, reply) => {
      reply.header('vary', vary.append(String(reply.getHeader('vary') ?? ''), 'accept-encoding'));
    });
    await files.register(fastifyStatic, {
      root: distDir,
      prefix: CONSOLE_PREFIX,
      preCompressed: true,
      wildcard: true,
      cacheControl: false,
      index: ['index.html'],
      // The web app registered @fastify/static first: its reply.sendFile stays the web app's.
      decorateReply: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (!immutable) res.setHeader('content-security-policy', CONSOLE_POLICY);
      },
    });
  });
}
