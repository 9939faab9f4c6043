import { describe, expect, it } from 'vitest';
import { checkItems } from './check-items';
import type { MemberCheck } from './check-proof';

const step = { hash: 'ab'.repeat(32), sum: '1' };
const states = (check: MemberCheck, path = 2) => checkItems(check, path).map((item) => `${item.key}:${item.state}`);

describe('what the proof screen lists as checked', () => {
  it('ticks every step of a proof that checks', () => {
    const check: MemberCheck = { ok: true, steps: [step, step, step], published: { hash: true, total: true } };
    expect(states(check)).toEqual(['leaf:ok', 'level-1:ok', 'level-2:ok', 'root:ok', 'total:ok']);
  });

  it('marks a leaf that is not the member’s as failed and nothing after it as passed', () => {
    const check: MemberCheck = { ok: false, steps: [], failure: 'balance_mismatch', published: null };
    expect(states(check)).toEqual(['leaf:bad', 'level-1:not_reached', 'level-2:not_reached', 'root:not_reached', 'total:not_reached']);
  });

  it('marks the level whose sibling is damaged, and leaves the rest unreached', () => {
    const check: MemberCheck = { ok: false, steps: [step], failure: 'malformed', published: null };
    expect(states(check)).toEqual(['leaf:ok', 'level-1:bad', 'level-2:not_reached', 'root:not_reached', 'total:not_reached']);
  });

  it('fails the root when the path leads elsewhere or the root is not the published one', () => {
    const elsewhere: MemberCheck = { ok: false, steps: [step, step, step], failure: 'root_hash_mismatch', published: null };
    expect(states(elsewhere).slice(3)).toEqual(['root:bad', 'total:not_reached']);
    const unpublished: MemberCheck = {
      ok: false,
      steps: [step, step, step],
      failure: 'published_root_mismatch',
      published: { hash: false, total: true },
    };
    expect(states(unpublished).slice(3)).toEqual(['root:bad', 'total:ok']);
  });

  it('fails the total when the sums do not reach the published total', () => {
    const check: MemberCheck = { ok: false, steps: [step, step, step], failure: 'root_sum_mismatch', published: null };
    expect(states(check).slice(3)).toEqual(['root:not_reached', 'total:bad']);
  });
});
