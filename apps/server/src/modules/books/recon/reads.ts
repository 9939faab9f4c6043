import { type BreakCause, type BreakKind, Decimal, type ReconBreak, type ReconRun } from '@wallet/contract';
import type { Db } from '../../../platform/db/database';
import type { BreakStatus, ReconSource } from '../../../platform/db/schema-books';
import { AppError } from '../../../platform/errors';
import { operatorEmailsSql } from '../../operators/operators-service';
import { BOOKABLE_KINDS } from './breaks';

/** What the console reads of the books' reconciliation: runs and breaks, newest first, with who acted. */

const amount = (value: string | null) => (value === null ? null : new Decimal(value).toFixed());

function runsQuery(db: Db) {
  return db
    .selectFrom('recon_runs as r')
    .leftJoin(operatorEmailsSql().as('o'), 'o.id', 'r.operator_id')
    .selectAll('r')
    .select('o.email as operator_email');
}

type RunRow = Awaited<ReturnType<ReturnType<typeof runsQuery>['executeTakeFirstOrThrow']>>;

const runView = (row: RunRow): ReconRun => ({
  id: row.id,
  cutoffAt: row.cutoff_at.toISOString(),
  trigger: row.trigger,
  operatorEmail: row.operator_email,
  status: row.status,
  errorSource: row.error_source,
  error: row.error,
  sources: row.sources,
  summary: row.summary,
  startedAt: row.started_at.toISOString(),
  finishedAt: row.finished_at?.toISOString() ?? null,
});

export async function listRuns(db: Db, page: { offset: number; limit: number }) {
  const [rows, total] = await Promise.all([
    runsQuery(db).orderBy('r.started_at', 'desc').orderBy('r.id', 'desc').offset(page.offset).limit(page.limit).execute(),
    db
      .selectFrom('recon_runs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(runView), total: Number(total.n) };
}

export async function runById(db: Db, id: string): Promise<ReconRun> {
  const row = await runsQuery(db).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('BOOKS_RUN_NOT_FOUND');
  return runView(row);
}

function breakView(row: {
  id: string;
  identity: string;
  source: ReconSource;
  kind: string;
  network: string | null;
  currency: string;
  subject: string | null;
  expected: string | null;
  observed: string | null;
  difference: string;
  cause: string;
  details: Record<string, unknown>;
  status: BreakStatus;
  journal_id: string | null;
  opened_at: Date;
  closed_at: Date | null;
  updated_at: Date;
}): ReconBreak {
  return {
    id: row.id,
    identity: row.identity,
    source: row.source,
    kind: row.kind as BreakKind,
    network: row.network,
    currency: row.currency,
    subject: row.subject,
    expected: amount(row.expected),
    observed: amount(row.observed),
    difference: new Decimal(row.difference).toFixed(),
    cause: row.cause as BreakCause,
    details: row.details,
    status: row.status,
    bookable: BOOKABLE_KINDS.has(row.kind),
    journalId: row.journal_id,
    openedAt: row.opened_at.toISOString(),
    closedAt: row.closed_at?.toISOString() ?? null,
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function listBreaks(
  db: Db,
  filter: { status?: BreakStatus | undefined; source?: ReconSource | undefined },
  page: { offset: number; limit: number },
) {
  let query = db.selectFrom('recon_breaks');
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.source) query = query.where('source', '=', filter.source);
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(breakView), total: Number(total.n) };
}

/** A break with its whole history, oldest first. */
export async function breakById(db: Db, id: string) {
  const row = await db.selectFrom('recon_breaks').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('BOOKS_BREAK_NOT_FOUND');
  const events = await db
    .selectFrom('recon_break_events as e')
    .leftJoin(operatorEmailsSql().as('o'), 'o.id', 'e.operator_id')
    .selectAll('e')
    .select('o.email as operator_email')
    .where('e.break_id', '=', id)
    .orderBy('e.id')
    .execute();
  return {
    ...breakView(row),
    history: events.map((e) => ({
      id: e.id,
      event: e.event,
      runId: e.run_id,
      expected: amount(e.expected),
      observed: amount(e.observed),
      difference: amount(e.difference),
      operatorEmail: e.operator_email,
      approvalId: e.approval_id,
      journalId: e.journal_id,
      note: e.note,
      at: e.at.toISOString(),
    })),
  };
}
