import type { Executor } from '../../../platform/db/database';

/**
 * The abuse module's entry point as the engine calls it (spec43 "Interfaces between helpers"). This
 * worktree's own minimal version, until the abuse module's is merged over it: no pair is flagged, so
 * every reward pays normally. The engine treats the answer exactly as it will treat the real one.
 */
export async function flaggedPairs(
  _trx: Executor,
  _pairs: { beneficiaryId: string; memberId: string }[],
  _now: Date,
): Promise<Map<string, 'held' | 'void'>> {
  return new Map();
}
