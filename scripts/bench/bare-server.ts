import { mkdtempSync, openSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { registerCompression } from '../../apps/server/src/platform/compression';
import { registerCors } from '../../apps/server/src/platform/cors';
import { createLogger, logDestination, requestIdOptions } from '../../apps/server/src/platform/logger';
import { logController } from '../../apps/server/src/platform/request-logger';
import { registerSecurityHeaders } from '../../apps/server/src/platform/security-headers';
import { serviceReady } from './service';

/**
 * The baseline of the reads benchmark, in its own process as the real server is: a Fastify app
 * answering GET /api/v1/hello with a constant, carrying what every request of the app passes through
 * and registered as app.ts registers it (security headers with @fastify/helmet, @fastify/cors,
 * @fastify/compress, @fastify/cookie, the request id and one log line a request, written to a file at
 * the app's level), and no database. The ratio to it is the app's own work: sessions, reads, replies.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-bare-'));
// At the level the benchmark runs the app's server at (bench/money.ts).
const logger: FastifyBaseLogger = createLogger(
  process.env.BENCH_SERVER_LOG_LEVEL ?? 'info',
  logDestination(openSync(path.join(dir, 'server.log'), 'w')),
);
const app = Fastify({ loggerInstance: logger, ...requestIdOptions, logController });
app.addHook('onRequest', (request, reply, done) => {
  reply.header('x-request-id', request.id);
  done();
});

process.once('message', () => {
  setUp().then(
    () => {
      const address = app.server.address();
      serviceReady(typeof address === 'object' && address ? address.port : 0);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
});
process.once(
  'SIGTERM',
  () =>
    void app.close().then(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    }),
);

async function setUp() {
  await registerSecurityHeaders(app, false);
  await app.register(fastifyCookie);
  await registerCompression(app);
  await registerCors(app, ['*']);
  app.get('/api/v1/hello', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
}
