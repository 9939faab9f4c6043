import type { BindableNetwork } from '@wallet/contract';
import type { Executor } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { findUserBoundAddress } from '../auth/service';
import * as q from './queries';

/**
 * Where a withdrawal would go, as the address book sees it:
 * - `trusted`: the bound address, or a saved address that has matured;
 * - `new`: not in the book (the withdrawal saves it, and it waits like any new address);
 * a saved address still waiting is refused here, saying until when.
 */
export type Destination = { kind: 'trusted' } | { kind: 'new' };

export async function classifyDestination(
  db: Executor,
  userId: string,
  network: BindableNetwork,
  address: string,
  now: Date,
): Promise<Destination> {
  const bound = await findUserBoundAddress(db, userId);
  if (bound.bound_network === network && bound.bound_address === address) return { kind: 'trusted' };
  const saved = await q.findLiveByAddress(db, userId, network, address);
  if (!saved) return { kind: 'new' };
  if (saved.usable_from > now) throw new AppError('WITHDRAW_ADDRESS_NOT_YET_USABLE', { until: saved.usable_from.toISOString() });
  return { kind: 'trusted' };
}
