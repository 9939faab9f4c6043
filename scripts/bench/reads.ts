import type { Db } from '../../apps/server/src/platform/db/database';
import { cardMembers } from './card-members';
import { type LoadProcess, loadProcess } from './child';
import { serverEnv } from './money';
import { type FirstPass, type ReadFigures, type ReadLoad, type ReadLoadResult, type ReadTarget, readFigures } from './reads-load';
import { SERVER_NODE_FLAGS, startServer } from './server';
import { startService } from './service';
import { sized } from './size';
import { cpuTimes } from './stats';

/** Members whose reads are spread over; each has a session, wallet records, a card and its transactions. */
export const READ_MEMBERS = sized(1000, 10);
const CARD_TRANSACTIONS = 5;

/** The reads a member's app makes on opening its wallet and card screens, as the load names them. */
export const READ_KINDS = ['balances', 'records', 'cards', 'cardTransactions'] as const;

/** The counted time is cut into this many rounds, the bare route's and the app's taken in turn. */
export const READ_ROUNDS = sized(5, 1);

/**
 * After the rounds, the app alone under the same load for longer than its cache entries live (30 s,
 * read-caches.ts), in windows of a second: every entry the rounds read is reloaded in it at least
 * once, as a server that stays up reloads them all the time. The rounds end before most entries are
 * reloaded, so they measure the cached path; this measures what the reloads take from it.
 */
export const LIFETIME_WINDOWS = sized(40, 2);

export interface ReadsFigures {
  members: number;
  seedSeconds: number;
  app: ReadFigures;
  /** The same load against a bare Fastify route with the app's plugins in its own process: what is left is the app's own work. */
  bare: ReadFigures;
  /** Each round's app rate over the bare route's just before it: the machine's pace changes between rounds, less within one. */
  roundRatios: number[];
  /** The app's first pass, every target read once on the fresh server: each read a miss of the caches. */
  coldPass: (FirstPass & { serverCpuSeconds: number }) | undefined;
  /** The app alone after the rounds for LIFETIME_WINDOWS windows of a second: every window's rate, and all of them together. */
  lifetime: { windowRates: number[]; figures: ReadFigures; serverCpuSeconds: number };
  /** What the server logged at error level, when an answer was not a 2xx. */
  serverErrors: string[];
  /** Each server's CPU time over its counted rounds as a share of one core: 1 is a full core. */
  serverCores: { app: number; bare: number };
  /**
   * Each server's CPU time over its counted rounds per answer, in µs: it does not move with what the
   * load generator gets of the machine, as both rates do.
   */
  serverCpuUs: { app: number; bare: number };
  /** The share of that CPU time spent in the kernel (system time): socket reads and writes, mostly. */
  serverKernelShare: { app: number; bare: number };
}

/**
 * Authenticated reads over real HTTP: READ_MEMBERS members, each with a bearer session, three wallet
 * records (adjustment journals in USDT, USD and JPY), an active card holding money and
 * CARD_TRANSACTIONS cleared purchases, all made through the app's tables. The load (reads-load.ts,
 * another process) draws each request at random among every member's four reads (balances, the
 * records' first page, the card list, the card's transactions), so sessions and balances are looked
 * up for a thousand members, not answered from one warm cache entry. The server is the real one
 * (startServer); the baseline is a bare Fastify route carrying the app's plugins (helmet, CORS,
 * compression, cookies, the request log), in its own process (bare-server.ts), under the
 * same generator, connections and warm-up, measured in the same run. Both are warmed up, then the
 * counted time is cut into READ_ROUNDS rounds taken in turn (app, bare route, app, ...): this
 * machine's pace changes from one minute to the next, and measuring one server after the other moved
 * the ratio of one build by 0.2 between runs.
 */
export async function readsOverHttp(
  db: Db,
  url: string,
  { connections, seconds, warmupSeconds }: { connections: number; seconds: number; warmupSeconds: number },
): Promise<ReadsFigures> {
  const seeding = performance.now();
  const members = await cardMembers(db, READ_MEMBERS, {
    prefix: 'reads',
    firstUid: 60_000_000,
    sessions: true,
    wallet: [
      { currency: 'USDT', amount: '1000' },
      { currency: 'USD', amount: '250' },
      { currency: 'JPY', amount: '20000' },
    ],
    cardBalance: '500',
    cardTransactions: CARD_TRANSACTIONS,
  });
  const seedSeconds = (performance.now() - seeding) / 1000;
  const paths: Record<(typeof READ_KINDS)[number], (m: (typeof members)[number]) => string> = {
    balances: () => '/api/v1/wallet/balances',
    records: () => '/api/v1/wallet/records?limit=20',
    cards: () => '/api/v1/cards',
    cardTransactions: (m) => `/api/v1/cards/${m.cardId}/transactions?limit=20`,
  };
  const targets: ReadTarget[] = members.flatMap((m) => READ_KINDS.map((kind) => ({ kind, path: paths[kind](m), token: m.token })));
  const bareTargets = members.map((m) => ({ kind: 'bare', path: '/api/v1/hello', token: m.token }));
  type Side = {
    pid: number;
    baseUrl: string;
    targets: ReadTarget[];
    load: LoadProcess<ReadLoad, ReadLoadResult>;
    rounds: ReadLoadResult[];
    user: number;
    system: number;
  };
  const run = (side: Side, load: Pick<ReadLoad, 'seconds' | 'warmupSeconds' | 'readEachFirst'>) =>
    side.load.run({ baseUrl: side.baseUrl, connections, targets: side.targets, ...load });

  // Both servers run at once, each idle while the other is loaded; the same bearer header on every
  // bare request, so the bytes on the wire are alike.
  const bareServer = await startService('./bare-server.ts', {}, [...SERVER_NODE_FLAGS]);
  const server = await startServer(serverEnv(url)).catch(async (error) => {
    await bareServer.stop();
    throw error;
  });
  const stops: Array<() => void> = [];
  try {
    // One load process per server, kept for every round: starting one takes about a second, and the
    // app's cache entries live 30 s from the warm-up's first pass.
    const sideOf = (pid: number, baseUrl: string, of: ReadTarget[]): Side => ({
      pid,
      baseUrl,
      targets: of,
      load: loadProcess('./reads-load.ts'),
      rounds: [],
      user: 0,
      system: 0,
    });
    const bare = sideOf(bareServer.pid, bareServer.url, bareTargets);
    const app = sideOf(server.pid, server.baseUrl, targets);
    stops.push(
      () => bare.load.stop(),
      () => app.load.stop(),
    );
    // The first pass alone, then the warm-up: the pass is measured on its own, with the app's CPU.
    await run(bare, { seconds: 0, warmupSeconds, readEachFirst: true });
    const beforeCold = cpuTimes(app.pid);
    const { firstPass } = await run(app, { seconds: 0, warmupSeconds: 0, readEachFirst: true });
    const coldPass = firstPass && { ...firstPass, serverCpuSeconds: cpuSecondsSince(app.pid, beforeCold) };
    await run(app, { seconds: 0, warmupSeconds, readEachFirst: false });
    const roundRatios: number[] = [];
    for (let round = 0; round < READ_ROUNDS; round++) {
      // The app first in each round, so its last round ends as early as it can: its cache entries live
      // 30 s from the warm-up's first pass, and the run must not meet them all expiring at once.
      for (const side of [app, bare]) {
        const before = cpuTimes(side.pid);
        side.rounds.push(await run(side, { seconds: seconds / READ_ROUNDS, warmupSeconds: 0, readEachFirst: false }));
        const after = cpuTimes(side.pid);
        side.user += after.user - before.user;
        side.system += after.system - before.system;
      }
      const rate = (side: Side) => readFigures([side.rounds.at(-1) as ReadLoadResult]).total.perSecond;
      roundRatios.push(rate(bare) > 0 ? rate(app) / rate(bare) : 0);
    }
    const lifetimeWindows: ReadLoadResult[] = [];
    const beforeLifetime = cpuTimes(app.pid);
    for (let window = 0; window < LIFETIME_WINDOWS; window++)
      lifetimeWindows.push(await run(app, { seconds: 1, warmupSeconds: 0, readEachFirst: false }));
    const lifetime = {
      windowRates: lifetimeWindows.map((w) => readFigures([w]).total.perSecond),
      figures: readFigures(lifetimeWindows),
      serverCpuSeconds: cpuSecondsSince(app.pid, beforeLifetime),
    };
    const figures = { app: readFigures(app.rounds), bare: readFigures(bare.rounds) };
    const cpu = (side: Side) => side.user + side.system;
    const perAnswer = (side: Side, counted: number) => (counted > 0 ? (cpu(side) * 1e6) / counted : 0);
    const kernelShare = (side: Side) => (cpu(side) > 0 ? side.system / cpu(side) : 0);
    return {
      members: members.length,
      seedSeconds,
      ...figures,
      roundRatios,
      coldPass,
      lifetime,
      serverErrors: figures.app.total.non2xx > 0 || lifetime.figures.total.non2xx > 0 ? await server.errors(10) : [],
      // Over the counted windows: a server is idle while the other one's round runs.
      serverCores: { app: cpu(app) / seconds, bare: cpu(bare) / seconds },
      serverCpuUs: { app: perAnswer(app, figures.app.total.count), bare: perAnswer(bare, figures.bare.total.count) },
      serverKernelShare: { app: kernelShare(app), bare: kernelShare(bare) },
    };
  } finally {
    for (const stop of stops) stop();
    await server.stop();
    await bareServer.stop();
  }
}

/** A process's CPU time, user and system, since `before` was read. */
function cpuSecondsSince(pid: number, before: { user: number; system: number }): number {
  const now = cpuTimes(pid);
  return now.user + now.system - before.user - before.system;
}
