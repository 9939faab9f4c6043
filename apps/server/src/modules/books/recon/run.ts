import { Decimal } from '@wallet/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/database';
import type { Database } from '../../../platform/db/schema';
import type { ReconSource, ReconTrigger, SourcePoint } from '../../../platform/db/schema-books';
import { AppError } from '../../../platform/errors';
import type { BackgroundWork } from '../background';
import type { BooksSource, Difference, SourceReading } from '../source';
import { applyDifferences, openBreaksOf } from './breaks';
import { openBreakCount } from './counts';

/**
 * One reconciliation (ADR 0037): every source is read first, outside any transaction, and only when
 * all answered are their differences applied, in one transaction. A source that cannot be read fails
 * the run and changes no break: an unread source is never taken as "matched".
 */

export interface ReconDeps {
  db: Db;
  clock: Clock;
  logger: FastifyBaseLogger;
  sources: readonly BooksSource[];
}

export interface RunRequest {
  trigger: ReconTrigger;
  operatorId?: string | null;
  cutoffAt: Date;
}

/** A run still 'running' after this long was cut short (a crash, a restart): it is marked failed. */
export const ABANDONED_AFTER_MS = 10 * 60_000;
// One key for the start of runs: two operators pressing at once, or a worker and an operator.
const START_LOCK = sql`hashtextextended('books:recon_run', 0)`;

export async function loadRun(db: Db | Transaction<Database>, id: string) {
  return db.selectFrom('recon_runs').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Starts a run: refuses BOOKS_RUN_IN_PROGRESS while another runs, and answers null for a scheduled
 * cut-off that already has its run (another worker took it). `inStart` runs in the same transaction
 * as the insert (the operator's audit entry).
 */
export async function startRun(
  deps: Pick<ReconDeps, 'db' | 'clock'>,
  request: RunRequest,
  inStart?: (trx: Transaction<Database>, runId: string) => Promise<void>,
) {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${START_LOCK})`.execute(trx);
    if (request.trigger === 'schedule') {
      const taken = await trx
        .selectFrom('recon_runs')
        .select('id')
        .where('trigger', '=', 'schedule')
        .where('cutoff_at', '=', request.cutoffAt)
        .executeTakeFirst();
      if (taken) return null;
    }
    await trx
      .updateTable('recon_runs')
      .set({ status: 'failed', error: 'The run was abandoned: it did not finish within 10 minutes.', finished_at: now })
      .where('status', '=', 'running')
      .where('started_at', '<=', new Date(now.getTime() - ABANDONED_AFTER_MS))
      .execute();
    const running = await trx.selectFrom('recon_runs').select('id').where('status', '=', 'running').executeTakeFirst();
    if (running) throw new AppError('BOOKS_RUN_IN_PROGRESS');
    const run = await trx
      .insertInto('recon_runs')
      .values({
        cutoff_at: request.cutoffAt,
        trigger: request.trigger,
        operator_id: request.operatorId ?? null,
        error_source: null,
        error: null,
        summary: null,
        started_at: now,
        finished_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await inStart?.(trx, run.id);
    return run;
  });
}

const belongsTo = (source: ReconSource) => (point: SourcePoint) => point.source === source || point.source.startsWith(`${source}:`);

async function previousPoints(db: Db): Promise<SourcePoint[]> {
  const row = await db
    .selectFrom('recon_runs')
    .select('sources')
    .where('status', '=', 'completed')
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.sources ?? [];
}

const sentence = (text: string) => {
  const trimmed = text.trim() || 'The source failed without saying why';
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};

/**
 * Drops what a source should never answer (a zero difference between two figures, another source's,
 * an identity twice), logging it as the bug it is. Something one side lacks (a card the issuer does not
 * know, at zero) has no figure on that side and is a difference whatever the amounts.
 */
function checked(deps: ReconDeps, source: ReconSource, reading: SourceReading): Difference[] {
  const seen = new Set<string>();
  return reading.differences.filter((d) => {
    const wrong =
      d.source !== source
        ? 'a difference of another source'
        : new Decimal(d.difference).isZero() && d.expected !== null && d.observed !== null
          ? 'a difference of zero'
          : seen.has(d.identity)
            ? 'the same identity twice'
            : null;
    seen.add(d.identity);
    if (wrong)
      deps.logger.error({ source, identity: d.identity, difference: d.difference }, `reconciliation source answered ${wrong}; dropped`);
    return wrong === null;
  });
}

/**
 * Reads every source and applies what they found; never throws for a source's failure (it lands in
 * the run row). Throws only when the database itself fails, after trying to mark the run failed.
 */
export async function finishRun(deps: ReconDeps, run: { id: string; cutoff_at: Date }) {
  const base = { db: deps.db, cutoffAt: run.cutoff_at, runId: run.id };
  const before = await previousPoints(deps.db);
  const settled = await Promise.allSettled(
    deps.sources.map(async (source) =>
      source.reconcile({
        ...base,
        open: await openBreaksOf(deps.db, source.source),
        previousPoints: before.filter(belongsTo(source.source)),
      }),
    ),
  );
  const failedAt = settled.findIndex((s) => s.status === 'rejected');
  if (failedAt >= 0) {
    const reason = (settled[failedAt] as PromiseRejectedResult).reason;
    const source = (deps.sources[failedAt] as BooksSource).source;
    const error = sentence(reason instanceof Error ? reason.message : String(reason));
    await deps.db
      .updateTable('recon_runs')
      .set({ status: 'failed', error_source: source, error, finished_at: deps.clock.now() })
      .where('id', '=', run.id)
      .where('status', '=', 'running')
      .execute();
    deps.logger.error({ runId: run.id, source, err: reason }, 'reconciliation failed: a source could not be read');
    return loadRun(deps.db, run.id);
  }

  const readings = settled.map((s) => (s as PromiseFulfilledResult<SourceReading>).value);
  const points = readings.flatMap((r) => r.points);
  const found = readings.flatMap((reading, i) => checked(deps, (deps.sources[i] as BooksSource).source, reading));
  const now = deps.clock.now();
  const done = await deps.db.transaction().execute(async (trx) => {
    const still = await trx.selectFrom('recon_runs').select('status').where('id', '=', run.id).forUpdate().executeTakeFirst();
    // Marked abandoned meanwhile (it took too long): what it read is no longer the latest word.
    if (still?.status !== 'running') return false;
    const applied = await applyDifferences(
      trx,
      { id: run.id, at: now },
      deps.sources.map((s) => s.source),
      found,
    );
    const summary = {
      checked: points.reduce((total, p) => total + p.checked, 0),
      ...applied,
      open: await openBreakCount(trx),
    };
    await trx
      .updateTable('recon_runs')
      .set({ status: 'completed', sources: JSON.stringify(points), summary: JSON.stringify(summary), finished_at: now })
      .where('id', '=', run.id)
      .execute();
    return summary;
  });
  if (done) {
    const line = { runId: run.id, cutoffAt: run.cutoff_at.toISOString(), ...done };
    if (done.open > 0) deps.logger.warn(line, 'reconciliation finished with open breaks');
    else deps.logger.info(line, 'reconciliation finished');
  } else deps.logger.warn({ runId: run.id }, 'reconciliation finished after it was marked abandoned; nothing applied');
  return loadRun(deps.db, run.id);
}

/** finishRun, with an engine failure (the database) also landing in the run row rather than escaping. */
async function finishSafely(deps: ReconDeps, run: { id: string; cutoff_at: Date }) {
  try {
    return await finishRun(deps, run);
  } catch (error) {
    deps.logger.error({ err: error, runId: run.id }, 'reconciliation failed');
    await deps.db
      .updateTable('recon_runs')
      .set({ status: 'failed', error: sentence(error instanceof Error ? error.message : String(error)), finished_at: deps.clock.now() })
      .where('id', '=', run.id)
      .where('status', '=', 'running')
      .execute()
      .catch((again: unknown) => deps.logger.error({ err: again, runId: run.id }, 'reconciliation failure not recorded'));
    return loadRun(deps.db, run.id);
  }
}

/**
 * Runs a reconciliation to its end: for the job, tests and the bench. Null when a scheduled cut-off
 * already had its run; refuses BOOKS_RUN_IN_PROGRESS while another runs.
 */
export async function reconcile(deps: ReconDeps, request: RunRequest) {
  const run = await startRun(deps, request);
  if (!run) return null;
  return finishSafely(deps, run);
}

/** For a run started by an operator: goes on after the reply; whatever fails lands in the run row or the log. */
export function finishInBackground(deps: ReconDeps, run: { id: string; cutoff_at: Date }, background: BackgroundWork): void {
  background.start(() =>
    finishSafely(deps, run).catch((error: unknown) => deps.logger.error({ err: error, runId: run.id }, 'reconciliation run not read back')),
  );
}
