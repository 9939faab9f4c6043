import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LiveTick } from './live-load';

/**
 * The baseline of the live fan-out benchmark, in its own process: a bare Node `http` server holding
 * event streams as the app's route does (200, text/event-stream, `retry` and a `ready` event, Node's
 * default listen backlog) and, once a second for as many ticks as it is told, writing one
 * notification-shaped event to every stream, each with its own id and JSON, stamped with the time of
 * the tick. No database, no Fastify, no hub: what is left is Node's own cost of the sockets and writes.
 * Messages: it sends `{ kind: 'listening', port }` once up; `{ kind: 'emit', ticks }` is answered with
 * the ticks' times once they are written.
 */
export type BareCommand = { kind: 'emit'; ticks: number };
export type BareMessage = { kind: 'listening'; port: number } | { kind: 'emitted'; ticks: LiveTick[] };

const TICK_MS = 1000;
const streams = new Set<http.ServerResponse>();
let lastId = 0;

const server = http.createServer((req, res) => {
  if (req.method !== 'GET' || req.url !== '/api/v1/me/events' || !req.headers.authorization?.startsWith('Bearer ')) {
    res.writeHead(404).end();
    return;
  }
  streams.add(res);
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write('retry: 3000\nevent: ready\ndata: {}\n\n');
  req.on('close', () => streams.delete(res));
});

function tick(tick: number): LiveTick {
  const sentAt = Date.now();
  const createdAt = new Date(sentAt).toISOString();
  for (const res of streams) {
    lastId += 1;
    const id = String(lastId);
    const notification = {
      id,
      code: 'deposit_credited',
      params: { amount: '100', currency: 'USDT', network: 'TRON', sentAt: String(sentAt), tick: String(tick) },
      ref: { kind: 'deposit', id: `bench-live-${tick}` },
      createdAt,
      read: false,
    };
    res.write(`id: ${id}\nevent: notification\ndata: ${JSON.stringify(notification)}\n\n`);
  }
  return { sentAt, commitAt: sentAt };
}

async function emit(count: number): Promise<LiveTick[]> {
  const ticks: LiveTick[] = [];
  const start = Date.now() + 100;
  for (let k = 0; k < count; k += 1) {
    const wait = start + k * TICK_MS - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    ticks.push(tick(k));
  }
  return ticks;
}

const send = (message: BareMessage) => process.send?.(message);

process.on('message', (command: BareCommand) => {
  if (command.kind === 'emit') void emit(command.ticks).then((ticks) => send({ kind: 'emitted', ticks }));
});
server.listen(0, '127.0.0.1', () => send({ kind: 'listening', port: (server.address() as AddressInfo).port }));
