import type { ConsoleRound, ConsoleRoundBody } from '@wallet/contract';
import { Decimal } from '@wallet/contract';
import type { Clock } from '../../platform/clock';
import type { Db, Executor } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { recordOperatorAudit } from '../operators/audit-chain';
import type { OperatorContext } from '../operators/context';
import * as cq from './console-queries';
import * as q from './queries';
import { type RoundTerms, roundTerms } from './round-rules';
import { decimal, statusOf, tiersOf } from './rounds';

/** Rounds in the console (placement.rounds): create, edit, close; each change audited in its transaction. */

export interface PlacementConsoleDeps {
  db: Db;
  clock: Clock;
}

function consoleRoundView(row: cq.ConsoleRoundRow): ConsoleRound {
  return {
    id: row.id,
    name: row.name,
    rules: row.rules,
    status: row.status as ConsoleRound['status'],
    tiers: tiersOf(row),
    totalQuantity: decimal(row.total_quantity),
    sold: decimal(row.sold),
    minPerMember: decimal(row.min_per_member),
    maxPerMember: decimal(row.max_per_member),
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    kycRequired: row.kyc_required,
    buyers: Number(row.buyers),
    raised: decimal(row.raised),
    closedAt: row.closed_at?.toISOString() ?? null,
    closedReason: row.closed_reason,
    createdAt: row.created_at.toISOString(),
  };
}

/** What the audit keeps of a round's terms. */
const auditTerms = (terms: RoundTerms) => ({ ...terms, startsAt: terms.startsAt.toISOString(), endsAt: terms.endsAt.toISOString() });
const termsOf = (row: q.RoundRow): RoundTerms => ({
  name: row.name,
  rules: row.rules,
  tiers: tiersOf(row),
  totalQuantity: decimal(row.total_quantity),
  minPerMember: decimal(row.min_per_member),
  maxPerMember: decimal(row.max_per_member),
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  kycRequired: row.kyc_required,
});

export async function listConsoleRounds(deps: PlacementConsoleDeps, query: { status?: string | undefined; offset: number; limit: number }) {
  const { rows, total } = await cq.consoleRounds(deps.db, deps.clock.now(), query);
  return { items: rows.map(consoleRoundView), total };
}

export async function getConsoleRound(deps: PlacementConsoleDeps, id: string) {
  const row = await cq.consoleRound(deps.db, deps.clock.now(), id);
  if (!row) throw new AppError('PLACEMENT_ROUND_NOT_FOUND');
  return { round: consoleRoundView(row) };
}

async function reread(trx: Executor, id: string, now: Date) {
  const row = await cq.consoleRound(trx, now, id);
  if (!row) throw new AppError('PLACEMENT_ROUND_NOT_FOUND');
  return { round: consoleRoundView(row) };
}

export async function createRound(deps: PlacementConsoleDeps, operator: OperatorContext, body: ConsoleRoundBody) {
  const now = deps.clock.now();
  const terms = roundTerms(body, now);
  return deps.db.transaction().execute(async (trx) => {
    const id = await cq.insertRound(trx, terms, operator.operatorId, now);
    await recordOperatorAudit(trx, operator, {
      action: 'placement.round.create',
      object: `placement_round:${id}`,
      after: auditTerms(terms),
      reason: body.note,
    });
    return reread(trx, id, now);
  });
}

/**
 * Edits a round. Once a unit is sold its price tiers, per-member limits and start are what buyers
 * bought under, so they stay (PLACEMENT_ROUND_STARTED); names, rules, the end and KYC may change. The
 * round's row lock queues the edit with purchases, so "nothing sold" is true when the tiers change.
 */
export async function editRound(deps: PlacementConsoleDeps, operator: OperatorContext, id: string, body: ConsoleRoundBody) {
  const now = deps.clock.now();
  const terms = roundTerms(body, now);
  return deps.db.transaction().execute(async (trx) => {
    const row = await q.lockRound(trx, id);
    if (!row) throw new AppError('PLACEMENT_ROUND_NOT_FOUND');
    if (statusOf(row, now) === 'closed') throw new AppError('PLACEMENT_ROUND_CLOSED');
    const before = termsOf(row);
    if (new Decimal(row.sold).gt(0)) {
      const fixed = (t: RoundTerms) => JSON.stringify([t.tiers, t.minPerMember, t.maxPerMember, t.startsAt.toISOString()]);
      if (fixed(terms) !== fixed(before)) throw new AppError('PLACEMENT_ROUND_STARTED');
    }
    await cq.updateRound(trx, id, terms, now);
    await recordOperatorAudit(trx, operator, {
      action: 'placement.round.edit',
      object: `placement_round:${id}`,
      before: auditTerms(before),
      after: auditTerms(terms),
      reason: body.note,
    });
    return reread(trx, id, now);
  });
}

/** Closes a round now with the operator's reason; what was bought stays bought. */
export async function closeRound(deps: PlacementConsoleDeps, operator: OperatorContext, id: string, reason: string) {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const row = await q.lockRound(trx, id);
    if (!row) throw new AppError('PLACEMENT_ROUND_NOT_FOUND');
    if (statusOf(row, now) === 'closed') throw new AppError('PLACEMENT_ROUND_CLOSED');
    await cq.closeRound(trx, id, reason, now);
    await recordOperatorAudit(trx, operator, {
      action: 'placement.round.close',
      object: `placement_round:${id}`,
      before: { status: statusOf(row, now), sold: decimal(row.sold) },
      after: { status: 'closed', closedAt: now.toISOString() },
      reason,
    });
    return reread(trx, id, now);
  });
}
