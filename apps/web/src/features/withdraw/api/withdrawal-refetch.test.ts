import { describe, expect, it } from 'vitest';
import { withdrawalRefetchMs } from './withdrawal-refetch';

describe('a withdrawal on screen', () => {
  it('is looked at again while it is on its way, and no more once it ended', () => {
    expect(withdrawalRefetchMs('confirming')).toBe(3_000);
    expect(withdrawalRefetchMs('sending')).toBe(3_000);
    expect(withdrawalRefetchMs('approved')).toBe(3_000);
    expect(withdrawalRefetchMs('pending_review')).toBe(30_000);
    expect(withdrawalRefetchMs('completed')).toBe(false);
    expect(withdrawalRefetchMs('rejected')).toBe(false);
    expect(withdrawalRefetchMs('failed')).toBe(false);
  });
});
