import { type BreakKind, Decimal } from '@wallet/contract';
import type { Transaction } from 'kysely';
import type { Clock } from '../../../platform/clock';
import type { Db, Executor } from '../../../platform/db/database';
import type { Database } from '../../../platform/db/schema';
import type { BreakEvent, ReconSource } from '../../../platform/db/schema-books';
import { AppError } from '../../../platform/errors';
import { recordOperatorAudit } from '../../operators/audit-chain';
import type { OperatorContext } from '../../operators/context';
import type { Difference, OpenBreak } from '../source';

/**
 * The life of a break (ADR 0037): one row per identity, its history appended to recon_break_events
 * (the database refuses updates and deletes there). A run applies every source's differences at once;
 * an operator accepts a break with a note; a booking fixes one (booking.ts).
 */

/** The kinds a booking can fix: the ledger's side is one account the booking moves to match the outside. */
export const BOOKABLE_KINDS: ReadonlySet<string> = new Set<BreakKind>(['chain_balance', 'card_balance']);

export interface ApplySummary {
  opened: number;
  seenAgain: number;
  reopened: number;
  resolved: number;
}

const same = (a: string | null, b: string | null) => (a === null || b === null ? a === b : new Decimal(a).eq(b));

export async function appendEvent(
  trx: Executor,
  event: {
    break_id: string;
    run_id: string | null;
    event: BreakEvent;
    expected: string | null;
    observed: string | null;
    difference: string | null;
    operator_id?: string | null;
    approval_id?: string | null;
    journal_id?: string | null;
    note?: string | null;
    at: Date;
  },
): Promise<void> {
  await trx
    .insertInto('recon_break_events')
    .values({ operator_id: null, approval_id: null, journal_id: null, note: null, ...event })
    .execute();
}

/** The open breaks of a source, as the source must check them again. */
export async function openBreaksOf(db: Executor, source: ReconSource): Promise<OpenBreak[]> {
  const rows = await db
    .selectFrom('recon_breaks')
    .select(['identity', 'kind', 'network', 'currency', 'subject', 'details'])
    .where('source', '=', source)
    .where('status', '=', 'open')
    .orderBy('identity')
    .execute();
  return rows.map((row) => ({ ...row, kind: row.kind as BreakKind }));
}

/**
 * Applies one run's findings in the run's transaction. `read` names the sources that answered: only
 * their open breaks that were not found again resolve (a source that was not read resolves nothing).
 */
export async function applyDifferences(
  trx: Transaction<Database>,
  run: { id: string; at: Date },
  read: readonly ReconSource[],
  found: readonly Difference[],
): Promise<ApplySummary> {
  const summary: ApplySummary = { opened: 0, seenAgain: 0, reopened: 0, resolved: 0 };
  const identities = found.map((d) => d.identity);
  // Locked in identity order, as every other writer of a break locks one row: no deadlock.
  const existing =
    identities.length === 0 && read.length === 0
      ? []
      : await trx
          .selectFrom('recon_breaks')
          .selectAll()
          .where((eb) =>
            eb.or([
              ...(identities.length > 0 ? [eb('identity', 'in', identities)] : []),
              ...(read.length > 0 ? [eb.and([eb('source', 'in', [...read]), eb('status', '=', 'open')])] : []),
            ]),
          )
          .orderBy('identity')
          .forUpdate()
          .execute();
  const byIdentity = new Map(existing.map((row) => [row.identity, row]));
  const figures = (d: Difference) => ({ expected: d.expected, observed: d.observed, difference: d.difference });

  for (const d of found) {
    const row = byIdentity.get(d.identity);
    byIdentity.delete(d.identity);
    if (!row) {
      const { id } = await trx
        .insertInto('recon_breaks')
        .values({
          identity: d.identity,
          source: d.source,
          kind: d.kind,
          network: d.network,
          currency: d.currency,
          subject: d.subject,
          ...figures(d),
          cause: d.cause,
          details: JSON.stringify(d.details),
          status: 'open',
          first_run_id: run.id,
          last_run_id: run.id,
          journal_id: null,
          opened_at: run.at,
          closed_at: null,
          updated_at: run.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await appendEvent(trx, { break_id: id, run_id: run.id, event: 'opened', ...figures(d), at: run.at });
      summary.opened += 1;
      continue;
    }
    const changes = {
      ...figures(d),
      cause: d.cause,
      details: JSON.stringify(d.details),
      last_run_id: run.id,
      updated_at: run.at,
    };
    if (row.status === 'accepted' && same(row.difference, d.difference)) {
      // Accepted as it stands: the operator's note still holds, nothing new to tell.
      await trx.updateTable('recon_breaks').set({ last_run_id: run.id }).where('id', '=', row.id).execute();
      continue;
    }
    if (row.status === 'open') {
      await trx.updateTable('recon_breaks').set(changes).where('id', '=', row.id).execute();
      await appendEvent(trx, { break_id: row.id, run_id: run.id, event: 'seen_again', ...figures(d), at: run.at });
      summary.seenAgain += 1;
      continue;
    }
    // Resolved, fixed, or accepted at another difference: it differs again, and is open again.
    await trx
      .updateTable('recon_breaks')
      .set({ ...changes, status: 'open', closed_at: null, journal_id: null })
      .where('id', '=', row.id)
      .execute();
    await appendEvent(trx, { break_id: row.id, run_id: run.id, event: 'reopened', ...figures(d), at: run.at });
    summary.reopened += 1;
  }

  // What is left are open breaks of the sources read that were not found again: they matched.
  for (const row of byIdentity.values()) {
    if (row.status !== 'open' || !read.includes(row.source)) continue;
    await trx
      .updateTable('recon_breaks')
      .set({ status: 'resolved', closed_at: run.at, last_run_id: run.id, updated_at: run.at })
      .where('id', '=', row.id)
      .execute();
    await appendEvent(trx, {
      break_id: row.id,
      run_id: run.id,
      event: 'resolved',
      expected: null,
      observed: null,
      difference: null,
      at: run.at,
    });
    summary.resolved += 1;
  }
  return summary;
}

/** Locks a break for a change by an operator; refuses one that does not exist. */
export async function lockBreak(trx: Transaction<Database>, id: string) {
  const row = await trx.selectFrom('recon_breaks').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw new AppError('BOOKS_BREAK_NOT_FOUND');
  return row;
}

/** An operator accepts an open break as it stands, with a note; audited with it. */
export async function acceptBreak(deps: { db: Db; clock: Clock }, operator: OperatorContext, id: string, note: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockBreak(trx, id);
    if (row.status !== 'open') throw new AppError('BOOKS_BREAK_NOT_OPEN');
    await trx.updateTable('recon_breaks').set({ status: 'accepted', closed_at: now, updated_at: now }).where('id', '=', id).execute();
    await appendEvent(trx, {
      break_id: id,
      run_id: null,
      event: 'accepted',
      expected: row.expected,
      observed: row.observed,
      difference: row.difference,
      operator_id: operator.operatorId,
      note,
      at: now,
    });
    await recordOperatorAudit(trx, operator, {
      action: 'books.break_accept',
      object: `break:${id}`,
      before: { status: 'open' },
      after: { status: 'accepted', identity: row.identity, difference: new Decimal(row.difference).toFixed() },
      reason: note,
    });
  });
}
