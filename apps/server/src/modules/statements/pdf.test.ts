import { describe, expect, it } from 'vitest';
import { statementPdf } from './pdf';
import type { StatementRow } from './rows';

const read = (doc: ReturnType<typeof statementPdf>) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

const rows = (n: number): StatementRow[] =>
  Array.from({ length: n }, (_, i) => ({
    time: '2026-11-03T14:05:09+08:00',
    type: '转出 (USDT)',
    currency: 'USDT',
    amount: `-${i}.123456`,
    balanceAfter: '1000',
    counterparty: i % 2 ? '스타벅스' : 'Shop',
    status: '已完成',
  }));

const statement = (n: number, language: 'zh' | 'ko' = 'zh') => ({
  language,
  title: '对账单',
  uid: '12345678',
  maskedEmail: 'a***@example.com',
  from: '2026-11-01',
  to: '2026-11-30',
  zone: 'Asia/Shanghai',
  generatedAt: '2026-11-30T10:00:00+08:00',
  summaries: [{ currency: 'USDT', opening: '0', totalIn: '0', totalOut: '0', closing: '0' }],
  rows: rows(n),
});

const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

describe('statement PDF', () => {
  it('fits a short statement on one A4 page', async () => {
    const pdf = await read(statementPdf(statement(3)));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages(pdf)).toBe(1);
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
  });

  it('continues a long one on further pages, each a few kilobytes', async () => {
    const pdf = await read(statementPdf(statement(400)));
    expect(pages(pdf)).toBeGreaterThan(8);
    expect(pages(pdf)).toBeLessThan(20);
    expect(pdf.length / pages(pdf)).toBeLessThan(40_000);
  });

  it('embeds the Korean font for Hangul on a Chinese statement, and only then', async () => {
    const mixed = (await read(statementPdf(statement(3)))).toString('latin1');
    expect(mixed).toMatch(/\+NotoSansSC-Regular/);
    expect(mixed).toMatch(/\+NotoSansKR-Regular/);
    const plain = (await read(statementPdf({ ...statement(1), rows: rows(1) }))).toString('latin1');
    expect(plain).not.toMatch(/NotoSansKR/);
  });
});
