import type { Payee } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { choosePayee, maskedNumber } from './payee-choice';

const payee = (id: string, isDefault = false): Payee => ({
  id,
  kind: 'alipay',
  isDefault,
  name: 'Zhang San',
  accountLast4: '1234',
  idNumberLast4: '002X',
  bankName: null,
  phoneLast4: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

describe('masked numbers', () => {
  it('show only the last characters the server sends', () => {
    expect(maskedNumber('1234')).toBe('•••• 1234');
    expect(maskedNumber('002X')).toBe('•••• 002X');
    expect(maskedNumber('')).toBe('••••');
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
