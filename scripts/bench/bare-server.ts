import Fastify from 'fastify';
import { serviceReady } from './service';

/**
 * The baseline of the reads benchmark, in its own process as the real server is: a bare Fastify app
 * answering GET /hello with a constant, no logger, no hooks, no database. What is left is what HTTP,
 * Fastify and this machine cost per request.
 */
const app = Fastify();
app.get('/hello', async () => ({ hello: 'world' }));

process.once('message', () => {
  app.listen({ port: 0, host: '127.0.0.1' }).then(
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
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
