import autocannon from 'autocannon';

/**
 * The client side of the authenticated reads benchmark (see readsOverHttp), in its own process so the
 * load never shares the server's event loop. autocannon keeps `connections` keep-alive connections
 * busy, one request at a time each; every request is a target drawn at random (a member's read of one
 * kind), so a thousand members' sessions, balances and lists are asked for, not one cached reply.
 * Latency is kept per kind of request and sent back whole, so the rounds of a run (readsOverHttp
 * alternates the app and the bare route) are summed up together. A first pass reading every target
 * once (`readEachFirst`), then a run of `warmupSeconds`, are not counted.
 */
export interface ReadTarget {
  kind: string;
  path: string;
  token: string;
}

export interface ReadLoad {
  /** http://127.0.0.1:port of the server. */
  baseUrl: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  readEachFirst: boolean;
  targets: ReadTarget[];
}

export interface KindFigures {
  /** Answers in the counted window, whatever their status. */
  count: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  /** Answers by status, e.g. { "200": 9000, "401": 2 }. */
  statuses: Record<string, number>;
}

/** The answers of one kind in one run: their latencies in ms, and counts by status. */
export interface KindAnswers {
  latencies: number[];
  statuses: Record<string, number>;
  non2xx: number;
}

export interface ReadLoadResult {
  /** The counted window's length. */
  seconds: number;
  /** Answers in the counted window, by kind of request. */
  kinds: Record<string, KindAnswers>;
  /** Connection errors and timeouts (no HTTP answer) in the counted window. */
  errors: number;
  /** The pass reading every target once, when asked for (`readEachFirst`): on a fresh server, every read a miss. */
  firstPass?: FirstPass;
}

export interface FirstPass {
  count: number;
  seconds: number;
  /** Answers that were not a 2xx, and requests with no answer. */
  failed: number;
}

export interface ReadFigures {
  total: KindFigures;
  kinds: Record<string, KindFigures>;
  errors: number;
}

function kindFigures(parts: KindAnswers[], seconds: number): KindFigures {
  const sorted = Float64Array.from(parts.flatMap((part) => part.latencies)).sort();
  const at = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;
  const statuses: Record<string, number> = {};
  for (const part of parts) for (const [status, n] of Object.entries(part.statuses)) statuses[status] = (statuses[status] ?? 0) + n;
  return {
    count: sorted.length,
    perSecond: seconds > 0 ? sorted.length / seconds : 0,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: sorted.at(-1) ?? 0,
    non2xx: parts.reduce((sum, part) => sum + part.non2xx, 0),
    statuses,
  };
}

/** The figures of one or more runs taken together: rates over their summed windows, percentiles over all their answers. */
export function readFigures(results: ReadLoadResult[]): ReadFigures {
  const seconds = results.reduce((sum, result) => sum + result.seconds, 0);
  const kinds = [...new Set(results.flatMap((result) => Object.keys(result.kinds)))];
  const of = (kind: string) => results.flatMap((result) => result.kinds[kind] ?? []);
  return {
    total: kindFigures(
      results.flatMap((result) => Object.values(result.kinds)),
      seconds,
    ),
    kinds: Object.fromEntries(kinds.map((kind) => [kind, kindFigures(of(kind), seconds)])),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
  };
}

class Tally implements KindAnswers {
  readonly latencies: number[] = [];
  readonly statuses: Record<string, number> = {};
  non2xx = 0;

  note(status: number, ms: number) {
    this.latencies.push(ms);
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
    if (status < 200 || status >= 300) this.non2xx += 1;
  }
}

type Context = { kind?: string };

/**
 * What Chromium sends with every request: the web app's replies over 1 KB go compressed, as they do
 * to members' browsers. The bare route gets it too; it sends nothing compressed.
 */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

function headersFor(target: ReadTarget) {
  return { authorization: `Bearer ${target.token}`, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
}

/** One autocannon run; `onAnswer` hears each answer's kind, status and latency. */
function cannon(load: ReadLoad, seconds: number, onAnswer: ((kind: string, status: number, ms: number) => void) | null) {
  const { targets } = load;
  // The kind of the answer being recorded: autocannon calls onResponse (which knows the request's
  // context) and then, synchronously, emits 'response' with the latency.
  let answering = '';
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: load.baseUrl,
        connections: load.connections,
        duration: seconds,
        requests: [
          {
            method: 'GET',
            setupRequest: (request, context) => {
              const target = targets[Math.floor(Math.random() * targets.length)] as ReadTarget;
              (context as Context).kind = target.kind;
              return { ...request, path: target.path, headers: headersFor(target) };
            },
            onResponse: (_status, _body, context) => {
              answering = (context as Context).kind ?? 'unknown';
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (onAnswer) instance.on('response', (_client, status, _bytes, ms) => onAnswer(answering, status, ms));
  });
}

/** Every target read once, as members who have opened their screens before: the caches then hold what production's would. */
function readEachOnce(load: ReadLoad): Promise<FirstPass> {
  let next = 0;
  const started = performance.now();
  return new Promise<FirstPass>((resolve, reject) => {
    autocannon(
      {
        url: load.baseUrl,
        connections: load.connections,
        amount: load.targets.length,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => {
              const target = load.targets[next++ % load.targets.length] as ReadTarget;
              return { ...request, path: target.path, headers: headersFor(target) };
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        const failed = result.non2xx + result.errors + result.timeouts;
        resolve({ count: load.targets.length, seconds: (performance.now() - started) / 1000, failed });
      },
    );
  });
}

async function run(load: ReadLoad): Promise<ReadLoadResult> {
  const firstPass = load.readEachFirst ? await readEachOnce(load) : undefined;
  if (load.warmupSeconds > 0) await cannon(load, load.warmupSeconds, null);
  const counted = load.seconds > 0 ? await countedRun(load) : { seconds: 0, kinds: {}, errors: 0 };
  return firstPass ? { ...counted, firstPass } : counted;
}

/** A run of `load.seconds` whose every answer is noted by kind. */
async function countedRun(load: ReadLoad): Promise<ReadLoadResult> {
  const kinds = new Map<string, Tally>();
  const result = await cannon(load, load.seconds, (kind, status, ms) => {
    let tally = kinds.get(kind);
    if (!tally) {
      tally = new Tally();
      kinds.set(kind, tally);
    }
    tally.note(status, ms);
  });
  return { seconds: load.seconds, kinds: Object.fromEntries(kinds), errors: result.errors + result.timeouts };
}

// One load per message, answered in turn, until the parent disconnects (readsOverHttp's rounds).
process.on('message', (load: ReadLoad) => {
  run(load).then(
    (result) => process.send?.(result),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
});
process.once('disconnect', () => process.exit(0));
