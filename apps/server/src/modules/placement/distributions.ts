import { Decimal, type Distribution, maskEmail } from '@wallet/contract';
import { keysetPage } from '../../platform/db/paging';
import { AppError } from '../../platform/errors';
import { type KeyedRequest, KeyTaken } from '../../platform/idempotency';
import { assertNotLocked, lockMemberRules } from '../auth/account-security';
import { type AuthDeps, verifyPaymentPassword } from '../auth/service';
import { accountIds, postNew, USER_PLACEMENT, USER_WALLET } from '../ledger';
import * as q from './queries';
import { cursorOf, type PlacementReadDeps, parseCursor } from './rounds';

export interface DistributionInput {
  email: string;
  quantity: string;
  paymentPassword: string;
}

function distributionView(row: q.DistributionRow, userId: string): Distribution {
  const out = row.from_user_id === userId;
  return {
    id: row.id,
    direction: out ? 'out' : 'in',
    quantity: new Decimal(row.quantity).toFixed(),
    account: maskEmail(out ? row.to_email : row.from_email),
    createdAt: row.created_at.toISOString(),
  };
}

const awaitingShort = (awaiting: Decimal) => new AppError('PLACEMENT_AWAITING_SHORT', { awaiting: awaiting.toFixed() });

/**
 * Hands SBC awaiting distribution to another member by email, in one journal: the buyer's placement
 * account -q (421), the recipient's SBC wallet +q (422). Awaiting is checked before the payment
 * password; under concurrency the ledger's non-negative balance of the placement account is what
 * holds it, and its refusal is told as the same error.
 */
export async function distribute(deps: AuthDeps, userId: string, input: DistributionInput, keyed: KeyedRequest, ip: string) {
  const recorded = await keyed.answered<Distribution>(deps.db);
  if (recorded) return recorded.value;
  const [existing, recipient, position] = await Promise.all([
    q.distributionByKey(deps.db, userId, keyed.key),
    q.userByEmail(deps.db, input.email),
    q.positionOf(deps.db, userId),
  ]);
  if (existing) return distributionView(existing, userId);
  if (!recipient) throw new AppError('RECIPIENT_EMAIL_NOT_FOUND');
  if (recipient.id === userId) throw new AppError('RECIPIENT_IS_SELF');
  const quantity = new Decimal(input.quantity);
  const awaiting = new Decimal(position?.acquired ?? 0).minus(position?.distributed ?? 0);
  if (awaiting.lt(quantity)) throw awaitingShort(awaiting);
  await verifyPaymentPassword(deps, userId, input.paymentPassword, ip);

  const [from, to] = (await accountIds(deps.db, [
    { userId, currency: 'SBC', purpose: USER_PLACEMENT },
    { userId: recipient.id, currency: 'SBC', purpose: USER_WALLET },
  ])) as [string, string];
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    await lockMemberRules(trx, userId);
    await assertNotLocked(trx, userId);
    const made = await q.insertDistribution(trx, {
      from_user_id: userId,
      to_user_id: recipient.id,
      quantity: quantity.toFixed(),
      idempotency_key: keyed.key,
      created_at: now,
    });
    if (!made) throw new KeyTaken();
    const reference = `placement-distribution:${made.id}`;
    const posted = await postNew(trx, {
      typeCode: 421,
      userId,
      reference,
      idempotencyKey: reference,
      memo: { toUid: recipient.uid, quantity: quantity.toFixed() },
      legs: [
        { accountId: from, amount: `-${quantity.toFixed()}` },
        { accountId: to, amount: quantity.toFixed(), typeCode: 422 },
      ],
    }).catch(async (error: unknown) => {
      // The only balance this journal lowers is what awaits distribution (refused before any write).
      if (!(error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE')) throw error;
      const held = await q.positionOf(trx, userId);
      throw awaitingShort(new Decimal(held?.acquired ?? 0).minus(held?.distributed ?? 0));
    });
    const position = await q.addDistributed(trx, userId, quantity.toFixed(), now);
    if (!position) throw new Error(`placement distribution ${made.id}: the ledger allowed what the position does not hold`);
    await q.setDistributionJournal(trx, made.id, posted.journalId);
    const result = distributionView(
      {
        id: made.id,
        from_user_id: userId,
        to_user_id: recipient.id,
        quantity: quantity.toFixed(),
        created_at: now,
        from_email: '',
        to_email: recipient.email,
      },
      userId,
    );
    await keyed.save(trx, result);
    return result;
  });
}

export async function listDistributions(
  deps: PlacementReadDeps,
  userId: string,
  query: { direction: 'out' | 'in'; cursor?: string | undefined; limit: number },
) {
  const [rows, count] = await Promise.all([
    q.distributionsOf(deps.db, userId, query.direction, query.limit, parseCursor(query.cursor)),
    q.distributionCount(deps.db, userId, query.direction),
  ]);
  const { page, nextCursor } = keysetPage(rows, query.limit, cursorOf);
  return { items: page.map((row) => distributionView(row, userId)), count, nextCursor };
}
