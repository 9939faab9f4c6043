import { describe, expect, it } from 'vitest';
import { ledgerTypeLabel, ledgerTypeOptions } from './ledger-type-label';

describe('ledger type labels', () => {
  it('come from the contract in the person language, the server label for unknown codes', () => {
    expect(ledgerTypeLabel(41, 'en', 'x')).toBe('Exchange USDT → USD');
    expect(ledgerTypeLabel(41, 'zh', 'x')).toBe('兑换 USDT → USD');
    expect(ledgerTypeLabel(9999, 'ja', 'Something new')).toBe('Something new');
  });

  it('offer every type once, telling apart codes that share a name', () => {
    const options = ledgerTypeOptions('en');
    expect(options[0]).toEqual({ code: 11, label: 'USDT deposit' });
    expect(options.find((o) => o.code === 16)?.label).toBe('Card spending reward (16)');
    expect(options.find((o) => o.code === 19)?.label).toBe('Card spending reward (19)');
    expect(options.find((o) => o.code === 41)?.label).toBe('Exchange USDT → USD');
    expect(new Set(options.map((o) => o.label)).size).toBe(options.length);
  });
});
