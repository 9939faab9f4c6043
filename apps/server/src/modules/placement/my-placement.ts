import { Decimal, type MyPlacement } from '@wallet/contract';
import { balanceOf, existingAccounts, USER_PLACEMENT, USER_WALLET } from '../ledger';
import { holdingOf } from '../nodes/holdings';
import { readSetting } from '../operators/settings';
import * as q from './queries';
import { decimal, type PlacementReadDeps } from './rounds';

/**
 * My placement: SBC held (the wallet and what awaits distribution, both ledger balances), its value at
 * the operator's SBC price, and the position's totals. Awaiting is acquired minus distributed, which
 * the ledger's placement account holds to the unit.
 */
export async function myPlacement(deps: PlacementReadDeps, userId: string): Promise<MyPlacement> {
  const [accounts, position, nodes, sbcPrice] = await Promise.all([
    existingAccounts(deps.db, userId, 'SBC', [USER_WALLET, USER_PLACEMENT]),
    q.positionOf(deps.db, userId),
    holdingOf(deps.db, userId),
    readSetting(deps.db, 'placement.sbc_price'),
  ]);
  const balance = async (purpose: string) => {
    const id = accounts.get(purpose);
    return new Decimal(id ? await balanceOf(deps.db, id) : 0);
  };
  const [wallet, placement] = await Promise.all([balance(USER_WALLET), balance(USER_PLACEMENT)]);
  const held = wallet.plus(placement);
  const acquired = new Decimal(position?.acquired ?? 0);
  const distributed = new Decimal(position?.distributed ?? 0);
  return {
    held: held.toFixed(),
    estimatedValue: held.times(sbcPrice).toFixed(),
    sbcPrice: decimal(sbcPrice),
    purchaseAmount: decimal(position?.purchase_amount ?? 0),
    acquired: acquired.toFixed(),
    awaiting: acquired.minus(distributed).toFixed(),
    distributed: distributed.toFixed(),
    nodes: { small: nodes.small, large: nodes.large },
  };
}
