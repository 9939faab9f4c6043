import { type Approval, Decimal, isCurrency } from '@wallet/contract';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/database';
import type { Database } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import type { FourEyes } from '../../approvals/kinds';
import { fourEyesNote } from '../../approvals/kinds';
import type { Approvals } from '../../approvals/service';
import { cardPurpose, findCard } from '../../cards/service';
import { accountId, type Leg, post, SYSTEM_PURPOSES } from '../../ledger';
import { recordOperatorAudit } from '../../operators/audit-chain';
import type { OperatorContext } from '../../operators/context';
import { appendEvent, BOOKABLE_KINDS, lockBreak } from './breaks';

/**
 * A break fixed by a booking (ADR 0037): the maker asks to book the break's difference as it stands,
 * a second operator approves, and the ledger posts code 430 against the adjustments account so that
 * the ledger's side moves to the outside's. The break is then fixed, and the next run finds it matched.
 */

export const BREAK_BOOKING_KIND = 'books.break_booking';

const bookingSchema = z.object({
  breakId: z.uuid(),
  /** The break's difference when asked: approving refuses if the break moved since. */
  difference: z.string(),
  note: z.string(),
  /** The maker's Idempotency-Key: the same key asks once and then finds the same request. */
  requestKey: z.string(),
});
export type BreakBooking = z.infer<typeof bookingSchema>;

type Row = Awaited<ReturnType<typeof lockBreak>>;

/** The legs that move the ledger's side by the difference (observed - expected), and the member concerned. */
async function legsOf(trx: Transaction<Database>, row: Row, difference: Decimal): Promise<{ userId: string | null; legs: Leg[] }> {
  const plus = difference.toFixed();
  const minus = difference.neg().toFixed();
  if (row.kind === 'chain_balance') {
    if (!row.network || !isCurrency(row.currency)) throw new AppError('BOOKS_BREAK_NOT_BOOKABLE');
    const currency = row.currency;
    // The treasury is credit-normal from the wallets' side: taking from it raises what the wallets should hold.
    return {
      userId: null,
      legs: [
        { accountId: await accountId(trx, { userId: null, currency, purpose: SYSTEM_PURPOSES.chainTreasury(row.network) }), amount: minus },
        { accountId: await accountId(trx, { userId: null, currency, purpose: SYSTEM_PURPOSES.adjustments }), amount: plus },
      ],
    };
  }
  if (row.kind === 'card_balance' && row.subject) {
    const card = await findCard(trx, row.subject);
    if (!card) throw new AppError('BOOKS_BREAK_NOT_BOOKABLE');
    return {
      userId: card.user_id,
      legs: [
        {
          accountId: await accountId(trx, { userId: card.user_id, currency: card.currency, purpose: cardPurpose(row.subject) }),
          amount: plus,
        },
        { accountId: await accountId(trx, { userId: null, currency: card.currency, purpose: SYSTEM_PURPOSES.adjustments }), amount: minus },
      ],
    };
  }
  throw new AppError('BOOKS_BREAK_NOT_BOOKABLE');
}

export function defineBookingKind(approvals: Approvals, deps: { clock: Clock }): void {
  const run = async (trx: Transaction<Database>, payload: BreakBooking, checker: OperatorContext, fourEyes: FourEyes) => {
    const row = await lockBreak(trx, payload.breakId);
    if (row.status !== 'open') throw new AppError('BOOKS_BREAK_NOT_OPEN');
    if (!BOOKABLE_KINDS.has(row.kind)) throw new AppError('BOOKS_BREAK_NOT_BOOKABLE');
    const difference = new Decimal(row.difference);
    if (!difference.eq(payload.difference)) throw new AppError('BOOKS_BREAK_CHANGED');
    const { userId, legs } = await legsOf(trx, row, difference);
    // Keyed by the request: however many approvals race, the ledger takes this journal once.
    const posted = await post(trx, {
      typeCode: 430,
      userId,
      reference: `break:${row.id}`,
      idempotencyKey: `recon-booking:approval:${fourEyes.approvalId}`,
      memo: { breakId: row.id, identity: row.identity, note: payload.note },
      legs,
    });
    const now = deps.clock.now();
    await trx
      .updateTable('recon_breaks')
      .set({ status: 'fixed', journal_id: posted.journalId, closed_at: now, updated_at: now })
      .where('id', '=', row.id)
      .execute();
    await appendEvent(trx, {
      break_id: row.id,
      run_id: null,
      event: 'fixed',
      expected: row.expected,
      observed: row.observed,
      difference: row.difference,
      operator_id: checker.operatorId,
      approval_id: fourEyes.approvalId,
      journal_id: posted.journalId,
      note: payload.note,
      at: now,
    });
    await recordOperatorAudit(trx, checker, {
      action: 'books.break_booking',
      object: `break:${row.id}`,
      before: { status: 'open' },
      after: {
        status: 'fixed',
        identity: row.identity,
        difference: difference.toFixed(),
        journalId: posted.journalId,
        ...fourEyesNote(fourEyes),
      },
      reason: payload.note,
    });
    return { journalId: posted.journalId };
  };
  approvals.define<BreakBooking>({
    kind: BREAK_BOOKING_KIND,
    permission: 'books.resolve',
    schema: bookingSchema,
    summary: (p) => `Book the difference ${p.difference} of reconciliation break ${p.breakId}: ${p.note}`,
    run,
    preview: run,
  });
}

/** Asks for a booking of an open, bookable break's difference as it stands now; a second operator approves it. */
export async function requestBooking(
  deps: { db: Db },
  approvals: Approvals,
  operator: OperatorContext,
  asked: { breakId: string; note: string; requestKey: string },
  onReplay?: () => void,
): Promise<Approval> {
  const row = await deps.db
    .selectFrom('recon_breaks')
    .select(['status', 'kind', 'difference'])
    .where('id', '=', asked.breakId)
    .executeTakeFirst();
  if (!row) throw new AppError('BOOKS_BREAK_NOT_FOUND');
  if (!BOOKABLE_KINDS.has(row.kind)) throw new AppError('BOOKS_BREAK_NOT_BOOKABLE');
  if (row.status !== 'open') throw new AppError('BOOKS_BREAK_NOT_OPEN');
  return approvals.request<BreakBooking>(
    operator,
    BREAK_BOOKING_KIND,
    { ...asked, difference: new Decimal(row.difference).toFixed() },
    { requestKey: asked.requestKey, ...(onReplay && { onReplay }) },
  );
}
