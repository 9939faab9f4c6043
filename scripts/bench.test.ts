import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** Each part of `npm run bench` and the figure it prints, first its line, then its keys in the closing JSON. */
const PARTS: Array<{ part: string; line: RegExp; keys: string[] }> = [
  { part: 'TPC-B baseline', line: /^TPC-B baseline \(\w+\): [\d.]+ transactions\/s$/m, keys: ['tpcbTps'] },
  { part: 'ledger postings', line: /^ledger postings in-process .*: [\d.]+\/s/m, keys: ['ledgerSinglePerSecond'] },
  { part: 'transfers over HTTP', line: /^POST \/api\/v1\/wallet\/transfers .*: [\d.]+ req\/s/m, keys: ['transferPerSecond'] },
  {
    part: 'exchanges over HTTP',
    line: /^POST \/api\/v1\/wallet\/exchange .*: [\d.]+ req\/s/m,
    keys: ['exchangePerSecond', 'exchangeSpreadPerSecond'],
  },
  { part: 'chain scan', line: /^chain catch-up scan: \d+ local blocks/m, keys: ['chainScanBlocksPerSecond'] },
  { part: 'chain crediting', line: /^chain crediting a backlog/m, keys: ['chainCreditBatchedPerSecond'] },
  { part: 'chain job loop', line: /^chain credit delay .*: median [\d.]+ ms/m, keys: ['chainCreditDelayMedianMs'] },
  { part: 'card authorizations', line: /^card authorization webhooks, .*: [\d.]+\/s/m, keys: ['cardAuthorizationsPerSecond'] },
  { part: 'authenticated reads', line: /^authenticated reads, .*: [\d.]+ req\/s/m, keys: ['readsRps', 'readsLifetimeRps'] },
  { part: 'lists', line: /^GET \/api\/v1\/payout\/orders, .*: [\d.]+ pages\/s/m, keys: ['ordersPagesPerSecond', 'recordsPagesPerSecond'] },
  { part: 'rewards engine', line: /^rewards engine on a backlog .*: [\d.]+ rewards computed and released\/s/m, keys: ['rewardsPerSecond'] },
  {
    part: 'agency summary',
    line: /^agency summary \(GET \/api\/v1\/agency\/summary\), .* p99 [\d.]+ ms/m,
    keys: ['teamSummaryRootP99Ms', 'teamSummaryMemberP99Ms'],
  },
  {
    part: 'proof-of-reserves snapshot',
    line: /^proof-of-reserves snapshot: \d+ members .* in [\d.]+ s/m,
    keys: ['reservesSnapshotSeconds', 'reservesBaselineSeconds'],
  },
  {
    part: 'issuer reconciliation',
    line: /^issuer reconciliation: \d+ cards made/m,
    keys: ['reconCardsSeconds', 'reconCardsBaselineSeconds'],
  },
  { part: 'whole app', line: /^whole app under load, .* req\/s/m, keys: ['appOneRps', 'appTwoRps'] },
  { part: 'live streams', line: /^live fan-out: \d+ streams/m, keys: ['liveDelivered'] },
  { part: 'start-up', line: /^server start-up on an existing database .*: ready in [\d.]+ ms/m, keys: ['startupReadyMs'] },
  { part: 'first screen', line: /^first screen of \/ signed in: [\d.]+ KB/m, keys: ['firstScreenKb'] },
];

/**
 * `npm run bench` whole, every part at a tiny size (BENCH_SMOKE=1), as npm test runs it: a change that
 * breaks a part of the bench fails here, not on the next person who measures. It measures nothing.
 */
it('runs every part of the bench to its figure, and the ledger still holds after it', { timeout: 900_000 }, async () => {
  const env: Record<string, string | undefined> = { ...process.env, BENCH_SMOKE: '1' };
  // npm test builds the web app before its tests: the first screen measures that build as it is,
  // rather than rebuilding a folder the browser tests may be serving at the same time.
  if (existsSync(`${ROOT}apps/web/dist/index.html`)) env.FIRST_SCREEN_DIST = `${ROOT}apps/web/dist`;
  for (const name of ['BENCH_ONLY', 'BENCH_SECONDS', 'BENCH_USERS', 'BENCH_LIVE_STREAMS', 'BENCH_APP_SECONDS']) delete env[name];
  const bench = spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', 'scripts/bench.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  bench.stdout.on('data', (chunk) => (out += chunk));
  bench.stderr.on('data', (chunk) => (err += chunk));
  const [code] = await once(bench, 'exit');
  const tail = `\n--- stdout\n${out.slice(-6000)}\n--- stderr\n${err.slice(-4000)}`;
  expect(code, `the bench exited with ${code}${tail}`).toBe(0);

  const figures = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
  for (const { part, line, keys } of PARTS) {
    expect(out, `${part}: its line${tail}`).toMatch(line);
    for (const key of keys) expect(typeof figures[key], `${part}: ${key} in the closing JSON`).toBe('number');
  }
  expect(out).toMatch(/^ledger invariants after the run: all hold$/m);
  expect(figures.ledgerViolations).toBe(0);
});
