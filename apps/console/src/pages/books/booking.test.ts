import { describe, expect, it } from 'vitest';
import { bookingLegs } from './booking';

const base = { network: null, subject: null, bookable: true } as const;

describe('bookingLegs', () => {
  it('moves the network treasury against adjustments for a chain balance, exactly', () => {
    expect(bookingLegs({ ...base, kind: 'chain_balance', network: 'BSC', difference: '12.345678901234567891' })).toEqual([
      { account: 'chain_treasury:BSC', role: 'chainTreasury', amount: '-12.345678901234567891' },
      { account: 'adjustments', role: 'adjustments', amount: '12.345678901234567891' },
    ]);
  });

  it('moves the card account by the difference for a card balance, a negative one too', () => {
    expect(bookingLegs({ ...base, kind: 'card_balance', subject: 'c-1', difference: '-0.01' })).toEqual([
      { account: 'card:c-1', role: 'card', amount: '-0.01' },
      { account: 'adjustments', role: 'adjustments', amount: '0.01' },
    ]);
  });

  it('offers no booking for a break that is not bookable or lacks what names the account', () => {
    expect(bookingLegs({ ...base, kind: 'payout_paid_twice', difference: '5', bookable: false })).toBeNull();
    expect(bookingLegs({ ...base, kind: 'card_balance', difference: '5' })).toBeNull();
  });
});
