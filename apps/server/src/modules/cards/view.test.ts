import { cardProductSchema } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import type { ProductRow } from './queries';
import { toProduct } from './view';

const row: ProductRow = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Virtual USD Classic',
  names: { zh: '虚拟美元经典卡', ja: 'バーチャルUSDクラシック' },
  level: 1,
  type: 'virtual',
  currency: 'USD',
  opening_fee: '10.000000',
  monthly_fee: '1.000000',
  recharge_fee_rate: '0.015000',
  enabled: true,
  created_at: new Date(0),
  updated_at: new Date(0),
};

describe('a product as the app reads it', () => {
  it('names it in the language asked for, the operator name where none was given, and carries every name for a later switch', () => {
    expect(toProduct(row, 'ja').name).toBe('バーチャルUSDクラシック');
    expect(toProduct(row, 'ko').name).toBe('Virtual USD Classic');
    expect(toProduct(row, 'zh').names).toEqual(row.names);
  });

  it('has the network its cards run on, and fits the contract', () => {
    const product = toProduct(row, 'en');
    expect(product.network).toBe('visa');
    expect(cardProductSchema.parse(product)).toEqual({ ...product, openingFee: '10', monthlyFee: '1', rechargeFeeRate: '0.015' });
  });
});
