import { randomInt, randomUUID } from 'node:crypto';
import http from 'node:http';

/**
 * The client side of the money benchmark, run in its own process (see moneyOverHttp): the users'
 * phones are elsewhere, so the load does not share the server's event loop. `connections` clients,
 * each with its own keep-alive connection and its own share of the users (a user's requests never
 * overlap, as one person's do not), send money requests one after another as fast as answers come.
 * Every request carries a fresh Idempotency-Key, the user's bearer token and payment password.
 */
export interface MoneyLoad {
  kind: 'transfer' | 'exchange';
  /** http://127.0.0.1:port of the running server. */
  baseUrl: string;
  connections: number;
  seconds: number;
  /** Load sent first and not counted: the server's code compiled and its caches warm. */
  warmupSeconds: number;
  paymentPassword: string;
  /** Transfers: amount in USDT. Exchanges: USDT paid in. */
  amount: string;
  /** Exchanges: the currencies USDT is exchanged for, client i taking the (i mod n)th. */
  exchangeTo?: string[];
  /**
   * Transfers: each user's emailed transfer codes, in the order the server takes them (the newest
   * live code first). A user whose codes are used up is skipped.
   */
  users: Array<{ token: string; uid: string; codes?: string[] }>;
}

export interface LatencyFigures {
  /** Answered with 2xx inside the counted window. */
  ok: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface MoneyLoadResult extends LatencyFigures {
  /** Answered with 2xx over warm-up and window: what the database should hold. */
  okTotal: number;
  /** Failed requests over warm-up and window, by "status CODE" (status 0: no HTTP answer). */
  failures: Record<string, number>;
  /** Of those, answers with a 5xx status. */
  serverErrors: number;
  /** Clients that stopped before the end because every one of their users had used up its codes. */
  clientsOutOfCodes: number;
  /** Users left out after a failed request (their next code may no longer be the live one). */
  usersRetired: number;
  /** Exchanges: the POST /exchange/quotes that came before each exchange, not counted in the figure. */
  quotes?: LatencyFigures & { failures: Record<string, number> };
}

type Answer = { status: number; body: string; doneAt: number; ms: number };

class Recorder {
  readonly latencies: number[] = [];
  readonly failures: Record<string, number> = {};
  okTotal = 0;
  serverErrors = 0;

  constructor(
    private readonly from: number,
    private readonly to: number,
  ) {}

  /** True when the answer was a 2xx. */
  note(answer: Answer): boolean {
    if (answer.status >= 200 && answer.status < 300) {
      this.okTotal += 1;
      if (answer.doneAt >= this.from && answer.doneAt <= this.to) this.latencies.push(answer.ms);
      return true;
    }
    if (answer.status >= 500) this.serverErrors += 1;
    const key = `${answer.status} ${errorCode(answer.body)}`;
    this.failures[key] = (this.failures[key] ?? 0) + 1;
    return false;
  }

  figures(seconds: number): LatencyFigures {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;
    return { ok: sorted.length, perSecond: sorted.length / seconds, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: sorted.at(-1) ?? 0 };
  }
}

function errorCode(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown } };
    return typeof parsed.error?.code === 'string' ? parsed.error.code : 'no error code';
  } catch {
    return body.length === 0 ? 'empty body' : 'not JSON';
  }
}

function request(agent: http.Agent, url: URL, path: string, headers: Record<string, string>, body: unknown): Promise<Answer> {
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        timeout: 60_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const doneAt = performance.now();
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), doneAt, ms: doneAt - started });
        });
        res.on('error', (error) => resolve({ status: 0, body: JSON.stringify({ error: { code: error.message } }), doneAt: 0, ms: 0 }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) => resolve({ status: 0, body: JSON.stringify({ error: { code: error.message } }), doneAt: 0, ms: 0 }));
    req.end(payload);
  });
}

async function run(load: MoneyLoad): Promise<MoneyLoadResult> {
  const url = new URL(load.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: load.connections });
  const start = performance.now();
  const from = start + load.warmupSeconds * 1000;
  const to = from + load.seconds * 1000;
  const main = new Recorder(from, to);
  const quotes = new Recorder(from, to);
  let clientsOutOfCodes = 0;
  let usersRetired = 0;
  const allUids = load.users.map((u) => u.uid);
  const exchangeTo = load.exchangeTo ?? ['USD'];

  const client = async (index: number) => {
    const mine = load.users.filter((_, i) => i % load.connections === index).map((u) => ({ ...u, next: 0, retired: false }));
    let turn = 0;
    while (performance.now() < to) {
      const live = mine.filter((u) => !u.retired && (load.kind === 'exchange' || u.next < (u.codes?.length ?? 0)));
      if (live.length === 0) {
        if (mine.some((u) => !u.retired)) clientsOutOfCodes += 1;
        return;
      }
      const user = live[turn++ % live.length] as (typeof mine)[number];
      const headers = { authorization: `Bearer ${user.token}`, 'idempotency-key': randomUUID() };
      let ok: boolean;
      if (load.kind === 'transfer') {
        let toUid = allUids[randomInt(allUids.length)] as string;
        while (toUid === user.uid) toUid = allUids[randomInt(allUids.length)] as string;
        const code = (user.codes as string[])[user.next++] as string;
        const body = { toUid, currency: 'USDT', amount: load.amount, code, paymentPassword: load.paymentPassword };
        ok = main.note(await request(agent, url, '/api/v1/wallet/transfers', headers, body));
      } else {
        // As the app does it: price the exchange, then execute that quote with the payment password.
        const quote = await request(
          agent,
          url,
          '/api/v1/wallet/exchange/quotes',
          { authorization: headers.authorization },
          { from: 'USDT', to: exchangeTo[index % exchangeTo.length], amount: load.amount },
        );
        if (!quotes.note(quote)) continue;
        const quoteId = (JSON.parse(quote.body) as { id: string }).id;
        ok = main.note(await request(agent, url, '/api/v1/wallet/exchange', headers, { quoteId, paymentPassword: load.paymentPassword }));
      }
      // After a failure the user's codes may be out of step with the server's (one used or not): leave them out.
      if (!ok && load.kind === 'transfer') {
        user.retired = true;
        usersRetired += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: load.connections }, (_, i) => client(i)));
  agent.destroy();
  return {
    ...main.figures(load.seconds),
    okTotal: main.okTotal,
    failures: main.failures,
    serverErrors: main.serverErrors + quotes.serverErrors,
    clientsOutOfCodes,
    usersRetired,
    ...(load.kind === 'exchange' ? { quotes: { ...quotes.figures(load.seconds), failures: quotes.failures } } : {}),
  };
}

process.once('message', (load: MoneyLoad) => {
  run(load).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
});
