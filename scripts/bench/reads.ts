import { readFileSync } from 'node:fs';
import type { Db } from '../../apps/server/src/platform/db/database';
import { cardMembers } from './card-members';
import { loadInChild } from './child';
import { serverEnv } from './money';
import type { ReadLoad, ReadLoadResult, ReadTarget } from './reads-load';
import { SERVER_NODE_FLAGS, startServer } from './server';
import { startService } from './service';

/** Members whose reads are spread over; each has a session, wallet records, a card and its transactions. */
export const READ_MEMBERS = 1000;
const CARD_TRANSACTIONS = 5;

/** The reads a member's app makes on opening its wallet and card screens, as the load names them. */
export const READ_KINDS = ['balances', 'records', 'cards', 'cardTransactions'] as const;

export interface ReadsFigures {
  members: number;
  seedSeconds: number;
  app: ReadLoadResult;
  /** The same load against a bare Fastify route in its own process: the ceiling of this machine and generator. */
  bare: ReadLoadResult;
  /** What the server logged at error level, when an answer was not a 2xx. */
  serverErrors: string[];
  /** Each server's CPU time over its load (warm-up included) as a share of one core: 1 is a full core. */
  serverCores: { app: number; bare: number };
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
 * (startServer); the baseline is a bare Fastify route in its own process (bare-server.ts) under the
 * same generator, connections and warm-up, measured in the same run.
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
  const serverCores = { app: 0, bare: 0 };
  const serverKernelShare = { app: 0, bare: 0 };
  const load = async (pid: number, side: 'app' | 'bare', baseUrl: string, of: ReadTarget[]) => {
    const cpu = cpuTimes(pid);
    const started = performance.now();
    const result = await loadInChild<ReadLoad, ReadLoadResult>('./reads-load.ts', {
      baseUrl,
      connections,
      seconds,
      warmupSeconds,
      targets: of,
    });
    const after = cpuTimes(pid);
    const user = after.user - cpu.user;
    const system = after.system - cpu.system;
    serverCores[side] = (user + system) / ((performance.now() - started) / 1000);
    serverKernelShare[side] = user + system > 0 ? system / (user + system) : 0;
    return result;
  };

  // The same bearer header on every bare request, so the bytes on the wire are alike.
  const bareServer = await startService('./bare-server.ts', {}, [...SERVER_NODE_FLAGS]);
  let bare: ReadLoadResult;
  try {
    bare = await load(
      bareServer.pid,
      'bare',
      bareServer.url,
      members.map((m) => ({ kind: 'bare', path: '/hello', token: m.token })),
    );
  } finally {
    await bareServer.stop();
  }

  const server = await startServer(serverEnv(url));
  try {
    const app = await load(server.pid, 'app', server.baseUrl, targets);
    const serverErrors = app.total.non2xx > 0 ? await server.errors(10) : [];
    return { members: members.length, seedSeconds, app, bare, serverErrors, serverCores, serverKernelShare };
  } finally {
    await server.stop();
  }
}

/** A process's CPU time so far, from /proc/<pid>/stat, in seconds (100 clock ticks a second, as Linux reports). */
function cpuTimes(pid: number): { user: number; system: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the command name: state is field 3, utime 14 and stime 15 (1-based), so 11 and 12 here.
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}
