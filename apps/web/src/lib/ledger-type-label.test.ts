import { describe, expect, it } from 'vitest';
import { ledgerTypeLabel } from './ledger-type-label';

describe('ledger type labels', () => {
  it('come from the contract in the person language, the server label for unknown codes', () => {
    expect(ledgerTypeLabel(41, 'en', 'x')).toBe('Exchange USDT → USD');
    expect(ledgerTypeLabel(41, 'zh', 'x')).toBe('兑换 USDT → USD');
    expect(ledgerTypeLabel(9999, 'ja', 'Something new')).toBe('Something new');
  });
});
