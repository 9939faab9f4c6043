import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { hashSecret } from '../../apps/server/src/modules/auth/passwords';
import { paymentPinsFrom } from '../../apps/server/src/modules/auth/payment-pins';
import { WEBHOOK_PATH } from '../../apps/server/src/modules/cards/issuer/client';
import { ledgerViolations, USER_WALLET } from '../../apps/server/src/modules/ledger';
import { loadConfig } from '../../apps/server/src/platform/config';
import type { Db } from '../../apps/server/src/platform/db/database';
import type { ActionKind, AppLoad, AppLoadResult } from './app-load';
import { type CardMember, cardMembers } from './card-members';
import { loadInChild } from './child';
import type { IssuerInput } from './issuer';
import { serverEnv, transferCodes } from './money';
import type { ProxyInput, ProxyStats } from './proxy';
import { type RunCost, runCost } from './request-cost';
import { type RunningServer, startServer } from './server';
import { startService } from './service';
import { sized } from './size';

/** Members per run: each run (one server process, then two) has its own, so neither inherits the other's state. */
export const APP_MEMBERS = sized(500, 8);
const PASSWORD = 'bench-login-1';
const PAYMENT_PASSWORD = '135790';
const ISSUER_API_KEY = 'bench-issuer-api-key';
const ISSUER_SECRET = 'bench-issuer-webhook-secret-0123';
/** Transfer codes stored per member and run: more than a member can use in a run at this machine's pace. */
const CODES_PER_MEMBER = 16;
const CARD_BALANCE = '200';
/** How long the end of a run may wait for recharges still being driven (by the request or the job queue). */
const DRAIN_MS = 20_000;

/** What a member does each turn, by weight: reading most, then paying by card, then moving money. */
export const APP_MIX: Record<ActionKind, number> = {
  balances: 16,
  records: 8,
  cards: 8,
  cardTransactions: 8,
  purchase: 25,
  exchange: 10,
  transfer: 10,
  recharge: 5,
  login: 2,
};

export interface StoredChecks {
  /** Per kind: answered 2xx (over the run), found in the database, 2xx ids not found, rows found that no 2xx answered, ids answered twice. */
  transfers: Reconciled;
  exchanges: Reconciled;
  recharges: Reconciled & { states: Record<string, number> };
  /** Card authorizations recorded in the run: approved, and declined by reason. */
  authorizations: { approved: number; declined: Record<string, number> };
  /** Cards and USD wallets whose ledger balance is not what the member's own record says (where it is known). */
  cardBalanceMismatches: number;
  walletMismatches: number;
  mismatchExamples: string[];
  /** Recharges still held or sending after the drain. */
  unfinishedOperations: number;
  ledgerViolations: string[];
}

export interface Reconciled {
  answered: number;
  stored: number;
  missing: number;
  unanswered: number;
  duplicates: number;
}

export interface AppRun {
  processes: number;
  load: AppLoadResult;
  /** What the whole load (sign-in, warm-up and window) cost the servers and the database. */
  cost: RunCost;
  /** Each server's RSS just before the load and its peak during it (KB). */
  rssKb: { idle: number[]; peak: number[] };
  /** Each server's memory by kind at the /metrics sample (one a second) with the highest RSS. */
  heapAtPeak: Array<HeapSample | null>;
  /** The database's sessions waiting on a lock (pg_stat_activity, sampled each second under the load): mean and most at once. */
  lockWaits: { mean: number; max: number; statements: Array<{ statement: string; samples: number }> };
  proxy: ProxyStats;
  stored: StoredChecks;
  /** Messages the servers logged at warning level or above, by message, most frequent first. */
  serverLog: Array<{ level: string; message: string; count: number }>;
  startSeconds: number;
}

export interface AppFigures {
  members: number;
  seedSeconds: number;
  one: AppRun;
  two: AppRun;
}

/**
 * The whole app under a members' load, from processes of its own: the servers (startServer, as
 * `npm start` runs them), a round-robin proxy in front of them (proxy.ts), the sandbox card issuer
 * (issuer.ts) sending signed authorization webhooks through the proxy, and the members (app-load.ts).
 * Run once against ONE server process and once against TWO sharing the database, each behind the
 * same proxy, each with APP_MEMBERS fresh members (password, payment password, a million USDT, a
 * card holding CARD_BALANCE USD, transfer codes stored beforehand). After each run: what the database
 * holds against what was answered, each card and USD wallet against the members' own records, and
 * the ledger's invariants.
 */
export async function appLoadTest(
  db: Db,
  url: string,
  { connections, seconds, warmupSeconds }: { connections: number; seconds: number; warmupSeconds: number },
): Promise<AppFigures> {
  const seeding = performance.now();
  const passwordHash = await hashSecret(PASSWORD);
  const pins = paymentPinsFrom(loadConfig(serverEnv(url)));
  const members = await cardMembers(db, 2 * APP_MEMBERS, {
    prefix: 'app',
    firstUid: 80_000_000,
    passwordHash,
    paymentHash: (userId) => pins.hash(userId, PAYMENT_PASSWORD),
    sessions: false,
    wallet: [{ currency: 'USDT', amount: '1000000' }],
    cardBalance: CARD_BALANCE,
    cardTransactions: 0,
  });
  const seedSeconds = (performance.now() - seeding) / 1000;

  const issuer = await startService(
    './issuer.ts',
    {
      apiKey: ISSUER_API_KEY,
      webhookSecret: ISSUER_SECRET,
      // Set to the proxy before each run.
      webhookUrl: 'http://127.0.0.1:9/',
      cards: members.map((m) => ({ issuerCardId: m.issuerCardId, reference: m.cardId, balance: CARD_BALANCE })),
    } satisfies IssuerInput,
    ['--max-semi-space-size=64'],
  );
  try {
    // One environment for both processes: the same APP_SECRET (the codes are hashed under it), pool and issuer.
    const env = {
      ...serverEnv(url),
      ISSUER_URL: issuer.url,
      ISSUER_API_KEY,
      ISSUER_WEBHOOK_SECRET: ISSUER_SECRET,
      PAYOUT_PARTNER: 'none',
    };
    const run = (processes: number, group: CardMember[]) =>
      oneRun(db, env, issuer, group, processes, { connections, seconds, warmupSeconds });
    const one = await run(1, members.slice(0, APP_MEMBERS));
    const two = await run(2, members.slice(APP_MEMBERS));
    return { members: APP_MEMBERS, seedSeconds, one, two };
  } finally {
    await issuer.stop();
  }
}

async function oneRun(
  db: Db,
  env: Record<string, string>,
  issuer: Awaited<ReturnType<typeof startService>>,
  group: CardMember[],
  processes: number,
  { connections, seconds, warmupSeconds }: { connections: number; seconds: number; warmupSeconds: number },
): Promise<AppRun> {
  const codes = await transferCodes(db, env.APP_SECRET as string, group, CODES_PER_MEMBER);
  const startedAt = new Date();
  const starting = performance.now();
  // Started together, as a deployment starts its processes: migrations and job schedules race here too.
  const servers = await Promise.all(Array.from({ length: processes }, () => startServer(env)));
  const startSeconds = (performance.now() - starting) / 1000;
  let proxy: Awaited<ReturnType<typeof startService>> | undefined;
  try {
    proxy = await startService('./proxy.ts', { upstreams: servers.map((s) => s.baseUrl) } satisfies ProxyInput);
    await issuer.ask({ webhookUrl: `${proxy.url}${WEBHOOK_PATH}` });
    const idle = servers.map((s) => rssKb(s.pid));
    const peak = [...idle];
    const sampler = setInterval(() => {
      servers.forEach((s, i) => {
        peak[i] = Math.max(peak[i] ?? 0, rssKb(s.pid));
      });
    }, 200);
    // What the memory is, read from the server's own /metrics each second; kept from the sample where RSS was highest.
    const heapAtPeak: Array<HeapSample | null> = servers.map(() => null);
    const heapSampler = setInterval(() => {
      servers.forEach((s, i) => {
        void heapSample(s.baseUrl).then(
          (sample) => {
            if (sample && sample.rssMb >= (heapAtPeak[i]?.rssMb ?? 0)) heapAtPeak[i] = sample;
          },
          () => {},
        );
      });
    }, 1000);
    const waits: number[] = [];
    const waiting = new Map<string, number>();
    const lockSampler = setInterval(() => {
      void sql<{ statement: string; n: number }>`select left(regexp_replace(query, '\\s+', ' ', 'g'), 120) as statement, count(*)::int as n
        from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' group by 1`
        .execute(db)
        .then(
          (r) => {
            waits.push(r.rows.reduce((n, row) => n + row.n, 0));
            for (const row of r.rows) waiting.set(row.statement, (waiting.get(row.statement) ?? 0) + row.n);
          },
          () => {},
        );
    }, 1000);
    const proxyUrl = proxy.url;
    let load: AppLoadResult;
    let cost: RunCost;
    try {
      ({ result: load, cost } = await runCost(
        db,
        servers.map((s) => s.pid),
        () =>
          loadInChild<AppLoad, AppLoadResult>('./app-load.ts', {
            baseUrl: proxyUrl,
            issuerUrl: issuer.url,
            connections,
            seconds,
            warmupSeconds,
            password: PASSWORD,
            paymentPassword: PAYMENT_PASSWORD,
            weights: APP_MIX,
            members: group.map((m, i) => ({
              email: m.email,
              uid: m.uid,
              cardId: m.cardId,
              issuerCardId: m.issuerCardId,
              codes: codes[i] as string[],
              cardCents: Number(CARD_BALANCE) * 100,
              usdCents: 0,
            })),
          }),
      ));
    } finally {
      clearInterval(sampler);
      clearInterval(heapSampler);
      clearInterval(lockSampler);
    }
    const lockWaits = {
      mean: waits.reduce((a, b) => a + b, 0) / Math.max(1, waits.length),
      max: Math.max(0, ...waits),
      statements: [...waiting]
        .map(([statement, samples]) => ({ statement, samples }))
        .sort((a, b) => b.samples - a.samples)
        .slice(0, 3),
    };
    const proxyStats = await proxy.ask<ProxyStats>({ stats: true });
    await drain(db, group);
    const stored = await storedChecks(db, group, load, startedAt);
    const serverLog = await logSummary(servers);
    return { processes, load, cost, rssKb: { idle, peak }, heapAtPeak, lockWaits, proxy: proxyStats, stored, serverLog, startSeconds };
  } finally {
    await proxy?.stop();
    await Promise.all(servers.map((s) => s.stop()));
  }
}

export interface HeapSample {
  rssMb: number;
  /** V8's heap: all of it, the young generation (new space), the old generation and what is live in it. */
  heapTotalMb: number;
  newSpaceMb: number;
  oldSpaceMb: number;
  heapUsedMb: number;
  /** Memory V8 tracks outside its heap (buffers, sockets' data). */
  externalMb: number;
}

async function heapSample(baseUrl: string): Promise<HeapSample | null> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const value = (name: string) => {
    const match = new RegExp(`^${name.replace(/[{}"=]/g, (c) => `\\${c}`)} (\\S+)$`, 'm').exec(text);
    return match ? Number(match[1]) / 1024 / 1024 : Number.NaN;
  };
  const sample = {
    rssMb: value('process_resident_memory_bytes'),
    heapTotalMb: value('nodejs_heap_size_total_bytes'),
    newSpaceMb: value('nodejs_heap_space_size_total_bytes{space="new"}'),
    oldSpaceMb: value('nodejs_heap_space_size_total_bytes{space="old"}'),
    heapUsedMb: value('nodejs_heap_size_used_bytes'),
    externalMb: value('nodejs_external_memory_bytes'),
  };
  return Number.isNaN(sample.rssMb) ? null : sample;
}

function rssKb(pid: number): number {
  try {
    const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return line ? Number(line[1]) : 0;
  } catch {
    return 0;
  }
}

/** Waits (up to DRAIN_MS) for the run's recharges still being driven to finish. */
async function drain(db: Db, group: CardMember[]) {
  const until = Date.now() + DRAIN_MS;
  const userIds = group.map((m) => m.userId);
  while (Date.now() < until) {
    const { n } = await db
      .selectFrom('card_operations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', 'in', userIds)
      .where('state', 'in', ['held', 'sending'])
      .executeTakeFirstOrThrow();
    if (Number(n) === 0) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

function reconcile(answered: string[], stored: string[]): Reconciled {
  const inDb = new Set(stored);
  const said = new Set(answered);
  return {
    answered: answered.length,
    stored: stored.length,
    missing: [...said].filter((id) => !inDb.has(id)).length,
    unanswered: [...inDb].filter((id) => !said.has(id)).length,
    duplicates: answered.length - said.size + (stored.length - inDb.size),
  };
}

/** The run as the database holds it, set against what the members were answered and what they know they hold. */
async function storedChecks(db: Db, group: CardMember[], load: AppLoadResult, startedAt: Date): Promise<StoredChecks> {
  const userIds = group.map((m) => m.userId);
  const cardIds = group.map((m) => m.cardId);
  const transfers = await sql<{ id: string }>`
    select id::text as id from transfers where from_user_id = any(${userIds}::uuid[]) and created_at >= ${startedAt}`.execute(db);
  const exchanges = await sql<{ id: string }>`
    select journal_id::text as id from exchange_quotes
    where user_id = any(${userIds}::uuid[]) and journal_id is not null and created_at >= ${startedAt}`.execute(db);
  const operations = await sql<{ id: string; state: string }>`
    select id::text as id, state from card_operations where user_id = any(${userIds}::uuid[]) and created_at >= ${startedAt}`.execute(db);
  const states: Record<string, number> = {};
  for (const op of operations.rows) states[op.state] = (states[op.state] ?? 0) + 1;
  const decisions = await sql<{ approved: boolean; reason: string | null; n: string }>`
    select approved, decline_reason as reason, count(*)::text as n from card_transactions
    where card_id = any(${cardIds}::uuid[]) and type = 'authorization' and created_at >= ${startedAt}
    group by approved, decline_reason`.execute(db);
  const declined: Record<string, number> = {};
  for (const row of decisions.rows) if (!row.approved) declined[row.reason ?? 'no reason'] = Number(row.n);

  // What each card and USD wallet holds, in cents, against the member's own record.
  const balances = await sql<{ user_id: string; purpose: string; currency: string; cents: string }>`
    select user_id::text, purpose, currency, (balance * 100)::bigint::text as cents from ledger_accounts
    where user_id = any(${userIds}::uuid[]) and (purpose = any(${cardIds.map((id) => `card:${id}`)}::text[]) or (purpose = ${USER_WALLET} and currency = 'USD'))`.execute(
    db,
  );
  const held = new Map(balances.rows.map((r) => [`${r.user_id}:${r.purpose}:${r.currency}`, Number(r.cents)]));
  let cardBalanceMismatches = 0;
  let walletMismatches = 0;
  const mismatchExamples: string[] = [];
  const expected = new Map(load.expected.map((e) => [e.cardId, e]));
  for (const m of group) {
    const e = expected.get(m.cardId);
    if (!e) continue;
    const card = held.get(`${m.userId}:card:${m.cardId}:USD`) ?? 0;
    const usd = held.get(`${m.userId}:${USER_WALLET}:USD`) ?? 0;
    if (e.cardCents !== null && e.cardCents !== card) {
      cardBalanceMismatches += 1;
      if (mismatchExamples.length < 5)
        mismatchExamples.push(`uid ${m.uid}: card holds ${card / 100}, the member's record ${e.cardCents / 100}`);
    }
    if (e.usdCents !== null && e.usdCents !== usd) {
      walletMismatches += 1;
      if (mismatchExamples.length < 5)
        mismatchExamples.push(`uid ${m.uid}: USD wallet holds ${usd / 100}, the member's record ${e.usdCents / 100}`);
    }
  }
  return {
    transfers: reconcile(
      load.ids.transfers,
      transfers.rows.map((r) => r.id),
    ),
    exchanges: reconcile(
      load.ids.exchanges,
      exchanges.rows.map((r) => r.id),
    ),
    recharges: {
      ...reconcile(
        load.ids.recharges,
        operations.rows.map((r) => r.id),
      ),
      states,
    },
    authorizations: { approved: Number(decisions.rows.find((r) => r.approved)?.n ?? 0), declined },
    cardBalanceMismatches,
    walletMismatches,
    mismatchExamples,
    unfinishedOperations: (states.held ?? 0) + (states.sending ?? 0),
    ledgerViolations: await ledgerViolations(db),
  };
}

const LEVELS: Record<number, string> = { 40: 'warn', 50: 'error', 60: 'fatal' };

/** The servers' warnings and errors, counted by message (a request's error message included), most frequent first. */
async function logSummary(servers: RunningServer[]) {
  const counts = new Map<string, { level: string; message: string; count: number }>();
  for (const server of servers) {
    const text = await readFile(server.logFile, 'utf8').catch(() => '');
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      let level = 'text';
      let message = line;
      if (line.startsWith('{')) {
        try {
          const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
          if ((entry.level ?? 0) < 40) continue;
          level = LEVELS[entry.level ?? 0] ?? String(entry.level);
          message = `${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message}` : ''}`;
        } catch {
          // Not JSON after all: counted as text.
        }
      }
      const key = `${level} ${message}`;
      const found = counts.get(key) ?? { level, message: message.slice(0, 300), count: 0 };
      found.count += 1;
      counts.set(key, found);
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count);
}
