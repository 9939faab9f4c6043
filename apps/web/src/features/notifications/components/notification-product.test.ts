import type { CardProduct } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { physicalCard } from '../../../lib/card.fixture';
import { productNameIn } from './notification-product';

const classic: CardProduct = {
  ...physicalCard.product,
  id: 'classic',
  name: 'Virtual USD Classic',
  type: 'virtual',
  names: { en: 'Virtual USD Classic', zh: '虚拟美元经典卡', ko: '가상 USD 클래식', ja: 'バーチャルUSDクラシック' },
};
const products = [physicalCard.product, classic];

describe('the card product a notification names', () => {
  it('is named in the language the message is read in, by its id', () => {
    expect(productNameIn({ product: 'Virtual USD Classic', productId: 'classic' }, products, 'zh')).toBe('虚拟美元经典卡');
    expect(productNameIn({ product: '虚拟美元经典卡', productId: 'classic' }, products, 'ko')).toBe('가상 USD 클래식');
  });

  it('is found by the name it was written with in older messages, in any language', () => {
    expect(productNameIn({ product: 'Virtual USD Classic' }, products, 'ja')).toBe('バーチャルUSDクラシック');
    expect(productNameIn({ product: '虚拟美元经典卡' }, products, 'en')).toBe('Virtual USD Classic');
  });

  it('keeps the written name when the products are not known, or the product is not among them', () => {
    expect(productNameIn({ product: 'Virtual USD Classic' }, undefined, 'zh')).toBe('Virtual USD Classic');
    expect(productNameIn({ product: 'Gone Card', productId: 'gone' }, products, 'zh')).toBe('Gone Card');
    expect(productNameIn({ amount: '1' }, products, 'zh')).toBeUndefined();
  });
});
