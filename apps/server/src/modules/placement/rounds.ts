import { currentPrice, Decimal, type PlacementPurchase, type PlacementRound, type RoundStatus, roundStatus } from '@wallet/contract';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { keysetPage } from '../../platform/db/paging';
import { AppError } from '../../platform/errors';
import * as q from './queries';

/** A round as members read it: status, the price of the next unit, what is left, and what I bought. */

export interface PlacementReadDeps {
  db: Db;
  clock: Clock;
}

export const decimal = (value: string | number) => new Decimal(value).toFixed();

export function statusOf(row: q.RoundRow, now: Date): RoundStatus {
  return roundStatus(
    { startsAt: row.starts_at, endsAt: row.ends_at, closedAt: row.closed_at, sold: row.sold, totalQuantity: row.total_quantity },
    now,
  );
}

export function tiersOf(row: Pick<q.RoundRow, 'tiers'>) {
  return row.tiers.map((tier) => ({ quantity: decimal(tier.quantity), price: decimal(tier.price) }));
}

function roundView(row: q.RoundRow & { my_quantity: string | null }, now: Date): PlacementRound {
  const tiers = tiersOf(row);
  return {
    id: row.id,
    name: row.name,
    rules: row.rules,
    status: statusOf(row, now),
    tiers,
    price: currentPrice(tiers, row.sold),
    totalQuantity: decimal(row.total_quantity),
    sold: decimal(row.sold),
    remaining: new Decimal(row.total_quantity).minus(row.sold).toFixed(),
    minPerMember: decimal(row.min_per_member),
    maxPerMember: decimal(row.max_per_member),
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    kycRequired: row.kyc_required,
    myQuantity: decimal(row.my_quantity ?? '0'),
  };
}

export async function listRounds(deps: PlacementReadDeps, userId: string): Promise<{ rounds: PlacementRound[] }> {
  const now = deps.clock.now();
  return { rounds: (await q.memberRounds(deps.db, userId, now)).map((row) => roundView(row, now)) };
}

export async function getRound(deps: PlacementReadDeps, userId: string, roundId: string): Promise<PlacementRound> {
  const row = await q.memberRound(deps.db, userId, roundId);
  if (!row) throw new AppError('PLACEMENT_ROUND_NOT_FOUND');
  return roundView(row, deps.clock.now());
}

export function purchaseView(row: q.PurchaseRow): PlacementPurchase {
  return {
    id: row.id,
    roundId: row.round_id,
    roundName: row.round_name,
    quantity: decimal(row.quantity),
    amount: decimal(row.amount),
    lines: row.lines.map((line) => ({ quantity: decimal(line.quantity), price: decimal(line.price), amount: decimal(line.amount) })),
    createdAt: row.created_at.toISOString(),
  };
}

const CURSOR = /^(\d{1,20})\.([0-9a-f-]{36})$/;

/** A page cursor as the lists hand it out ("<micros>.<id>"); a malformed one is refused, not read as the first page. */
export function parseCursor(cursor: string | undefined): q.Cursor | null {
  if (!cursor) return null;
  const match = CURSOR.exec(cursor);
  if (!match?.[1] || !match[2]) throw new AppError('VALIDATION_FAILED', { field: 'cursor' });
  return { micros: match[1], id: match[2] };
}

/** The cursor of a listed row, as parseCursor reads it back. */
export const cursorOf = (row: { micros: string; id: string }) => `${row.micros}.${row.id}`;

export async function listPurchases(deps: PlacementReadDeps, userId: string, query: { cursor?: string | undefined; limit: number }) {
  const rows = await q.purchasesOf(deps.db, userId, query.limit, parseCursor(query.cursor));
  const { page, nextCursor } = keysetPage(rows, query.limit, cursorOf);
  return { items: page.map(purchaseView), nextCursor };
}
