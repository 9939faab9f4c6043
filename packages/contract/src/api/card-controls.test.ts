import { describe, expect, it } from 'vitest';
import { CARD_CATEGORY_MCCS, CARD_CONTROL_CATEGORIES, checkControlLimits, mccCategories, monthStartUtc } from './card-controls';
import { DECLINE_REASON_LABELS, DECLINE_REASONS } from './cards';

describe('card controls', () => {
  it('groups merchant category codes, none for a missing or malformed code', () => {
    expect(mccCategories('7995')).toEqual(['gambling']);
    expect(mccCategories('5812')).toEqual(['dining']);
    expect(mccCategories('6011')).toEqual(['cash']);
    expect(mccCategories('6051')).toEqual(['crypto']);
    expect(mccCategories('3058')).toEqual(['travel']);
    // Adult direct marketing is also a shop: blocking either group blocks it.
    expect(mccCategories('5967')).toEqual(['adult', 'shopping']);
    for (const mcc of [undefined, null, '', '581', '58120', 'abcd', '0000']) expect(mccCategories(mcc)).toEqual([]);
  });

  it('has every group with well-formed ranges', () => {
    for (const category of CARD_CONTROL_CATEGORIES) {
      expect(CARD_CATEGORY_MCCS[category].length).toBeGreaterThan(0);
      for (const [from, to] of CARD_CATEGORY_MCCS[category]) expect(from <= to && from >= 0 && to <= 9999).toBe(true);
    }
  });

  it('checks limits as the server and the form do', () => {
    const check = (perPurchaseLimit: string | null, monthlyLimit: string | null) =>
      checkControlLimits({ perPurchaseLimit, monthlyLimit }, 'USD');
    expect(check(null, null)).toBeNull();
    expect(check('', '')).toBeNull();
    expect(check('0.01', '1000000000')).toBeNull();
    expect(check('100', '100')).toBeNull();
    expect(check('100', '99.99')).toBe('CARD_CONTROLS_MONTHLY_BELOW_PURCHASE');
    for (const bad of ['0', '0.00', '-1', '1.001', '1e2', ' 5', '5.', '.5', 'ten', '1000000000.01'])
      expect(check(bad, null), bad).toBe('CARD_CONTROLS_LIMIT_INVALID');
  });

  it('starts the month on the first at midnight UTC', () => {
    expect(monthStartUtc(new Date('2026-11-22T08:00:00Z')).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(monthStartUtc(new Date('2026-12-01T00:00:00Z')).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    // Still November in UTC, though December already in Hong Kong.
    expect(monthStartUtc(new Date('2026-11-30T23:59:59.999Z')).toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });

  it('names each control decline in every language', () => {
    for (const reason of ['over_purchase_limit', 'over_monthly_limit', 'online_disabled', 'atm_disabled', 'category_blocked'] as const) {
      expect(DECLINE_REASONS).toContain(reason);
      for (const text of Object.values(DECLINE_REASON_LABELS[reason])) expect(text.length).toBeGreaterThan(1);
    }
  });
});
