import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Fault injection for payout submissions (test helper): the failures a real partner's API shows, on
 * demand, so tests can prove the app finds out what became of a payout before it pays or refunds.
 * Faults live in memory only; a restart clears them like any other test setup.
 */

export type FaultMode = 'refuse' | 'timeout-before' | 'timeout-after' | 'down';

/** The body of `POST /sandbox/faults`. */
export interface FaultRequest {
  mode: FaultMode;
  /** How many submissions fail this way (default 1); `down` lasts `ms` whatever the count. */
  count?: number;
  ms?: number;
}

export interface ArmedFault {
  id: number;
  mode: Exclude<FaultMode, 'down'>;
  ms: number;
  /** Submissions still to fail this way. */
  remaining: number;
}

const MODES: readonly FaultMode[] = ['refuse', 'timeout-before', 'timeout-after', 'down'];
/** The timeouts hold longer than a caller usually waits, so its own timeout fires first. */
const DEFAULT_MS: Record<FaultMode, number> = { refuse: 0, 'timeout-before': 15_000, 'timeout-after': 15_000, down: 10_000 };
const MAX_MS = 3_600_000;
const MAX_COUNT = 1000;
const FIELDS = new Set(['mode', 'ms', 'count']);

const wholeIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** The fault asked for with its defaults, or what is wrong with the request. */
export function parseFault(body: unknown): { ok: true; fault: Required<FaultRequest> } | { ok: false; message: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, message: 'body must be a JSON object' };
  const given = body as Record<string, unknown>;
  const unknown = Object.keys(given).filter((key) => !FIELDS.has(key));
  if (unknown.length > 0) return { ok: false, message: `unknown field ${unknown.join(', ')}` };
  const mode = given.mode as FaultMode;
  if (!MODES.includes(mode)) return { ok: false, message: `mode must be one of ${MODES.join(', ')}` };
  const ms = given.ms === undefined ? DEFAULT_MS[mode] : given.ms;
  if (!wholeIn(ms, 0, MAX_MS)) return { ok: false, message: `ms must be a whole number from 0 to ${MAX_MS}` };
  const count = given.count === undefined ? 1 : given.count;
  if (!wholeIn(count, 1, MAX_COUNT)) return { ok: false, message: `count must be a whole number from 1 to ${MAX_COUNT}` };
  return { ok: true, fault: { mode, ms, count } };
}

export class FaultBoard {
  #armed: ArmedFault[] = [];
  #nextId = 1;
  #downUntil = 0;
  #held = new Set<{ timer: NodeJS.Timeout; resolve: (cut: boolean) => void }>();
  #closing = false;

  arm(request: Required<FaultRequest>): ArmedFault | { mode: 'down'; until: string } {
    if (request.mode === 'down') {
      this.#downUntil = Date.now() + request.ms;
      return { mode: 'down', until: new Date(this.#downUntil).toISOString() };
    }
    const fault: ArmedFault = { id: this.#nextId++, mode: request.mode, ms: request.ms, remaining: request.count };
    this.#armed.push(fault);
    return { ...fault };
  }

  /** The oldest armed fault, used up by one. */
  take(): ArmedFault | null {
    const fault = this.#armed[0];
    if (!fault) return null;
    fault.remaining -= 1;
    if (fault.remaining === 0) this.#armed.shift();
    return { ...fault };
  }

  isDown(): boolean {
    return Date.now() < this.#downUntil;
  }

  list() {
    return {
      faults: this.#armed.map((fault) => ({ ...fault })),
      down: this.isDown() ? { until: new Date(this.#downUntil).toISOString() } : null,
    };
  }

  clear() {
    this.#armed = [];
    this.#downUntil = 0;
    return this.list();
  }

  /**
   * Holds a reply for `ms`; resolves true when cut short because the sandbox is closing. Held replies
   * would otherwise keep `app.close()` waiting on their open connections for the whole hold.
   */
  hold(ms: number): Promise<boolean> {
    if (this.#closing) return Promise.resolve(true);
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          this.#held.delete(entry);
          resolve(false);
        }, ms),
        resolve,
      };
      entry.timer.unref();
      this.#held.add(entry);
    });
  }

  /** Lets every held reply go now; later holds end at once. */
  release() {
    this.#closing = true;
    for (const entry of this.#held) {
      clearTimeout(entry.timer);
      entry.resolve(true);
    }
    this.#held.clear();
  }
}

export function faultRoutes(app: FastifyInstance, board: FaultBoard) {
  app.get('/sandbox/faults', async () => board.list());
  app.post('/sandbox/faults', async (request, reply) => {
    const parsed = parseFault(request.body ?? {});
    if (!parsed.ok) return reply.code(400).send({ error: { code: 'invalid_request', message: parsed.message } });
    return board.arm(parsed.fault);
  });
  app.delete('/sandbox/faults', async () => board.clear());

  // A client that gave up on a held reply may leave fetch holding a fresh connection that never
  // carries a request; Node's server.close() does not count it idle and waits about a minute for it.
  const connections = new Set<Socket>();
  const busy = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    busy.add(request.socket);
    response.once('close', () => busy.delete(request.socket));
  });
  // Before the server stops taking connections, which waits for every open request to be answered.
  app.addHook('preClose', async () => {
    board.release();
    for (const socket of connections) if (!busy.has(socket)) socket.destroy();
  });
}
