import type { BindableNetwork, Network } from '@wallet/contract';
import type { Db } from '../../platform/db/database';
import { findUsersByBoundAddress } from '../auth/service';

/**
 * Which bound-address network a deposit's sender must have bound. USDT on BSC and on TRON need an
 * address bound on that very network (PRODUCT_SPEC.md section 5); ETH comes from the bound EVM
 * address, which is the one bound on BSC.
 */
const BOUND_NETWORK: Partial<Record<Network, BindableNetwork>> = { BSC: 'BSC', TRON: 'TRON', ETH: 'BSC' };

/**
 * The users of these senders on this network. A sender bound by several users belongs to none of
 * them: we cannot tell whose it is, so its deposits wait for an operator.
 */
export async function usersBySender(db: Db, network: Network, senders: string[]): Promise<Map<string, string>> {
  const bound = BOUND_NETWORK[network];
  const result = new Map<string, string>();
  if (!bound || senders.length === 0) return result;
  const rows = await findUsersByBoundAddress(db, bound, [...new Set(senders)]);
  const ambiguous = new Set<string>();
  for (const row of rows) {
    if (result.has(row.bound_address)) ambiguous.add(row.bound_address);
    result.set(row.bound_address, row.id);
  }
  for (const address of ambiguous) result.delete(address);
  return result;
}
