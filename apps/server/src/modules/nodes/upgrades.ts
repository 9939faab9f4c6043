import { AppError } from '../../platform/errors';
import { type KeyedRequest, KeyTaken } from '../../platform/idempotency';
import { type AuthDeps, verifyPaymentPassword } from '../auth/service';
import { enterAsMember } from './gate';
import { changeHolding, lockHoldings } from './holdings';
import { nodeTerms } from './purchases';

/** Node upgrade (ADR 0002: labels the node history only, no money moves). */
const UPGRADE_CODE = 429;

export interface NodeUpgradeReply {
  id: string;
  smallUsed: number;
  largeGained: number;
  nodes: { small: number; large: number };
  createdAt: string;
}

/**
 * `upgrade_ratio` small nodes become one large node, in one step under the member's holdings lock: a
 * retry with the same key answers the first upgrade, and two upgrades at once with exactly the ratio
 * held find, the second, too few small nodes left.
 */
export async function upgrade(
  deps: AuthDeps,
  userId: string,
  paymentPassword: string,
  keyed: KeyedRequest,
  ip: string,
): Promise<NodeUpgradeReply> {
  const earlier = await keyed.answered<NodeUpgradeReply>(deps.db);
  if (earlier) return earlier.value;
  await verifyPaymentPassword(deps, userId, paymentPassword, ip);
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    await enterAsMember(trx, userId, keyed);
    const held = (await lockHoldings(trx, [userId])).get(userId);
    if (!held) throw new Error(`node holdings of ${userId} were not locked`);
    const { upgradeRatio } = await nodeTerms(trx);
    if (held.small < upgradeRatio) throw new AppError('NODE_UPGRADE_SHORT', { ratio: upgradeRatio, have: held.small });
    const row = await trx
      .insertInto('node_upgrades')
      .values({ user_id: userId, small_used: upgradeRatio, large_gained: 1, idempotency_key: keyed.key, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
      .returning(['id', 'small_used', 'large_gained', 'created_at'])
      .executeTakeFirst();
    if (!row) throw new KeyTaken();
    const after = await changeHolding(trx, held, {
      kind: 'upgrade',
      typeCode: UPGRADE_CODE,
      small: -upgradeRatio,
      large: 1,
      reference: `node-upgrade:${row.id}`,
      now,
    });
    const reply: NodeUpgradeReply = {
      id: row.id,
      smallUsed: row.small_used,
      largeGained: row.large_gained,
      nodes: { small: after.small, large: after.large },
      createdAt: row.created_at.toISOString(),
    };
    await keyed.save(trx, reply);
    return reply;
  });
}
