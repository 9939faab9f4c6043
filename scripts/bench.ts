import { PostingQueue } from '../apps/server/src/modules/wallet/posting-queue';
import { openDatabase } from '../apps/server/src/platform/db/database';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate';
import { cardAuthorizations, WARMUP_SECONDS } from './bench/cards';
import { chainBench } from './bench/chain';
import { benchDatabase } from './bench/database';
import { balancesOverHttp } from './bench/http';
import { fundedWallets, hotPick, postingsPerSecond, uniformPick } from './bench/ledger';
import { tpcb } from './bench/pgbench';

/**
 * `npm run bench`: figures and the baselines they are compared with, measured in the same run on the
 * same machine and database. Not a test: it prints, it does not judge. The last line is one JSON object.
 */
const CLIENTS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function main() {
  const database = await benchDatabase();
  const handle = openDatabase(database.url, CLIENTS + 4);
  const figures: Record<string, number | string> = { clients: CLIENTS, seconds: SECONDS };
  try {
    await migrateToLatest(handle.db);
    const wallets = await fundedWallets(handle.db, 1000);

    const baseline = await tpcb(database.url, CLIENTS, SECONDS);
    figures.tpcbTps = round(baseline.tps);
    figures.tpcbTool = baseline.tool;
    console.info(`TPC-B baseline (${baseline.tool}): ${round(baseline.tps)} transactions/s`);

    // One transaction per posting, as the request handlers post today.
    const single = await postingsPerSecond(handle.db, CLIENTS, SECONDS, uniformPick(wallets));
    figures.ledgerSinglePerSecond = round(single);
    console.info(
      `ledger postings one per transaction, spread over 1000 accounts: ${round(single)}/s = ${ratio(single, baseline.tps)}x TPC-B`,
    );

    // Through the posting queue, which shares transactions between postings that arrive together.
    const uniform = await postingsPerSecond(handle.db, CLIENTS, SECONDS, uniformPick(wallets), new PostingQueue(handle.db));
    figures.ledgerUniformPerSecond = round(uniform);
    figures.uniformVsTpcb = ratio(uniform, baseline.tps);
    console.info(
      `ledger postings batched, spread over 1000 accounts: ${round(uniform)}/s = ${figures.uniformVsTpcb}x TPC-B (target >= 1.0x)`,
    );

    const hot = await postingsPerSecond(handle.db, CLIENTS, SECONDS, hotPick(wallets), new PostingQueue(handle.db));
    figures.ledgerHotPerSecond = round(hot);
    figures.hotVsUniform = ratio(hot, uniform);
    console.info(
      `ledger postings batched, all through one hot account: ${round(hot)}/s = ${figures.hotVsUniform}x uniform (target >= 0.5x)`,
    );

    const chain = await chainBench(handle, database.url);
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
    const cards = await cardAuthorizations(handle, database.url, 64, SECONDS);
    Object.assign(figures, {
      cardAuthorizationsPerSecond: round(cards.decisionsPerSecond),
      cardAuthorizationP50Ms: round(cards.p50Ms),
      cardAuthorizationP99Ms: round(cards.p99Ms),
      cardAuthorizationsVsTpcb: ratio(cards.decisionsPerSecond, baseline.tps),
      bareWebhookPerSecond: round(cards.floor.perSecond),
      bareWebhookP50Ms: round(cards.floor.p50Ms),
      bareWebhookP99Ms: round(cards.floor.p99Ms),
    });
    console.info(
      `card authorization webhooks, 64 concurrent over 64 cards, every approval a ledger hold, after a ${WARMUP_SECONDS} s warm-up: ${round(cards.decisionsPerSecond)}/s = ${figures.cardAuthorizationsVsTpcb}x TPC-B (target >= 1.0x); p50 ${round(cards.p50Ms)} ms, p99 ${round(cards.p99Ms)} ms (target < 50 ms)`,
    );
    console.info(
      `  the same load against a bare route that checks the signature and answers without deciding: ${round(cards.floor.perSecond)}/s; p50 ${round(cards.floor.p50Ms)} ms, p99 ${round(cards.floor.p99Ms)} ms`,
    );

    const http = await balancesOverHttp(handle, database.url, 64, SECONDS);
    figures.bareFastifyRps = round(http.bareRps);
    figures.balancesRps = round(http.balancesRps);
    figures.balancesVsBare = ratio(http.balancesRps, http.bareRps);
    console.info(
      `GET /api/v1/wallet/balances, authenticated, 64 connections: ${round(http.balancesRps)} req/s = ${figures.balancesVsBare}x a bare Fastify route (${round(http.bareRps)} req/s; target >= 0.5x)`,
    );
  } finally {
    await handle.close();
    await database.close();
  }
  console.info(JSON.stringify(figures));
}

const round = (n: number) => Math.round(n * 10) / 10;
const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
