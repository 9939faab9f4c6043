/**
 * BENCH_SMOKE=1 runs every part of the bench at a tiny size (a handful of members, rows, streams and
 * requests, windows of a second): it proves each part still runs to its figure (npm test does it,
 * scripts/bench.test.ts), it measures nothing worth reading.
 */
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** `full` for a real run, `smoke` under BENCH_SMOKE=1. */
export const sized = <T>(full: T, smoke: T): T => (SMOKE ? smoke : full);
