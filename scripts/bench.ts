import os from 'node:os';
import { ledgerViolations } from '../apps/server/src/modules/ledger';
import { type DatabaseHandle, type Db, openDatabase } from '../apps/server/src/platform/db/database';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate';
import { APP_MIX, type AppRun, appLoadTest } from './bench/app';
import { cardAuthorizations, WARMUP_SECONDS } from './bench/cards';
import { chainBench } from './bench/chain';
import { benchDatabase } from './bench/database';
import { fundedWallets, postingsPerSecond, uniformPick } from './bench/ledger';
import { type ListsFigures, listsOverHttp } from './bench/lists';
import type { ListLoadResult } from './bench/lists-load';
import { DRAIN_MS, type LiveSide, liveFanOut } from './bench/live';
import { moneyOverHttp, SERVER_LOG_LEVEL, SERVER_POOL, SPREAD_PAIRS } from './bench/money';
import type { MoneyLoadResult } from './bench/money-load';
import { tpcb } from './bench/pgbench';
import { READ_KINDS, readsOverHttp } from './bench/reads';
import type { KindFigures } from './bench/reads-load';
import { reconCardsBench } from './bench/recon-cards';
import type { RequestCost } from './bench/request-cost';
import { reservesBench } from './bench/reserves';
import { rewardsBench } from './bench/rewards';
import { sized } from './bench/size';
import { JUST_STARTED_MS, SETTLED_MS, serverStartup } from './bench/startup';
import { median } from './bench/stats';
import { LIGHT_CONNECTIONS, teamSummaryOverHttp } from './bench/team';
import { describeFirstScreen, ensureWebBuild, firstScreenOnServer } from './first-screen';

/**
 * `npm run bench`: figures and the baselines they are compared with, measured in the same run on the
 * same machine and database. Not a test: it prints, it does not judge. The last line is one JSON object.
 * BENCH_SECONDS (10) is each counted window; BENCH_USERS (1024) the users of the money requests;
 * BENCH_SERVER_POOL (20) and BENCH_SERVER_LOG_LEVEL (info) configure the server they run against.
 * BENCH_ONLY=lists runs only the paged lists (orders against records) and the ledger check after them;
 * BENCH_ONLY=live only the live event stream's fan-out (BENCH_LIVE_STREAMS, 5000, streams on one server,
 * one notification a second each, against a bare Node SSE server), which the full run measures last.
 * Each side of the fan-out holds a socket per stream: the open-file limit (ulimit -n) must exceed them.
 * BENCH_ONLY=cards only the card authorization webhooks, with the TPC-B baseline they are set against.
 * BENCH_ONLY=money only the transfers and exchanges over HTTP, with the TPC-B baseline and the payment
 * password's check alone.
 * BENCH_ONLY=rewards only the rewards engine on a backlog of 100,000 reward events (rewards computed and
 * released per second, in its own process as the job worker), with the ledger's own postings per second
 * measured beside it as its baseline; the full run sets it against the ledger figure measured first.
 * BENCH_ONLY=reads only the authenticated reads (1,000 members' balances, records, cards and card
 * transactions, mixed) against a bare Fastify route carrying the app's plugins, each server in its own process, the load in another.
 * BENCH_ONLY=app only the whole-app load test: members signing in, reading, exchanging, transferring,
 * recharging and paying by card (the sandbox issuer's authorization webhooks) for BENCH_APP_SECONDS (60),
 * against ONE server process and then TWO sharing the database behind a round-robin proxy (about three
 * minutes). The full run includes both.
 * BENCH_ONLY=startup only the server's start-up time and idle memory, compiled against run through tsx.
 * BENCH_ONLY=web only the first screen's weight (home signed in, in Chromium, from the built app, which
 * is built first when missing or older than its sources; the server is compiled first too).
 * BENCH_ONLY=team only the agency summary on a 100,000-member tree with a million reward rows (BENCH_SMOKE sizes it down).
 * BENCH_ONLY=books only the books: the proof-of-reserves snapshot of 1,000,000 member balances (tree built,
 * leaves and levels written) against a plain SHA-256 of the same leaves, and the card issuer's reconciliation
 * of 100,000 cards (the sandbox issuer in its own process) against a plain read of its balance listing.
 * BENCH_SMOKE=1 runs every part at a tiny size (bench/size.ts): npm test does, to keep the bench working.
 */
const CLIENTS = sized(16, 2);
/** Concurrent clients of the HTTP figures: users' phones, an issuer's calls. */
const HTTP_CLIENTS = sized(64, 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? sized(10, 1));
const MONEY_USERS = Number(process.env.BENCH_USERS ?? sized(1024, 8));
const LIVE_STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? sized(5000, 10));
const ONLY = process.env.BENCH_ONLY;
const APP_SECONDS = Number(process.env.BENCH_APP_SECONDS ?? sized(60, 2));
const PARTS = ['lists', 'live', 'cards', 'money', 'startup', 'reads', 'app', 'web', 'rewards', 'team', 'books'];
/** The members of the proof-of-reserves snapshot and the cards of the issuer's reconciliation. */
const RESERVES_MEMBERS = sized(1_000_000, 20);
const RECON_CARDS = sized(100_000, 50);
/** The rewards engine's backlog of events and the tree of members behind them (bench/rewards.ts). */
const REWARD_EVENTS = sized(100_000, 200);
const REWARD_MEMBERS = sized(10_000, 20);

type Figures = Record<string, number | string>;

async function main() {
  if (ONLY !== undefined && !PARTS.includes(ONLY))
    throw new Error(`BENCH_ONLY=${ONLY}: the parts that run alone are ${PARTS.map((p) => `'${p}'`).join(', ')}`);
  const database = await benchDatabase();
  const handle = openDatabase(database.url, CLIENTS + 4);
  const figures: Figures = { clients: CLIENTS, httpClients: HTTP_CLIENTS, seconds: SECONDS };
  // Everything here shares the machine with whatever else runs on it: a busy machine lowers every figure.
  console.info(`machine: ${os.availableParallelism()} cores, load average ${loadAverage()} at start`);
  try {
    await migrateToLatest(handle.db);
    if (ONLY === undefined) await everyOtherFigure(handle, database.url, figures);
    if (ONLY === 'reads') await readFigures(handle.db, database.url, figures);
    if (ONLY === undefined || ONLY === 'lists') await listFigures(handle.db, database.url, figures);
    if (ONLY === undefined || ONLY === 'rewards') await rewardFigures(handle.db, database.url, figures);
    if (ONLY === undefined || ONLY === 'team') await teamFigures(handle.db, database.url, figures);
    if (ONLY === undefined || ONLY === 'books') await booksFigures(handle.db, figures);
    if (ONLY === undefined || ONLY === 'app') await appFigures(handle.db, database.url, figures);
    if (ONLY === undefined || ONLY === 'live') await liveFigures(handle.db, database.url, figures);
    if (ONLY === 'cards') await cardsAlone(handle, database.url, figures);
    if (ONLY === 'money') await moneyAlone(handle, database.url, figures);
    if (ONLY === undefined || ONLY === 'startup') await startupFigures(database.url, figures);
    if (ONLY === undefined || ONLY === 'web') await webFigures(database.url, figures);

    // Everything above moved money through the ledger: the books must still be sound.
    const violations = await ledgerViolations(handle.db);
    figures.ledgerViolations = violations.length;
    console.info(`ledger invariants after the run: ${violations.length === 0 ? 'all hold' : `${violations.length} VIOLATIONS`}`);
    for (const line of violations.slice(0, 20)) console.info(`  ${line}`);
    console.info(`machine load average at the end: ${loadAverage()}`);
  } finally {
    await handle.close();
    await database.close();
  }
  console.info(JSON.stringify(figures));
}

/** Every figure but the lists', in the order they have always run: TPC-B first, as the others are set against it. */
async function everyOtherFigure(handle: DatabaseHandle, url: string, figures: Figures) {
  const wallets = await fundedWallets(handle.db, 1000);

  const baseline = await tpcbBaseline(url, figures);

  // The ledger alone, as the request handlers post (one transaction per posting): the floor under the HTTP figures.
  const single = await postingsPerSecond(handle.db, CLIENTS, SECONDS, uniformPick(wallets));
  figures.ledgerSinglePerSecond = round(single);
  console.info(
    `ledger postings in-process (no HTTP), one per transaction, spread over 1000 accounts: ${round(single)}/s = ${ratio(single, baseline.tps)}x TPC-B`,
  );

  await moneyFigures(handle, url, baseline.tps, figures);

  const chain = await chainBench(handle, url);
  Object.assign(figures, {
    chainScanBlocksPerSecond: round(chain.scanBlocksPerSecond),
    chainCreditPassMs: round(chain.creditPassMs),
    chainCreditBatchedPerSecond: round(chain.creditBatchedPerSecond),
    chainCreditPerDepositPerSecond: round(chain.creditPerDepositPerSecond),
    chainCreditBatchedVsPerDeposit: ratio(chain.creditBatchedPerSecond, chain.creditPerDepositPerSecond),
    chainCreditDelayMedianMs: round(chain.creditDelayMedianMs),
    chainCreditDelayMaxMs: round(chain.creditDelayMaxMs),
  });
  console.info(
    `chain catch-up scan: ${chain.scanBlocks} local blocks holding ${chain.scanDeposits} deposits at ${round(chain.scanBlocksPerSecond)} blocks/s (target >= 2000); crediting them took ${round(chain.creditPassMs)} ms`,
  );
  console.info(
    `chain crediting a backlog of ${chain.creditBacklog} confirmed deposits (block hashes re-checked, one member each): batched ${round(chain.creditBatchedPerSecond)}/s (target >= 1000/s) = ${ratio(chain.creditBatchedPerSecond, chain.creditPerDepositPerSecond)}x one transaction per deposit, ${round(chain.creditPerDepositPerSecond)}/s (${round(chain.creditPerDepositMs)} ms; the same backlog for other members, same run)`,
  );
  console.info(
    `chain credit delay after the confirming block (pg-boss job loop, CHAIN_POLL_MS default): median ${round(chain.creditDelayMedianMs)} ms, max ${round(chain.creditDelayMaxMs)} ms (target < 1000 ms)`,
  );

  await cardFigures(handle, url, baseline.tps, figures);

  await readFigures(handle.db, url, figures);
}

/**
 * The books (issue 45): a proof-of-reserves snapshot of a million member balances against hashing the
 * same leaves alone, and the issuer's reconciliation of 100,000 cards against reading its listing alone.
 */
async function booksFigures(db: Db, figures: Figures) {
  const reserves = await reservesBench(RESERVES_MEMBERS);
  Object.assign(figures, { reservesSnapshotSeconds: round(reserves.seconds), reservesBaselineSeconds: round(reserves.baselineSeconds) });
  console.info(
    `proof-of-reserves snapshot: ${reserves.members} members (${reserves.leaves} leaves), tree built and leaves and levels written in ${round(reserves.seconds)} s (target < 60 s); a plain SHA-256 of the same leaves: ${round(reserves.baselineSeconds)} s`,
  );
  const recon = await reconCardsBench(db, RECON_CARDS);
  Object.assign(figures, {
    reconCardsSeconds: round(recon.seconds),
    reconCardsBaselineSeconds: round(recon.baselineSeconds),
    reconCardsDifferences: recon.differences,
  });
  console.info(
    `issuer reconciliation: ${recon.cards} cards made (${recon.checked} compared), the sandbox issuer in its own process: ${round(recon.seconds)} s (target < 60 s); its balance listing read alone over the same API: ${round(recon.baselineSeconds)} s; ${recon.differences} differences`,
  );
}

/** The agency centre's summary on a 100,000-member tree with a million reward rows, against a bare Fastify route. */
async function teamFigures(db: Db, url: string, figures: Figures) {
  const team = await teamSummaryOverHttp(db, url, { connections: HTTP_CLIENTS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS });
  Object.assign(figures, {
    teamSummaryRootP99Ms: round(team.light.root.p99Ms),
    teamSummaryMemberP99Ms: round(team.light.members_.p99Ms),
    teamSummaryLoadedRootP99Ms: round(team.root.p99Ms),
    teamSummaryLoadedMemberP99Ms: round(team.members_.p99Ms),
    teamSummaryRps: round(team.root.perSecond + team.members_.perSecond),
    teamBareRps: round(team.bare.perSecond),
    teamBareP99Ms: round(team.light.bare.p99Ms),
    teamSummaryNon2xx: team.root.non2xx + team.members_.non2xx + team.light.root.non2xx + team.light.members_.non2xx,
  });
  console.info(
    `agency summary (GET /api/v1/agency/summary), ${team.members} members in one tree (${team.closureRows} team links), ${team.rewards} reward rows, seeded in ${round(team.seedSeconds)} s, half the requests the root's (team = everyone), half members' across the tree, after a ${WARMUP_SECONDS} s warm-up: ${LIGHT_CONNECTIONS} connections, the root p50 ${round(team.light.root.p50Ms)} ms, p99 ${round(team.light.root.p99Ms)} ms; members p50 ${round(team.light.members_.p50Ms)} ms, p99 ${round(team.light.members_.p99Ms)} ms (target p99 < 20 ms; bare route p99 ${round(team.light.bare.p99Ms)} ms)`,
  );
  console.info(
    `  under load, ${HTTP_CLIENTS} connections: ${figures.teamSummaryRps} req/s = ${ratio(team.root.perSecond + team.members_.perSecond, team.bare.perSecond)}x a bare Fastify route with the app's plugins (${round(team.bare.perSecond)} req/s); p99 the root ${round(team.root.p99Ms)} ms, members ${round(team.members_.p99Ms)} ms (bare: ${round(team.bare.p99Ms)} ms)`,
  );
  if (figures.teamSummaryNon2xx !== 0) console.info(`  FAILED: ${figures.teamSummaryNon2xx} non-2xx answers`);
  for (const line of team.serverErrors) console.info(`  server error log: ${line}`);
}

/** Authenticated reads of a thousand members, mixed, against a bare Fastify route with the app's plugins: both servers in their own processes. */
async function readFigures(db: Db, url: string, figures: Figures) {
  const reads = await readsOverHttp(db, url, { connections: HTTP_CLIENTS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS });
  const { app, bare } = reads;
  const medianRatio = median(reads.roundRatios);
  Object.assign(figures, {
    readsRps: round(app.total.perSecond),
    readsVsBare: Math.round(medianRatio * 100) / 100,
    readsVsBareAllRounds: ratio(app.total.perSecond, bare.total.perSecond),
    readsP50Ms: round(app.total.p50Ms),
    readsP99Ms: round(app.total.p99Ms),
    readsNon2xx: app.total.non2xx + app.errors,
    bareFastifyRps: round(bare.total.perSecond),
    bareFastifyP99Ms: round(bare.total.p99Ms),
    readsServerCores: round(reads.serverCores.app),
    readsServerCpuUs: Math.round(reads.serverCpuUs.app),
    bareServerCpuUs: Math.round(reads.serverCpuUs.bare),
    readsServerKernelShare: round(reads.serverKernelShare.app),
    bareServerKernelShare: round(reads.serverKernelShare.bare),
  });
  for (const kind of READ_KINDS) {
    const k = app.kinds[kind];
    if (k) Object.assign(figures, { [`reads${capital(kind)}Rps`]: round(k.perSecond), [`reads${capital(kind)}P99Ms`]: round(k.p99Ms) });
  }
  console.info(
    `authenticated reads, ${reads.members} members (each a session, 3 wallet records, a card with 5 transactions), a random member and read each request, ${HTTP_CLIENTS} connections, after a ${WARMUP_SECONDS} s warm-up: ${round(app.total.perSecond)} req/s = ${figures.readsVsBare}x a bare Fastify route with the app's plugins (median of ${reads.roundRatios.length} rounds; ${round(bare.total.perSecond)} req/s; target >= 0.5x); p50 ${round(app.total.p50Ms)} ms, p99 ${round(app.total.p99Ms)} ms (target < 50 ms; bare: ${latency(bare.total)})`,
  );
  console.info(
    `  rounds (app then bare route, ${round(SECONDS / reads.roundRatios.length)} s each): ${reads.roundRatios.map((r) => `${round(r)}x`).join(', ')}; all rounds together ${figures.readsVsBareAllRounds}x`,
  );
  for (const kind of READ_KINDS) {
    const k = app.kinds[kind];
    if (k) console.info(`  ${READ_PATHS[kind]}: ${kindLine(k)}`);
  }
  console.info(
    `  server: the real one (startServer) in its own process; the bare route (GET /api/v1/hello, a constant, behind the app's headers, CORS, compression, cookies and request log) in its own; load from a third (autocannon, ${HTTP_CLIENTS} keep-alive connections); members seeded in ${round(reads.seedSeconds)} s; server CPU under the load ${round(reads.serverCores.app)} cores (bare: ${round(reads.serverCores.bare)}), ${figures.readsServerCpuUs} µs a request (bare: ${figures.bareServerCpuUs} µs), of it in the kernel ${percent(reads.serverKernelShare.app)} (bare: ${percent(reads.serverKernelShare.bare)})`,
  );
  const cold = reads.coldPass;
  if (cold) {
    Object.assign(figures, {
      readsColdRps: round(cold.count / cold.seconds),
      readsColdVsRounds: ratio(cold.count / cold.seconds, app.total.perSecond),
      readsColdFailed: cold.failed,
      readsColdServerCpuUs: Math.round((cold.serverCpuSeconds * 1e6) / cold.count),
    });
    console.info(
      `  cold, the app's first pass after it starts (every entry missing, its code not yet optimized by V8; each of the ${cold.count} reads once): ${figures.readsColdRps} req/s = ${figures.readsColdVsRounds}x its rate in the rounds; ${figures.readsColdServerCpuUs} µs of server CPU a read (${figures.readsServerCpuUs} µs in the rounds); ${cold.failed} not answered with a 2xx`,
    );
  }
  const lifetime = reads.lifetime.figures;
  const slowest = Math.min(...reads.lifetime.windowRates);
  Object.assign(figures, {
    readsLifetimeRps: round(lifetime.total.perSecond),
    readsLifetimeVsRounds: ratio(lifetime.total.perSecond, app.total.perSecond),
    readsLifetimeSlowestWindowRps: round(slowest),
    readsLifetimeSlowestVsMedianWindow: ratio(slowest, median(reads.lifetime.windowRates)),
    readsLifetimeP99Ms: round(lifetime.total.p99Ms),
    readsLifetimeNon2xx: lifetime.total.non2xx + lifetime.errors,
    readsLifetimeServerCpuUs: Math.round((reads.lifetime.serverCpuSeconds * 1e6) / Math.max(1, lifetime.total.count)),
  });
  console.info(
    `  over a whole entry lifetime (the app alone for ${reads.lifetime.windowRates.length} s after the rounds, every cached entry reloaded at least once): ${figures.readsLifetimeRps} req/s = ${figures.readsLifetimeVsRounds}x its rate in the rounds; slowest 1 s window ${figures.readsLifetimeSlowestWindowRps} req/s = ${figures.readsLifetimeSlowestVsMedianWindow}x the median window; p99 ${figures.readsLifetimeP99Ms} ms, max ${round(lifetime.total.maxMs)} ms; ${figures.readsLifetimeServerCpuUs} µs of server CPU a read`,
  );
  if (
    app.total.non2xx > 0 ||
    app.errors > 0 ||
    bare.total.non2xx > 0 ||
    bare.errors > 0 ||
    figures.readsLifetimeNon2xx !== 0 ||
    (cold?.failed ?? 0) > 0
  )
    console.info(
      `  FAILED: app ${app.total.non2xx} non-2xx (${statusList(app.total.statuses)}) and ${app.errors} errors; bare ${bare.total.non2xx} non-2xx and ${bare.errors} errors; over the lifetime ${figures.readsLifetimeNon2xx} non-2xx or errors; cold ${cold?.failed ?? 0}`,
    );
  for (const line of reads.serverErrors) console.info(`  server error log: ${line}`);
}

const READ_PATHS: Record<(typeof READ_KINDS)[number], string> = {
  balances: 'GET /api/v1/wallet/balances',
  records: 'GET /api/v1/wallet/records (first page)',
  cards: 'GET /api/v1/cards',
  cardTransactions: 'GET /api/v1/cards/:id/transactions (first page)',
};

function kindLine(k: KindFigures): string {
  return `${round(k.perSecond)} req/s, p50 ${round(k.p50Ms)} ms, p99 ${round(k.p99Ms)} ms, max ${round(k.maxMs)} ms; non-2xx ${k.non2xx}${k.non2xx > 0 ? ` (${statusList(k.statuses)})` : ''}`;
}

const statusList = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, n]) => `${status} x${n}`)
    .join(', ');

const capital = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

/** The whole app under members' load: one server process, then two behind a round-robin proxy. */
async function appFigures(db: Db, url: string, figures: Figures) {
  const app = await appLoadTest(db, url, { connections: HTTP_CLIENTS, seconds: APP_SECONDS, warmupSeconds: WARMUP_SECONDS });
  const { one, two } = app;
  const peakMb = (run: AppRun) => Math.max(...run.rssKb.peak.map(mb));
  const serverErrors = (run: AppRun) => Object.values(run.load.types).reduce((n, t) => n + t.serverErrors, 0);
  Object.assign(figures, {
    appSeconds: APP_SECONDS,
    appMembers: app.members,
    appOneRps: round(one.load.window.perSecond),
    appTwoRps: round(two.load.window.perSecond),
    appTwoVsOne: ratio(two.load.window.perSecond, one.load.window.perSecond),
    appOnePeakRssMb: peakMb(one),
    appTwoPeakRssMb: peakMb(two),
    appOneServerErrors: serverErrors(one),
    appTwoServerErrors: serverErrors(two),
    appOneProblems: appProblems(one),
    appTwoProblems: appProblems(two),
    appOneStaleBalances: one.load.checks.staleBalances,
    appTwoStaleBalances: two.load.checks.staleBalances,
    appOneWrongDeclines: one.load.checks.wrongDeclines,
    appTwoWrongDeclines: two.load.checks.wrongDeclines,
  });
  const mix = Object.entries(APP_MIX)
    .map(([kind, weight]) => `${kind} ${weight}`)
    .join(', ');
  console.info(
    `whole app under load, ${APP_SECONDS} s after a ${WARMUP_SECONDS} s warm-up, ${app.members} members a run (each signed in with its password first), ${HTTP_CLIENTS} clients each with its share of the members, one request of a member at a time; mix by weight: ${mix}: ONE server process ${round(one.load.window.perSecond)} req/s answered 2xx, TWO behind the same round-robin proxy ${round(two.load.window.perSecond)} req/s = ${figures.appTwoVsOne}x one`,
  );
  for (const run of [one, two]) appRunLines(run);
  console.info(
    `  servers: the real one (startServer) sharing one database; the proxy (node:http, round robin), the sandbox issuer and the members' load each in its own process; ${app.members * 2} members (a million USDT, a card holding 200 USD, transfer codes stored beforehand) seeded in ${round(app.seedSeconds)} s`,
  );
}

/** Everything the run's checks found wrong: stale or wrong reads and decisions, the database against the answers, the ledger. */
function appProblems(run: AppRun): number {
  const c = run.load.checks;
  const s = run.stored;
  const reconciled = [s.transfers, s.exchanges, s.recharges].reduce((n, r) => n + r.missing + r.unanswered + r.duplicates, 0);
  return (
    c.staleBalances +
    c.balanceAhead +
    c.cardMismatches +
    c.wrongDeclines +
    c.overApprovals +
    s.cardBalanceMismatches +
    s.walletMismatches +
    s.unfinishedOperations +
    s.ledgerViolations.length +
    reconciled
  );
}

function appRunLines(run: AppRun) {
  const { load, stored } = run;
  const name = run.processes === 1 ? 'ONE process' : `${run.processes} processes`;
  console.info(
    `  ${name}: ${round(load.window.perSecond)} req/s (${load.window.ok} answered 2xx in ${load.window.seconds} s); servers ready in ${round(run.startSeconds)} s; ${load.signIn.signedIn}/${load.signIn.members} members signed in within ${round(load.signIn.seconds)} s (p50 ${round(load.signIn.p50Ms)} ms, p99 ${round(load.signIn.p99Ms)} ms); the proxy sent ${run.proxy.perUpstream.join(' / ')} requests${run.proxy.failed > 0 ? `, ${run.proxy.failed} FAILED there` : ''}; load process CPU ${round(load.loadCpuSeconds)} s`,
  );
  console.info(
    `    server RSS (VmRSS): ${run.rssKb.idle.map(mb).join(' / ')} MB before the load, peak ${run.rssKb.peak.map(mb).join(' / ')} MB under it (target < 300 MB); database sessions waiting on a lock: ${round(run.lockWaits.mean)} on average, ${run.lockWaits.max} at most (sampled each second)`,
  );
  console.info(
    `    memory at each server's highest sampled RSS (its /metrics): ${run.heapAtPeak
      .map((h) =>
        h
          ? `RSS ${round(h.rssMb)} MB = V8 heap ${round(h.heapTotalMb)} (new space ${round(h.newSpaceMb)}, old ${round(h.oldSpaceMb)}; live ${round(h.heapUsedMb)}) + external ${round(h.externalMb)} + the rest ${round(h.rssMb - h.heapTotalMb - h.externalMb)} (code, stacks, native allocations)`
          : 'not read',
      )
      .join(' / ')}`,
  );
  const { cost } = run;
  const share = (ms: number) => round(ms / 10 / cost.seconds / os.cpus().length);
  console.info(
    `    where the time goes, over the whole load (${round(cost.seconds)} s with sign-in and warm-up): the server process${run.processes === 1 ? '' : 'es'} ${share(cost.serverCpuMs)} % of the machine's ${os.cpus().length} cores, PostgreSQL's backends ${share(cost.databaseCpuMs)} %, the rest (load, proxy, issuer, idle) ${round(100 - share(cost.serverCpuMs) - share(cost.databaseCpuMs))} %; ${round(cost.transactions / cost.seconds)} transactions/s, ${round(cost.walKb / cost.seconds)} KB of WAL/s`,
  );
  for (const { statement, samples } of run.lockWaits.statements)
    console.info(`      waiting on a lock in ${samples} samples: ${statement}`);
  for (const [type, t] of Object.entries(load.types).sort((a, b) => b[1].ok - a[1].ok)) {
    if (type === 'signIn') continue;
    console.info(
      `    ${APP_TYPES[type] ?? type}: ${t.ok} (${round(t.perSecond)}/s), p50 ${round(t.p50Ms)} ms, p99 ${round(t.p99Ms)} ms; non-2xx ${t.non2xx}, 5xx ${t.serverErrors}${t.non2xx > 0 ? ` (${failureList(t.failures)})` : ''}`,
    );
  }
  const c = load.checks;
  console.info(
    `    card purchases decided: ${c.approved} approved, declined ${failureList(c.declines)}; the issuer stood in ${c.standIns} times; declined for funds the card held: ${c.wrongDeclines}${c.wrongDeclines > 0 ? ' (WRONG)' : ''} (${c.wrongDeclinesAfterRecharge} of the ${c.purchasesAfterRecharge} purchases made right after a recharge, above what the card held before it); approved beyond them: ${c.overApprovals}`,
  );
  for (const example of c.wrongDeclineExamples) console.info(`      ${example}`);
  console.info(
    `    balances read against the member's own USD: ${c.balanceReads}, STALE ${c.staleBalances} (${c.staleAfterExchange} right after the member's exchange, ${c.staleElsewhere} of them served by another process; ${c.readsAfterExchangeElsewhere} of ${c.readsAfterExchange} reads after an exchange went to another process), ahead ${c.balanceAhead}; card list against the member's card: ${c.cardReads}, mismatched ${c.cardMismatches}`,
  );
  for (const example of c.cardMismatchExamples) console.info(`      ${example}`);
  if (c.rechargesProcessing > 0 || c.cardsUnknown > 0 || c.walletsUnknown > 0)
    console.info(
      `    recharges answered processing: ${c.rechargesProcessing} (${c.rechargesUnfinished} unfinished after polling); members no longer checked: ${c.cardsUnknown} cards, ${c.walletsUnknown} wallets`,
    );
  if (load.transfersRetired > 0) console.info(`    ${load.transfersRetired} members stopped transferring after a failed transfer`);
  const rec = (r: { answered: number; stored: number; missing: number; unanswered: number; duplicates: number }) =>
    `${r.answered} answered 2xx, ${r.stored} stored${r.missing + r.unanswered + r.duplicates > 0 ? `: ${r.missing} MISSING, ${r.unanswered} stored but not answered 2xx, ${r.duplicates} DUPLICATED` : ', each once'}`;
  console.info(
    `    in the database after: transfers ${rec(stored.transfers)}; exchanges ${rec(stored.exchanges)}; recharges ${rec(stored.recharges)} (${failureList(stored.recharges.states)})`,
  );
  console.info(
    `    authorizations recorded: ${stored.authorizations.approved} approved, declined ${failureList(stored.authorizations.declined)}; cards against the members' records: ${stored.cardBalanceMismatches} mismatched, USD wallets ${stored.walletMismatches}; operations unfinished ${stored.unfinishedOperations}; ledger invariants: ${stored.ledgerViolations.length === 0 ? 'all hold' : `${stored.ledgerViolations.length} VIOLATIONS`}`,
  );
  for (const example of stored.mismatchExamples) console.info(`      ${example}`);
  for (const line of stored.ledgerViolations.slice(0, 5)) console.info(`      ${line}`);
  for (const entry of run.serverLog.slice(0, 8)) console.info(`    server log ${entry.level} x${entry.count}: ${entry.message}`);
}

const APP_TYPES: Record<string, string> = {
  login: 'POST /api/v1/auth/login/password (again)',
  balances: 'GET /api/v1/wallet/balances',
  records: 'GET /api/v1/wallet/records',
  cards: 'GET /api/v1/cards',
  cardTransactions: 'GET /api/v1/cards/:id/transactions',
  purchase: 'card purchase (issuer -> signed webhook -> decision)',
  exchangeQuote: 'POST /api/v1/wallet/exchange/quotes',
  exchange: 'POST /api/v1/wallet/exchange',
  transfer: 'POST /api/v1/wallet/transfers',
  rechargeQuote: 'POST /api/v1/cards/:id/recharge/quote',
  recharge: 'POST /api/v1/cards/:id/recharge',
  rechargePoll: 'GET /api/v1/cards/:id/operations/:id',
};

/** The first screen of home, signed in, as the built web app sends it (apps/web/dist, built here when missing or stale). */
async function webFigures(url: string, figures: Figures) {
  ensureWebBuild();
  const screen = await firstScreenOnServer(url);
  const { files: _files, after: _after, ...summary } = screen;
  Object.assign(figures, summary);
  for (const line of describeFirstScreen(screen, 5)) console.info(line);
}

/** The server's start-up on the bench's (migrated) database and its memory idle: compiled against tsx. */
async function startupFigures(url: string, figures: Figures) {
  const { compiled, tsx } = await serverStartup(url);
  Object.assign(figures, {
    startupReadyMs: round(compiled.readyMs),
    startupRssMbJustStarted: mb(compiled.rssKbJustStarted),
    startupIdleRssMb: mb(compiled.rssKbIdle),
    startupTsxReadyMs: round(tsx.readyMs),
    startupTsxIdleRssMb: mb(tsx.rssKbIdle),
  });
  console.info(
    `server start-up on an existing database (apps/server/dist/main.js, as npm start runs it): ready in ${round(compiled.readyMs)} ms (target < 5000 ms); RSS ${mb(compiled.rssKbJustStarted)} MB ${JUST_STARTED_MS / 1000} s later, ${mb(compiled.rssKbIdle)} MB idle after ${SETTLED_MS / 1000} s (target < 150 MB); the same code through tsx: ${round(tsx.readyMs)} ms, ${mb(tsx.rssKbJustStarted)} MB, ${mb(tsx.rssKbIdle)} MB idle`,
  );
}

/** Transfers and exchanges end to end: the server as `npm start` runs it, the load from another process. */
async function moneyFigures(handle: DatabaseHandle, url: string, tpcbTps: number, figures: Figures) {
  const money = await moneyOverHttp(handle.db, url, {
    connections: HTTP_CLIENTS,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    users: MONEY_USERS,
    tpcbTps: tpcbTps,
  });
  for (const [name, r] of [
    ['transfer', money.transfer],
    ['exchange', money.exchange],
    ['exchangeSpread', money.exchangeSpread],
  ] as const)
    Object.assign(figures, {
      [`${name}PerSecond`]: round(r.perSecond),
      [`${name}P50Ms`]: round(r.p50Ms),
      [`${name}P99Ms`]: round(r.p99Ms),
      [`${name}VsTpcb`]: ratio(r.perSecond, tpcbTps),
      [`${name}Failures`]: Object.values(r.failures).reduce((a, b) => a + b, 0),
      [`${name}ServerErrors`]: r.serverErrors,
    });
  const setting = `${HTTP_CLIENTS} clients over ${money.users} users, after a ${WARMUP_SECONDS} s warm-up`;
  console.info(
    `POST /api/v1/wallet/transfers (by UID, 1 USDT, emailed code and payment password), ${setting}: ${moneyLine(money.transfer, tpcbTps)}`,
  );
  costLine(money.transfer.cost, money.transfer.perSecond);
  moneyProblems(money.transfer);
  if (money.transfer.clientsOutOfCodes > 0)
    console.info(
      `  ${money.transfer.clientsOutOfCodes} clients used up their users' transfer codes (${money.codesPerUser} each) before the end: the figure is a floor`,
    );
  const exchangeLines = (r: typeof money.exchange) => {
    const quotes = r.quotes;
    if (quotes)
      console.info(
        `  each after its own POST /api/v1/wallet/exchange/quotes, as the app does (not counted above): p50 ${round(quotes.p50Ms)} ms, p99 ${round(quotes.p99Ms)} ms; failures: ${failureList(quotes.failures)}`,
      );
    costLine(r.cost, r.perSecond, ' (its quote included)');
    console.info(
      `  sessions waiting on a lock in a statement on ledger accounts (a house account's row: each client's members are its own), sampled every 10 ms: at most ${r.waits.max} at once, ${r.waits.total} over ${r.waits.samples} samples (target 0); waiting on any lock: ${r.waits.anyLock} over those samples`,
    );
    moneyProblems(r);
  };
  console.info(
    `POST /api/v1/wallet/exchange (10 USDT, payment password), each client through one pair of USDT to ${SPREAD_PAIRS.join('/')}, ${setting}: ${moneyLine(money.exchangeSpread, tpcbTps)}`,
  );
  exchangeLines(money.exchangeSpread);
  console.info(
    `POST /api/v1/wallet/exchange (10 USDT to USD, payment password), every client through that one pair, ${setting}: ${moneyLine(money.exchange, tpcbTps)}; ${ratio(money.exchange.perSecond, money.exchangeSpread.perSecond)}x the spread-out figure (target >= 0.8x)`,
  );
  exchangeLines(money.exchange);
  console.info(
    `  server: apps/server/src/main.ts in its own process (NODE_ENV=test, LOG_LEVEL=${SERVER_LOG_LEVEL} to a file, DATABASE_POOL_MAX=${SERVER_POOL}), load from another; users with bearer sessions and payment passwords, ${money.codesPerUser} transfer codes each stored beforehand`,
  );
  const stored = money.stored;
  const exchangesAnswered = money.exchange.okTotal + money.exchangeSpread.okTotal;
  const asAnswered = stored.transfers === money.transfer.okTotal && stored.exchanges === exchangesAnswered;
  console.info(
    `  the database holds ${stored.transfers} transfers and ${stored.exchanges} executed exchanges; ${money.transfer.okTotal} and ${exchangesAnswered} were answered 2xx (warm-up included)${asAnswered ? '' : ': MISMATCH'}`,
  );
  console.info(
    `  the payment-password check alone, ${HTTP_CLIENTS} at once in one process: keyed (HMAC-SHA-256, as each of these requests runs it) ${round(money.passwordChecksPerSecond)}/s; the same PIN as argon2id (before, and a member's first check since) ${round(money.argon2ChecksPerSecond)}/s`,
  );
  for (const line of money.serverErrors) console.info(`  server error log: ${line}`);
  figures.passwordChecksPerSecond = round(money.passwordChecksPerSecond);
  figures.argon2PasswordChecksPerSecond = round(money.argon2ChecksPerSecond);
}

/** pgbench's TPC-B on the bench's database: the baseline the money and card figures are set against. */
async function tpcbBaseline(url: string, figures: Figures) {
  const baseline = await tpcb(url, CLIENTS, SECONDS);
  figures.tpcbTps = round(baseline.tps);
  figures.tpcbTool = baseline.tool;
  console.info(`TPC-B baseline (${baseline.tool}): ${round(baseline.tps)} transactions/s`);
  return baseline;
}

/** The money requests alone (BENCH_ONLY=money), after the TPC-B baseline they are set against. */
async function moneyAlone(handle: DatabaseHandle, url: string, figures: Figures) {
  const baseline = await tpcbBaseline(url, figures);
  await moneyFigures(handle, url, baseline.tps, figures);
}

/** The card authorization figure alone (BENCH_ONLY=cards), after the TPC-B baseline it is compared with. */
async function cardsAlone(handle: DatabaseHandle, url: string, figures: Figures) {
  const baseline = await tpcbBaseline(url, figures);
  await cardFigures(handle, url, baseline.tps, figures);
}

/** Card authorization webhooks: signed, decided from the card balance, each approval a real ledger hold. */
async function cardFigures(handle: DatabaseHandle, url: string, tpcbTps: number, figures: Figures) {
  const cards = await cardAuthorizations(handle, url, HTTP_CLIENTS, SECONDS);
  const declined = Object.values(cards.recorded.declined).reduce((a, b) => a + b, 0);
  const frozen = Object.values(cards.freezes).reduce((a, b) => a + b, 0);
  Object.assign(figures, {
    cardAuthorizationsPerSecond: round(cards.decisionsPerSecond),
    cardAuthorizationP50Ms: round(cards.p50Ms),
    cardAuthorizationP99Ms: round(cards.p99Ms),
    cardAuthorizationsVsTpcb: ratio(cards.decisionsPerSecond, tpcbTps),
    cardApprovals: cards.recorded.approved,
    cardDeclines: declined,
    cardFreezes: frozen,
    cardFailures: cards.non2xx + cards.errors,
    bareWebhookPerSecond: round(cards.floor.perSecond),
    bareWebhookP50Ms: round(cards.floor.p50Ms),
    bareWebhookP99Ms: round(cards.floor.p99Ms),
  });
  console.info(
    `card authorization webhooks, ${HTTP_CLIENTS} concurrent over ${cards.cards} cards (${cards.lowCards} low on funds, ${cards.nearZeroCards} near zero), every approval a ledger hold, load from another process, after a ${WARMUP_SECONDS} s warm-up: ${round(cards.decisionsPerSecond)}/s = ${figures.cardAuthorizationsVsTpcb}x TPC-B (target >= 1.0x); p50 ${round(cards.p50Ms)} ms, p99 ${round(cards.p99Ms)} ms (target < 50 ms)`,
  );
  console.info(
    `  decided (warm-up included): ${cards.recorded.approved} approved, ${declined} declined (${failureList(cards.recorded.declined)}); cards frozen by rule: ${frozen} (${failureList(cards.freezes)})`,
  );
  // autocannon drops the answers in flight when its warm-up and its run end: at most two per connection.
  const answered = cards.answered.approved + Object.values(cards.answered.declined).reduce((a, b) => a + b, 0);
  const unanswered = cards.recorded.approved + declined - answered;
  if (unanswered < 0 || unanswered > 2 * HTTP_CLIENTS)
    console.info(`  the issuer side counted ${answered} answers, the database ${answered + unanswered} decisions: MISMATCH`);
  if (cards.non2xx > 0 || cards.errors > 0)
    console.info(`  FAILED: ${cards.non2xx} non-2xx answers and ${cards.errors} connection errors in the counted window`);
  console.info(
    `  the same load against a bare route that checks the signature and answers without deciding: ${round(cards.floor.perSecond)}/s; p50 ${round(cards.floor.p50Ms)} ms, p99 ${round(cards.floor.p99Ms)} ms`,
  );
}

/**
 * The rewards engine on a backlog: rewards computed (a row per event, beneficiary and level) and
 * released through the ledger (one journal each) per second, against the ledger's own postings per
 * second, one transaction each (ledgerSinglePerSecond of this run, or measured here when run alone).
 */
async function rewardFigures(db: Db, url: string, figures: Figures) {
  let baseline = typeof figures.ledgerSinglePerSecond === 'number' ? figures.ledgerSinglePerSecond : undefined;
  if (baseline === undefined) {
    const wallets = await fundedWallets(db, sized(1000, 8));
    baseline = await postingsPerSecond(db, CLIENTS, SECONDS, uniformPick(wallets));
    figures.ledgerSinglePerSecond = round(baseline);
  }
  const r = await rewardsBench(db, url, { members: REWARD_MEMBERS, events: REWARD_EVENTS });
  Object.assign(figures, {
    rewardEvents: r.events,
    rewardRows: r.rewards,
    rewardJournals: r.journals,
    rewardsPerSecond: round(r.rewardsPerSecond),
    rewardJournalsPerSecond: round(r.journalsPerSecond),
    rewardsVsLedger: ratio(r.rewardsPerSecond, baseline),
    rewardProcessSeconds: round(r.processSeconds),
    rewardReleaseSeconds: round(r.releaseSeconds),
  });
  console.info(
    `rewards engine on a backlog of ${r.events.toLocaleString('en-US')} reward events from ${r.members.toLocaleString('en-US')} members (holding window 0 days; worker in its own process): ${round(r.rewardsPerSecond)} rewards computed and released/s = ${figures.rewardsVsLedger}x the ledger's own postings, ${round(baseline)}/s one per transaction (target >= 1.0x); ${r.rewards} rewards rows (${r.journals} paid by a journal each: ${round(r.journalsPerSecond)}/s), processing ${round(r.processSeconds)} s, release ${round(r.releaseSeconds)} s; seeded in ${round(r.seedSeconds)} s`,
  );
}

/** The flash exchange orders list paged as the records list is, the records list being its budget. */
async function listFigures(db: Db, url: string, figures: Figures) {
  const lists = await listsOverHttp(db, url, { connections: HTTP_CLIENTS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS });
  const { orders, records } = lists;
  const failures = [orders, records].reduce((n, r) => n + Object.values(r.failures).reduce((a, b) => a + b, 0), 0);
  Object.assign(figures, {
    listRows: lists.rows,
    ordersPagesPerSecond: round(orders.deep.pagesPerSecond),
    ordersListedPerSecond: round(orders.deep.rowsPerSecond),
    ordersPageP50Ms: round(orders.deep.p50Ms),
    ordersPageP99Ms: round(orders.deep.p99Ms),
    recordsPagesPerSecond: round(records.deep.pagesPerSecond),
    recordsListedPerSecond: round(records.deep.rowsPerSecond),
    recordsPageP50Ms: round(records.deep.p50Ms),
    recordsPageP99Ms: round(records.deep.p99Ms),
    ordersVsRecords: ratio(orders.deep.rowsPerSecond, records.deep.rowsPerSecond),
    ordersFirstPagesPerSecond: round(orders.first.pagesPerSecond),
    recordsFirstPagesPerSecond: round(records.first.pagesPerSecond),
    ordersFirstPageVsRecords: ratio(orders.first.pagesPerSecond, records.first.pagesPerSecond),
    listFailures: failures,
  });
  const n = lists.rows.toLocaleString('en-US');
  console.info(
    `GET /api/v1/payout/orders, ${n} orders, ${lists.pageSize} a page, ${HTTP_CLIENTS} connections walking it by nextCursor, after a ${WARMUP_SECONDS} s warm-up: ${round(orders.deep.pagesPerSecond)} pages/s (${round(orders.deep.rowsPerSecond)} orders listed/s) = ${figures.ordersVsRecords}x GET /api/v1/wallet/records over ${n} records (${round(records.deep.pagesPerSecond)} pages/s, ${round(records.deep.rowsPerSecond)} records listed/s; target >= 1.0x); p50/p99 ${latency(orders.deep)} against ${latency(records.deep)}`,
  );
  console.info(
    `  first page only (the screen opening), same connections: orders ${round(orders.first.pagesPerSecond)} pages/s = ${figures.ordersFirstPageVsRecords}x records ${round(records.first.pagesPerSecond)} pages/s; p50/p99 ${latency(orders.first)} against ${latency(records.first)}`,
  );
  console.info(
    `  server: apps/server/src/main.ts in its own process, set up as for the money requests, load from another; one member with a bearer session, ${n} adjustment journals and ${n} orders seeded in ${round(lists.seedSeconds)} s`,
  );
  listProblems(lists, 'orders', orders);
  listProblems(lists, 'records', records);
  for (const line of lists.serverErrors) console.info(`  server error log: ${line}`);
}

/** The live event stream's fan-out: delivery latency and memory per stream, against a bare Node SSE server. */
async function liveFigures(db: Db, url: string, figures: Figures) {
  const live = await liveFanOut(db, url, { streams: LIVE_STREAMS, seconds: SECONDS });
  const { app, bare } = live;
  Object.assign(figures, {
    liveStreams: live.streams,
    liveExpected: app.load.expected,
    liveDelivered: app.load.delivered,
    liveMissing: app.load.missing,
    liveDuplicates: app.load.duplicates,
    liveP50Ms: round(app.load.p50Ms),
    liveP99Ms: round(app.load.p99Ms),
    liveMaxMs: round(app.load.maxMs),
    liveP50FromCommitMs: round(app.load.fromCommit.p50Ms),
    liveP99FromCommitMs: round(app.load.fromCommit.p99Ms),
    liveWriteMs: round(live.writeMs.p50),
    liveEventsPerSecond: round(app.load.eventsPerSecond),
    liveKbPerStream: round(app.kbPerStream),
    liveBareP50Ms: round(bare.load.p50Ms),
    liveBareP99Ms: round(bare.load.p99Ms),
    liveBareDelivered: bare.load.delivered,
    liveBareKbPerStream: round(bare.kbPerStream),
  });
  console.info(
    `live fan-out: ${live.streams} streams, 1 event/s each for ${live.ticks} s: delivered ${app.load.delivered}/${app.load.expected}, p50 ${round(app.load.p50Ms)} ms, p99 ${round(app.load.p99Ms)} ms (bare SSE server: p99 ${round(bare.load.p99Ms)} ms), memory per stream ${round(app.kbPerStream)} KB (bare: ${round(bare.kbPerStream)} KB); targets p99 < 200 ms, < 20 KB`,
  );
  console.info(
    `  GET /api/v1/me/events with bearer sessions on apps/server/src/main.ts in its own process, set up as for the money requests; the streams held and timed by another process, one socket each; the notifications written by a third as another server writes them (${live.streams} rows in one transaction a second, then the change feed's NOTIFYs, 100 members each), so they arrive through LISTEN and the hub's read`,
  );
  console.info(
    `  latency from the time written into each notification before its insert; the writer's insert and commit took ${round(live.writeMs.p50)} ms (max ${round(live.writeMs.max)}), its NOTIFYs ${round(live.notifyMs.p50)} ms more (max ${round(live.notifyMs.max)}); from the commit: p50 ${round(app.load.fromCommit.p50Ms)} ms, p99 ${round(app.load.fromCommit.p99Ms)} ms`,
  );
  liveSide('app', app);
  liveSide('bare SSE server (node:http, the same events from a timer, no database)', bare);
  console.info(`  ${live.streams} members with sessions made in ${round(live.setupSeconds)} s`);
  for (const line of live.serverErrors) console.info(`  server log (warnings and errors): ${line}`);
}

function liveSide(name: string, side: LiveSide) {
  const { load, opened, rssKb } = side;
  console.info(
    `  ${name}: delivered ${load.delivered}/${load.expected} (${round(load.eventsPerSecond)} events/s), p50/p99/max ${round(load.p50Ms)}/${round(load.p99Ms)}/${round(load.maxMs)} ms, slowest tick complete after ${round(load.slowestTickMs)} ms; server CPU ${round(side.serverCpuSeconds)} s in ${round(side.windowSeconds)} s (${load.delivered === 0 ? '-' : Math.round((side.serverCpuSeconds * 1e6) / load.delivered)} µs an event delivered); RSS ${mb(rssKb.idle)} MB idle, ${mb(rssKb.open)} MB with the streams open, ${mb(rssKb.after)} MB after the events (${round(side.kbPerStreamAfter)} KB a stream); ${opened.open} streams opened in ${round(opened.seconds)} s; the load process used ${round(load.cpuSeconds)} s CPU, RSS ${mb(load.rssKb)} MB`,
  );
  const problems = [
    load.missing > 0 ? `${load.missing} not delivered (waited up to ${DRAIN_MS / 1000} s after the last tick)` : '',
    load.duplicates > 0 ? `${load.duplicates} duplicates` : '',
    load.strays > 0 ? `${load.strays} not of the ticks sent` : '',
    load.ended > 0 ? `${load.ended} streams ended by the server` : '',
    Object.keys(opened.failures).length > 0 ? `streams not opened: ${failureList(opened.failures)}` : '',
  ].filter(Boolean);
  if (problems.length > 0) console.info(`  FAILED (${name}): ${problems.join(', ')}`);
}

const mb = (kb: number) => round(kb / 1024);

/** Lists that did not read back whole, newest first, or failed requests: FAILED, with the counts. */
function listProblems(lists: ListsFigures, name: string, r: ListLoadResult) {
  const walk = r.walk;
  if (walk.rows !== lists.rows || walk.distinct !== lists.rows || !walk.newestFirst)
    console.info(
      `  FAILED: walking the ${name} list read ${walk.rows} rows (${walk.distinct} distinct${walk.newestFirst ? '' : ', NOT newest first'}) over ${walk.pages} pages, not ${lists.rows}`,
    );
  if (Object.keys(r.failures).length > 0)
    console.info(
      `  FAILED: ${name} non-2xx answers or errors: ${failureList(r.failures)}${r.serverErrors > 0 ? ` (${r.serverErrors} were 5xx)` : ''}`,
    );
}

const latency = (r: { p50Ms: number; p99Ms: number }) => `${round(r.p50Ms)}/${round(r.p99Ms)} ms`;

function moneyLine(r: MoneyLoadResult, tpcbTps: number): string {
  return `${round(r.perSecond)} req/s (${r.ok} answered 2xx in the window) = ${ratio(r.perSecond, tpcbTps)}x TPC-B (target >= 1.0x); p50 ${round(r.p50Ms)} ms, p99 ${round(r.p99Ms)} ms (target < 50 ms)`;
}

/** Where a money request's time goes: CPU of the server and of PostgreSQL, its transactions and WAL. */
function costLine(cost: RequestCost, perSecond: number, what = '') {
  const busy = ((cost.serverCpuMs + cost.databaseCpuMs) * perSecond) / 10 / os.cpus().length;
  console.info(
    `  where the time goes, per request${what} over warm-up and window: server CPU ${round(cost.serverCpuMs)} ms, PostgreSQL backends' CPU ${round(cost.databaseCpuMs)} ms, ${round(cost.transactions)} transactions (each autocommit statement one), ${round(cost.walKb)} KB of WAL; at ${round(perSecond)} req/s the two take ${round(busy)} % of the machine's ${os.cpus().length} cores (the load generator and the rest share what is left)`,
  );
}

/** Failed requests, printed whenever there are any; 5xx answers are named apart. */
function moneyProblems(r: MoneyLoadResult) {
  const failed = Object.values(r.failures).reduce((a, b) => a + b, 0);
  console.info(`  failures (warm-up included): ${failureList(r.failures)}`);
  if (r.serverErrors > 0) console.info(`  ${r.serverErrors} ANSWERS WERE 5xx`);
  if (r.usersRetired > 0) console.info(`  ${r.usersRetired} users were left out after a failed request (of ${failed} failures)`);
}

function failureList(counts: Record<string, number>): string {
  const entries = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  return entries.length === 0 ? 'none' : entries.map(([what, n]) => `${what} x${n}`).join(', ');
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const round = (n: number) => Math.round(n * 10) / 10;
const percent = (share: number) => `${Math.round(share * 100)} %`;
const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
