import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';
import { isLedgerTypeCode, LEDGER_FAMILIES, LEDGER_TYPE_CODES, LEDGER_TYPES } from './ledger-types';

describe('ledger type codes', () => {
  it('include every code PRODUCT_SPEC.md section 4 names', () => {
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    const spec = [
      11,
      13,
      14,
      15,
      16,
      17,
      18,
      19,
      21,
      22,
      23,
      24,
      229,
      33,
      ...range(41, 49),
      112,
      113,
      115,
      118,
      121,
      ...range(215, 224),
      227,
      228,
      232,
      233,
      231,
      234,
      ...range(410, 416),
    ];
    for (const code of spec) expect(isLedgerTypeCode(code), `code ${code}`).toBe(true);
  });

  it('label every code in every language', () => {
    for (const code of LEDGER_TYPE_CODES) {
      for (const language of LANGUAGES) expect(LEDGER_TYPES[code].label[language].trim(), `${code} ${language}`).not.toBe('');
    }
  });

  it('reject unknown codes', () => {
    expect(isLedgerTypeCode(12)).toBe(false);
    expect(isLedgerTypeCode(999)).toBe(false);
  });
});

describe('ledger families', () => {
  it('place every ledger type code in exactly one family', () => {
    const placed = Object.values(LEDGER_FAMILIES).flatMap((family) => [...family.codes] as number[]);
    expect([...placed].sort((a, b) => a - b)).toEqual([...LEDGER_TYPE_CODES].sort((a, b) => a - b));
  });

  it('name each family in every language', () => {
    for (const family of Object.values(LEDGER_FAMILIES)) for (const language of LANGUAGES) expect(family.label[language]).not.toBe('');
  });
});
