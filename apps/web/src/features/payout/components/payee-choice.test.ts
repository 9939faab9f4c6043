import { maskAccount, type Payee } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { choosePayee } from './payee-choice';

const payee = (id: string, isDefault = false): Payee => ({
  id,
  kind: 'alipay',
  isDefault,
  name: 'Zhang San',
  accountLast4: '1234',
  accountMasked: '•••• 1234',
  idNumberLast4: '002X',
  bankName: null,
  phoneLast4: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

describe('masked accounts', () => {
  it('show an email by its start and domain, never "•••• .com"', () => {
    expect(maskAccount('abcdef@qq.com')).toBe('ab•••@qq.com');
    expect(maskAccount('ab@qq.com')).toBe('a•••@qq.com');
    expect(maskAccount('a@163.com')).toBe('a•••@163.com');
  });

  it('show a phone or card number by its last 4', () => {
    expect(maskAccount('13800138000')).toBe('•••• 8000');
    expect(maskAccount('6222020200001234567')).toBe('•••• 4567');
  });
});

describe('the account a sale pays to', () => {
  const first = payee('a');
  const usual = payee('b', true);
  const other = payee('c');

  it('is the one chosen on the accounts screen', () => {
    expect(choosePayee([usual, first, other], 'c')).toBe(other);
  });

  it('is the default when none was chosen, or the chosen one is gone', () => {
    expect(choosePayee([first, usual, other], null)).toBe(usual);
    expect(choosePayee([first, usual, other], 'deleted')).toBe(usual);
  });

  it('is the first without a default, and none without accounts', () => {
    expect(choosePayee([first, other], null)).toBe(first);
    expect(choosePayee([], 'a')).toBeNull();
  });
});
