import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Fault injection (test helper): the failures a real API shows, on demand, so tests can prove the
 * app moves money only once it knows what happened. The card issuer fails loads and unloads; the
 * sandbox payout partner its submissions (its own rules, the same board). Faults live in memory
 * only; a restart clears them like any other test setup.
 */

export type FaultOperation = 'load' | 'unload';
export type FaultMode = 'refuse' | 'timeout-before' | 'timeout-after' | 'delay' | 'down';

/** What one sandbox accepts: the calls a fault names (none: every faultable call), its modes, their default ms. */
export interface FaultRules<Op extends string> {
  operations: readonly Op[];
  modes: readonly FaultMode[];
  defaultMs: Partial<Record<FaultMode, number>>;
}

/** The issuer's: loads or unloads fail; the timeouts hold longer than the app waits (10 s by default). */
export const ISSUER_FAULTS: FaultRules<FaultOperation> = {
  operations: ['load', 'unload'],
  modes: ['refuse', 'timeout-before', 'timeout-after', 'delay', 'down'],
  defaultMs: { refuse: 0, 'timeout-before': 15_000, 'timeout-after': 15_000, delay: 3000, down: 60_000 },
};

/** The body of `POST /sandbox/faults`. */
export interface FaultRequest<Op extends string = FaultOperation> {
  /** Which calls; not needed for `down`, which takes the whole money API offline. */
  operation?: Op;
  mode: FaultMode;
  ms?: number;
  count?: number;
}

/** A valid request, defaults filled in. */
export interface Fault<Op extends string = FaultOperation> {
  operation: Op | null;
  mode: FaultMode;
  ms: number;
  count: number;
}

export interface ArmedFault<Op extends string = FaultOperation> {
  id: number;
  /** Absent where the rules name no operations. */
  operation?: Op;
  mode: Exclude<FaultMode, 'down'>;
  ms: number;
  /** Matching calls still to fail this way. */
  remaining: number;
}

const MAX_MS = 3_600_000;
const MAX_COUNT = 1000;

const wholeIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** The fault asked for, or what is wrong with the request. */
export function parseFault<Op extends string>(
  body: unknown,
  rules: FaultRules<Op>,
): { ok: true; fault: Fault<Op> } | { ok: false; message: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, message: 'body must be a JSON object' };
  const given = body as Record<string, unknown>;
  const named = rules.operations.length > 0;
  const fields = new Set([...(named ? ['operation'] : []), 'mode', 'ms', 'count']);
  const unknown = Object.keys(given).filter((key) => !fields.has(key));
  if (unknown.length > 0) return { ok: false, message: `unknown field ${unknown.join(', ')}` };
  const mode = given.mode as FaultMode;
  if (!rules.modes.includes(mode)) return { ok: false, message: `mode must be one of ${rules.modes.join(', ')}` };
  const operation = given.operation as Op | undefined;
  const operations = rules.operations.join(' or ');
  if (operation !== undefined && !rules.operations.includes(operation)) return { ok: false, message: `operation must be ${operations}` };
  if (named && operation === undefined && mode !== 'down') return { ok: false, message: `operation (${operations}) is required` };
  const ms = given.ms === undefined ? (rules.defaultMs[mode] ?? 0) : given.ms;
  if (!wholeIn(ms, 0, MAX_MS)) return { ok: false, message: `ms must be a whole number from 0 to ${MAX_MS}` };
  const count = given.count === undefined ? 1 : given.count;
  if (!wholeIn(count, 1, MAX_COUNT)) return { ok: false, message: `count must be a whole number from 1 to ${MAX_COUNT}` };
  return { ok: true, fault: { operation: operation ?? null, mode, ms, count } };
}

export class FaultBoard<Op extends string = FaultOperation> {
  #armed: ArmedFault<Op>[] = [];
  #nextId = 1;
  #downUntil = 0;
  #held = new Set<{ timer: NodeJS.Timeout; resolve: (cut: boolean) => void }>();
  #closing = false;

  constructor(readonly rules: FaultRules<Op>) {}

  arm(request: Fault<Op>): ArmedFault<Op> | { mode: 'down'; until: string } {
    if (request.mode === 'down') {
      this.#downUntil = Date.now() + request.ms;
      return { mode: 'down', until: new Date(this.#downUntil).toISOString() };
    }
    const fault: ArmedFault<Op> = {
      id: this.#nextId++,
      ...(request.operation === null ? {} : { operation: request.operation }),
      mode: request.mode,
      ms: request.ms,
      remaining: request.count,
    };
    this.#armed.push(fault);
    return { ...fault };
  }

  /** The oldest armed fault for this kind of call (none where the rules name no operations), used up by one. */
  take(operation?: Op): ArmedFault<Op> | null {
    const fault = this.#armed.find((candidate) => candidate.operation === operation);
    if (!fault) return null;
    fault.remaining -= 1;
    if (fault.remaining === 0) this.#armed.splice(this.#armed.indexOf(fault), 1);
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

  /** Lets every held reply go now, cut short; later holds end at once (the sandbox is closing). */
  release() {
    this.#closing = true;
    this.#endHolds(true);
  }

  /**
   * Ends every hold now as if its time were up, each reply going on as it would have: a test that has
   * seen what it held a reply for need not wait out the rest. Answers how many were held.
   */
  finishHolds(): { finished: number } {
    const finished = this.#held.size;
    this.#endHolds(false);
    return { finished };
  }

  #endHolds(cut: boolean) {
    for (const entry of this.#held) {
      clearTimeout(entry.timer);
      entry.resolve(cut);
    }
    this.#held.clear();
  }
}

export function faultRoutes<Op extends string>(app: FastifyInstance, board: FaultBoard<Op>) {
  app.get('/sandbox/faults', async () => board.list());
  app.post('/sandbox/faults', async (request, reply) => {
    const parsed = parseFault(request.body ?? {}, board.rules);
    if (!parsed.ok) return reply.code(400).send({ error: { code: 'invalid_request', message: parsed.message } });
    return board.arm(parsed.fault);
  });
  app.delete('/sandbox/faults', async () => board.clear());
  app.post('/sandbox/faults/finish-holds', async () => board.finishHolds());

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
