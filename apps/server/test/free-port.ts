import { randomInt } from 'node:crypto';
import net from 'node:net';

/**
 * Linux hands out 32768-60999 to outgoing connections: a port found free there with listen(0) can be
 * taken by any client socket before the server under test binds it (seen as EADDRINUSE in CI). Ports
 * below that range are only ever taken by a listen, so one found free there stays free.
 */
const RANGE = { from: 20_000, to: 32_000 } as const;

function tryPort(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    // 0.0.0.0, as the servers under test listen: a port taken on any address is not free.
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = randomInt(RANGE.from, RANGE.to);
    if (await tryPort(port)) return port;
  }
  throw new Error(`no free port between ${RANGE.from} and ${RANGE.to}`);
}
