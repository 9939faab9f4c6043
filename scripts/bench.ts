import os from 'node:os';
import { ledgerViolations } from '../apps/server/src/modules/ledger';
import { type DatabaseHandle, type Db, openDatabase } from '../apps/server/src/platform/db/database';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate';
import { cardAuthorizations, WARMUP_SECONDS } from './bench/cards';
import { chainBench } from './bench/chain';
import { benchDatabase } from './bench/database';
import { balancesOverHttp } from './bench/http';
import { fundedWallets, postingsPerSecond, uniformPick } from './bench/ledger';
import { type ListsFigures, listsOverHttp } from './bench/lists';
import type { ListLoadResult } from './bench/lists-load';
import { moneyOverHttp, SERVER_LOG_LEVEL, SERVER_POOL } from './bench/money';
import type { MoneyLoadResult } from './bench/money-load';
import { tpcb } from './bench/pgbench';

/**
 * `npm run bench`: figures and the baselines they are compared with, measured in the same run on the
 * same machine and database. Not a test: it prints, it does not judge. The last line is one JSON object.
 * BENCH_SECONDS (10) is each counted window; BENCH_USERS (1024) the users of the money requests;
 * BENCH_SERVER_POOL (20) and BENCH_SERVER_LOG_LEVEL (info) configure the server they run against.
 * BENCH_ONLY=lists runs only the paged lists (orders against records) and the ledger check after them.
 */
const CLIENTS = 16;
/** Concurrent clients of the HTTP figures: users' phones, an issuer's calls. */
const HTTP_CLIENTS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MONEY_USERS = Number(process.env.BENCH_USERS ?? 1024);
const ONLY = process.env.BENCH_ONLY;

type Figures = Record<string, number | string>;

async function main() {
  if (ONLY !== undefined && ONLY !== 'lists') throw new Error(`BENCH_ONLY=${ONLY}: the only part that runs alone is 'lists'`);
  const database = await benchDatabase();
  const handle = openDatabase(database.url, CLIENTS + 4);
  const figures: Figures = { clients: CLIENTS, httpClients: HTTP_CLIENTS, seconds: SECONDS };
  // Everything here shares the machine with whatever else runs on it: a busy machine lowers every figure.
  console.info(`machine: ${os.availableParallelism()} cores, load average ${loadAverage()} at start`);
  try {
    await migrateToLatest(handle.db);
    if (ONLY !== 'lists') await everyOtherFigure(handle, database.url, figures);
    await listFigures(handle.db, database.url, figures);

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

  const baseline = await tpcb(url, CLIENTS, SECONDS);
  figures.tpcbTps = round(baseline.tps);
  figures.tpcbTool = baseline.tool;
  console.info(`TPC-B baseline (${baseline.tool}): ${round(baseline.tps)} transactions/s`);

  // The ledger alone, as the request handlers post (one transaction per posting): the floor under the HTTP figures.
  const single = await postingsPerSecond(handle.db, CLIENTS, SECONDS, uniformPick(wallets));
  figures.ledgerSinglePerSecond = round(single);
  console.info(
    `ledger postings in-process (no HTTP), one per transaction, spread over 1000 accounts: ${round(single)}/s = ${ratio(single, baseline.tps)}x TPC-B`,
  );

  // Money requests end to end: the server as `npm start` runs it, the load from another process.
  const money = await moneyOverHttp(handle.db, url, {
    connections: HTTP_CLIENTS,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    users: MONEY_USERS,
    tpcbTps: baseline.tps,
  });
  for (const [name, r] of [
    ['transfer', money.transfer],
    ['exchange', money.exchange],
  ] as const)
    Object.assign(figures, {
      [`${name}PerSecond`]: round(r.perSecond),
      [`${name}P50Ms`]: round(r.p50Ms),
      [`${name}P99Ms`]: round(r.p99Ms),
      [`${name}VsTpcb`]: ratio(r.perSecond, baseline.tps),
      [`${name}Failures`]: Object.values(r.failures).reduce((a, b) => a + b, 0),
      [`${name}ServerErrors`]: r.serverErrors,
    });
  const setting = `${HTTP_CLIENTS} clients over ${money.users} users, after a ${WARMUP_SECONDS} s warm-up`;
  console.info(
    `POST /api/v1/wallet/transfers (by UID, 1 USDT, emailed code and payment password), ${setting}: ${moneyLine(money.transfer, baseline.tps)}`,
  );
  moneyProblems(money.transfer);
  if (money.transfer.clientsOutOfCodes > 0)
    console.info(
      `  ${money.transfer.clientsOutOfCodes} clients used up their users' transfer codes (${money.codesPerUser} each) before the end: the figure is a floor`,
    );
  console.info(`POST /api/v1/wallet/exchange (10 USDT to USD, payment password), ${setting}: ${moneyLine(money.exchange, baseline.tps)}`);
  const quotes = money.exchange.quotes;
  if (quotes)
    console.info(
      `  each after its own POST /api/v1/wallet/exchange/quotes, as the app does (not counted above): p50 ${round(quotes.p50Ms)} ms, p99 ${round(quotes.p99Ms)} ms; failures: ${failureList(quotes.failures)}`,
    );
  moneyProblems(money.exchange);
  console.info(
    `  server: apps/server/src/main.ts in its own process (NODE_ENV=test, LOG_LEVEL=${SERVER_LOG_LEVEL} to a file, DATABASE_POOL_MAX=${SERVER_POOL}), load from another; users with bearer sessions and payment passwords, ${money.codesPerUser} transfer codes each stored beforehand`,
  );
  const stored = money.stored;
  const asAnswered = stored.transfers === money.transfer.okTotal && stored.exchanges === money.exchange.okTotal;
  console.info(
    `  the database holds ${stored.transfers} transfers and ${stored.exchanges} executed exchanges; ${money.transfer.okTotal} and ${money.exchange.okTotal} were answered 2xx (warm-up included)${asAnswered ? '' : ': MISMATCH'}`,
  );
  console.info(
    `  the payment-password check alone (argon2id verify, as each of these requests runs it, ${HTTP_CLIENTS} at once in one process): ${round(money.passwordChecksPerSecond)}/s`,
  );
  for (const line of money.serverErrors) console.info(`  server error log: ${line}`);
  figures.passwordChecksPerSecond = round(money.passwordChecksPerSecond);

  const chain = await chainBench(handle, url);
  Object.assign(figures, {
    chainScanBlocksPerSecond: round(chain.scanBlocksPerSecond),
    chainCreditPassMs: round(chain.creditPassMs),
    chainCreditDelayMedianMs: round(chain.creditDelayMedianMs),
    chainCreditDelayMaxMs: round(chain.creditDelayMaxMs),
  });
  console.info(
    `chain catch-up scan: ${chain.scanBlocks} local blocks holding ${chain.scanDeposits} deposits at ${round(chain.scanBlocksPerSecond)} blocks/s (target >= 2000); crediting them took ${round(chain.creditPassMs)} ms`,
  );
  console.info(
    `chain credit delay after the confirming block (pg-boss job loop, CHAIN_POLL_MS default): median ${round(chain.creditDelayMedianMs)} ms, max ${round(chain.creditDelayMaxMs)} ms (target < 1000 ms)`,
  );

  // Card authorization webhooks: signed, decided from the card balance, each approval a real ledger hold.
  const cards = await cardAuthorizations(handle, url, HTTP_CLIENTS, SECONDS);
  const declined = Object.values(cards.recorded.declined).reduce((a, b) => a + b, 0);
  const frozen = Object.values(cards.freezes).reduce((a, b) => a + b, 0);
  Object.assign(figures, {
    cardAuthorizationsPerSecond: round(cards.decisionsPerSecond),
    cardAuthorizationP50Ms: round(cards.p50Ms),
    cardAuthorizationP99Ms: round(cards.p99Ms),
    cardAuthorizationsVsTpcb: ratio(cards.decisionsPerSecond, baseline.tps),
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

  const http = await balancesOverHttp(handle, url, HTTP_CLIENTS, SECONDS);
  figures.bareFastifyRps = round(http.bareRps);
  figures.balancesRps = round(http.balancesRps);
  figures.balancesVsBare = ratio(http.balancesRps, http.bareRps);
  console.info(
    `GET /api/v1/wallet/balances, authenticated, ${HTTP_CLIENTS} connections: ${round(http.balancesRps)} req/s = ${figures.balancesVsBare}x a bare Fastify route (${round(http.bareRps)} req/s; target >= 0.5x)`,
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
const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
