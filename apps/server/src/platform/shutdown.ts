import type { FastifyInstance } from 'fastify';

/**
 * While the app closes, replies to requests still in flight ask the client to close the
 * connection. Otherwise a keep-alive connection would stay open after its last reply and hold
 * the shutdown until the keep-alive timeout.
 */
export function registerConnectionDraining(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (closing) reply.header('connection', 'close');
    done();
  });
}
