import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The server also serves the built web app, so one process on one port is the
 * whole product. Routing is hash-based, so only / needs index.html. Hashed assets are immutable.
 */
export function webAppBuilt(distDir: string): boolean {
  return existsSync(path.join(distDir, 'index.html'));
}

export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  if (!webAppBuilt(distDir)) {
    throw new Error(`The web app is not built: ${path.join(distDir, 'index.html')} is missing. Run \`npm run build\` first.`);
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: true,
    cacheControl: false,
    index: ['index.html'],
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
