import type { MemberCheck } from './check-proof';

export type ItemState = 'ok' | 'bad' | 'not_reached';
export type CheckItem = { key: string; state: ItemState; level?: number };

const BEFORE_LEAF = new Set(['malformed', 'unknown_currency', 'balance_mismatch', 'negative_or_too_large']);

/**
 * What the proof screen lists as checked, from the check's result: the leaf, each level up the path,
 * the root against the published root, the total against the published total. A step after the
 * failed one was not reached: it is shown as such, never as passed.
 */
export function checkItems(check: MemberCheck, pathLength: number): CheckItem[] {
  const computed = check.steps.length;
  const items: CheckItem[] = [{ key: 'leaf', state: computed >= 1 ? 'ok' : BEFORE_LEAF.has(check.failure ?? '') ? 'bad' : 'not_reached' }];
  for (let level = 1; level <= pathLength; level++) {
    const state: ItemState = computed > level ? 'ok' : computed === level && check.failure ? 'bad' : 'not_reached';
    items.push({ key: `level-${level}`, state, level });
  }
  const rootFailed = check.failure === 'root_hash_mismatch' || check.failure === 'not_published';
  items.push({ key: 'root', state: check.published ? (check.published.hash ? 'ok' : 'bad') : rootFailed ? 'bad' : 'not_reached' });
  items.push({
    key: 'total',
    state: check.published ? (check.published.total ? 'ok' : 'bad') : check.failure === 'root_sum_mismatch' ? 'bad' : 'not_reached',
  });
  return items;
}
