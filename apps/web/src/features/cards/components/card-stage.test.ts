import { describe, expect, it } from 'vitest';
import { physicalCard as base } from '../../../lib/card.fixture';
import { cardStage, nextAction } from './card-stage';

describe('cardStage', () => {
  it('follows a physical card from production to active', () => {
    expect(cardStage(base)).toBe('inProduction');
    expect(cardStage({ ...base, shippingStatus: 'produced' })).toBe('inProduction');
    expect(cardStage({ ...base, shippingStatus: 'shipped', trackingNumber: 'SF1' })).toBe('shipped');
    expect(cardStage({ ...base, shippingStatus: 'delivered' })).toBe('delivered');
    expect(cardStage({ ...base, shippingStatus: 'delivered', boundAt: '2026-01-02T00:00:00.000Z' })).toBe('setPin');
    expect(cardStage({ ...base, shippingStatus: 'delivered', boundAt: '2026-01-02T00:00:00.000Z', pinSet: true })).toBe('active');
  });

  it('names the next step of each physical stage', () => {
    expect(nextAction(base)?.label).toBe('track');
    expect(nextAction({ ...base, shippingStatus: 'delivered' })?.path).toBe(`/pages/bindCardSun/index?id=${base.id}`);
    expect(nextAction({ ...base, boundAt: '2026-01-02T00:00:00.000Z' })?.label).toBe('setPin');
    expect(nextAction({ ...base, boundAt: '2026-01-02T00:00:00.000Z', pinSet: true })).toBeNull();
  });

  it('a virtual card is active once open; opening, failed, KYC and frozen come first', () => {
    const virtual = { ...base, type: 'virtual' as const };
    expect(cardStage(virtual)).toBe('active');
    expect(cardStage({ ...virtual, frozen: true })).toBe('frozen');
    expect(cardStage({ ...base, status: 'opening' })).toBe('opening');
    expect(cardStage({ ...base, status: 'failed' })).toBe('failed');
    expect(cardStage({ ...base, status: 'awaiting_kyc' })).toBe('awaitingKyc');
  });
});
