import { describe, expect, it } from 'vitest';
import { ORDER_POLL_MS, orderRefetchMs } from './order-refetch';

describe('a flash exchange order on screen', () => {
  it('is asked for every 2 s while in progress, and no more once it ended', () => {
    expect(orderRefetchMs('in_progress')).toBe(ORDER_POLL_MS);
    expect(ORDER_POLL_MS).toBe(2000);
    expect(orderRefetchMs('arrived')).toBe(false);
    expect(orderRefetchMs('rejected')).toBe(false);
    expect(orderRefetchMs(undefined)).toBe(false);
  });
});
