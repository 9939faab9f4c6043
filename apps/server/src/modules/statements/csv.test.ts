import { describe, expect, it } from 'vitest';
import { amountCell, csvLines, safeText } from './csv';
import type { StatementRow } from './rows';

const row = (over: Partial<StatementRow> = {}): StatementRow => ({
  time: '2026-11-03T14:05:09+08:00',
  type: 'USDT充值',
  currency: 'USDT',
  amount: '-12.345678',
  balanceAfter: '987.654322',
  counterparty: '',
  status: '已完成',
  ...over,
});

describe('csv', () => {
  it('starts with a byte order mark and a header in the language, CRLF lines', () => {
    const lines = [...csvLines([row()], 'zh', 'Asia/Shanghai')];
    expect(lines[0]).toBe('\uFEFF时间（Asia/Shanghai）,类型,币种,金额,变动后余额,详情,状态\r\n');
    expect(lines[1]).toBe('2026-11-03T14:05:09+08:00,USDT充值,USDT,-12.345678,987.654322,,已完成\r\n');
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    const [, line] = [...csvLines([row({ counterparty: 'Shop "A", Ltd\nHK' })], 'en', 'UTC')];
    expect(line).toContain(',"Shop ""A"", Ltd\nHK",');
  });

  it('makes text a spreadsheet would run as a formula safe, but keeps signed amounts numbers', () => {
    for (const bad of ['=HYPERLINK("http://x")', '+1+2', '-2+3', '@SUM(A1)', '\tx']) expect(safeText(bad)).toBe(`'${bad}`);
    expect(safeText('Coffee =')).toBe('Coffee =');
    const [, line] = [...csvLines([row({ counterparty: '=cmd|" /C calc"!A0', amount: '-5', balanceAfter: '0' })], 'en', 'UTC')];
    expect(line).toBe('2026-11-03T14:05:09+08:00,USDT充值,USDT,-5,0,"\'=cmd|"" /C calc""!A0",已完成\r\n');
  });

  it('looks past leading whitespace of every kind, as spreadsheets trim it before reading a formula', () => {
    const leads = [' ', '  ', '\t', '\r', '\n', '\u00a0', '\u2003', '\u3000', '\u200b', '\ufeff', ' \t\u3000'];
    for (const lead of leads)
      for (const start of ['=', '+', '-', '@']) {
        const bad = `${lead}${start}HYPERLINK("http://x")`;
        expect(safeText(bad), JSON.stringify(bad)).toBe(`'${bad}`);
      }
    for (const bad of ['\tplain', '\rplain', '\uFF1D1+1', ' \uFF0B1']) expect(safeText(bad), JSON.stringify(bad)).toBe(`'${bad}`);
    for (const fine of [' Coffee', '\u3000咖啡店', 'A - B', '']) expect(safeText(fine)).toBe(fine);
    const [, line] = [...csvLines([row({ counterparty: ' =1+1' })], 'en', 'UTC')];
    expect(line).toContain(",' =1+1,");
  });

  it('refuses an amount that is not a plain signed decimal rather than write it unguarded', () => {
    expect(amountCell('-0.000001')).toBe('-0.000001');
    expect(() => amountCell('-1+1')).toThrow();
    expect(() => amountCell('=1')).toThrow();
    expect(() => amountCell('1e-7')).toThrow();
  });
});
