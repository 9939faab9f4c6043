import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Language } from '@wallet/contract';
import PDFDocument from 'pdfkit';
import type { CurrencySummary, StatementRow } from './rows';
import { STATEMENT_TEXTS } from './texts';

/**
 * Noto Sans SC covers Chinese, Japanese kana and Latin; it has no Hangul, so Korean statements use
 * Noto Sans KR. Both ship with the server (npm packages) and are read once; pdfkit embeds only the
 * glyphs a statement uses, and only the fonts it uses.
 */
const FONT_FILES = {
  sc: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  kr: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
} as const;
type FontName = keyof typeof FONT_FILES;
const fontBytes = new Map<FontName, Buffer>();
const require = createRequire(import.meta.url);

function fontFile(name: FontName): Buffer {
  let bytes = fontBytes.get(name);
  if (!bytes) {
    bytes = readFileSync(require.resolve(FONT_FILES[name]));
    fontBytes.set(name, bytes);
  }
  return bytes;
}

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/;
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

/**
 * The statement's font, unless a cell needs the other: a merchant or member name in Hangul on a
 * Chinese statement, or in Chinese on a Korean one (Noto Sans KR lacks many simplified characters).
 */
function fontOf(text: string, primary: FontName): FontName {
  if (primary === 'sc') return HANGUL.test(text) ? 'kr' : 'sc';
  return !HANGUL.test(text) && HAN.test(text) ? 'sc' : 'kr';
}

export interface PdfStatement {
  language: Language;
  title: string;
  uid: string;
  maskedEmail: string;
  from: string;
  to: string;
  zone: string;
  generatedAt: string;
  summaries: CurrencySummary[];
  rows: StatementRow[];
}

const PAGE = { width: 595.28, height: 841.89, margin: 36 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const FOOTER_Y = PAGE.height - PAGE.margin + 8;
const BOTTOM = PAGE.height - PAGE.margin - 6;
const PAD = 3;
const SIZE = { title: 18, meta: 9, table: 7.5 } as const;

interface Column {
  width: number;
  align: 'left' | 'right';
}
const SUMMARY_COLUMNS: Column[] = [{ width: 63, align: 'left' }, ...[0, 1, 2, 3].map(() => ({ width: 115, align: 'right' as const }))];
/** Time, type, currency, amount, balance after, details, status: 523 points, the A4 page less margins. */
const RECORD_COLUMNS: Column[] = [
  { width: 76, align: 'left' },
  { width: 86, align: 'left' },
  { width: 32, align: 'left' },
  { width: 96, align: 'right' },
  { width: 96, align: 'right' },
  { width: 89, align: 'left' },
  { width: 48, align: 'left' },
];

type Doc = InstanceType<typeof PDFDocument>;

type UseFont = (text: string) => Doc;

function rowHeight(useFont: UseFont, cells: string[], columns: Column[]): number {
  const heights = cells.map((cell, i) =>
    useFont(cell)
      .fontSize(SIZE.table)
      .heightOfString(cell || ' ', { width: (columns[i]?.width ?? 0) - 2 * PAD }),
  );
  return Math.max(...heights) + 2 * PAD;
}

function drawRow(doc: Doc, useFont: UseFont, cells: string[], columns: Column[], y: number, height: number, shaded: boolean): void {
  if (shaded) doc.rect(PAGE.margin, y, CONTENT_WIDTH, height).fill('#f2f4f7');
  doc.fillColor('#1a1a1a');
  let x = PAGE.margin;
  for (const [i, column] of columns.entries()) {
    const cell = cells[i] ?? '';
    useFont(cell)
      .fontSize(SIZE.table)
      .text(cell, x + PAD, y + PAD, { width: column.width - 2 * PAD, align: column.align, lineBreak: true });
    x += column.width;
  }
}

/** The records' lines: the time without its offset (the heading names the zone), to keep the column narrow. */
const recordCells = (row: StatementRow) => [
  row.time.slice(0, 19).replace('T', ' '),
  row.type,
  row.currency,
  row.amount,
  row.balanceAfter,
  row.counterparty,
  row.status,
];

/**
 * Which records go on which page, measured before anything is drawn, so every page can say
 * "n / total" as it is written and the document streams out page by page.
 */
function paginate(heights: number[], firstPageTop: number, headerHeight: number): number[][] {
  const pages: number[][] = [[]];
  let y = firstPageTop + headerHeight;
  for (const [i, height] of heights.entries()) {
    if (y + height > BOTTOM && (pages.at(-1)?.length ?? 0) > 0) {
      pages.push([]);
      y = PAGE.margin + headerHeight;
    }
    pages.at(-1)?.push(i);
    y += height;
  }
  return pages;
}

/** Lets what was written leave before more is made, and stops when the reader has gone. */
async function drained(doc: Doc): Promise<boolean> {
  while (doc.readableLength > 256 * 1024 && !doc.destroyed) await new Promise((resolve) => setTimeout(resolve, 5));
  return !doc.destroyed;
}

/**
 * A4 statement: heading (member, period, zone, time made), a summary per currency, then the records
 * in a table whose heading repeats on every page, each page numbered "n / total". Returns the
 * document as a stream at once and writes it page by page.
 */
export function statementPdf(statement: PdfStatement): Doc {
  const texts = STATEMENT_TEXTS[statement.language];
  const doc = new PDFDocument({
    size: 'A4',
    // A small bottom margin lets the page number sit below the table without pdfkit starting a new page.
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: 10 },
    autoFirstPage: false,
    info: { Title: statement.title, Creator: 'Wallet', Producer: 'Wallet' },
    lang: { zh: 'zh-CN', en: 'en', ko: 'ko', ja: 'ja' }[statement.language],
  });
  const primary: FontName = statement.language === 'ko' ? 'kr' : 'sc';
  // Registered lazily: pdfkit embeds a font once it is selected, so the other is only read when a cell needs it.
  const registered = new Set<FontName>();
  const useFont = (text: string) => {
    const name = fontOf(text, primary);
    if (!registered.has(name)) {
      doc.registerFont(name, fontFile(name));
      registered.add(name);
    }
    return doc.font(name);
  };
  useFont('');
  // pdfkit measures text against the current page, so the first one exists before the layout is worked out.
  doc.addPage();

  const heading = [
    `${texts.member}: ${statement.uid}`,
    `${texts.email}: ${statement.maskedEmail}`,
    `${texts.period}: ${statement.from} – ${statement.to}`,
    `${texts.timeZone}: ${statement.zone}`,
    `${texts.generatedAt}: ${statement.generatedAt}`,
  ];
  const s = texts.summary;
  const summaryHeader = [s.currency, s.opening, s.totalIn, s.totalOut, s.closing];
  const summaryRows = statement.summaries.map((m) => [m.currency, m.opening, m.totalIn, m.totalOut, m.closing]);
  const c = texts.columns;
  const recordHeader = [texts.timeColumn(statement.zone), c.type, c.currency, c.amount, c.balanceAfter, c.counterparty, c.status];
  const records = statement.rows.map(recordCells);

  useFont(statement.title).fontSize(SIZE.title);
  const titleHeight = doc.heightOfString(statement.title) + 6;
  useFont('').fontSize(SIZE.meta);
  const metaHeight = heading.length * (doc.currentLineHeight(true) + 2) + 10;
  const summaryHeaderHeight = rowHeight(useFont, summaryHeader, SUMMARY_COLUMNS);
  const summaryHeights = summaryRows.map((r) => rowHeight(useFont, r, SUMMARY_COLUMNS));
  const summaryHeight = summaryHeaderHeight + summaryHeights.reduce((a, b) => a + b, 0) + 16;
  const recordHeaderHeight = rowHeight(useFont, recordHeader, RECORD_COLUMNS);
  const recordHeights = records.map((r) => rowHeight(useFont, r, RECORD_COLUMNS));
  const firstTop = PAGE.margin + titleHeight + metaHeight + summaryHeight;
  const pages = paginate(recordHeights, firstTop, recordHeaderHeight);

  const footer = (n: number) => {
    useFont('').fillColor('#666666').fontSize(SIZE.meta);
    doc.text(`${n} / ${pages.length}`, PAGE.margin, FOOTER_Y, { width: CONTENT_WIDTH, align: 'center', lineBreak: false });
  };
  const tableHeader = (y: number) => {
    drawRow(doc, useFont, recordHeader, RECORD_COLUMNS, y, recordHeaderHeight, true);
    doc
      .moveTo(PAGE.margin, y + recordHeaderHeight)
      .lineTo(PAGE.margin + CONTENT_WIDTH, y + recordHeaderHeight)
      .lineWidth(0.5)
      .stroke('#999999');
    return y + recordHeaderHeight;
  };

  const write = async () => {
    for (const [n, page] of pages.entries()) {
      if (n > 0) doc.addPage();
      let y: number = PAGE.margin;
      if (n === 0) {
        useFont(statement.title).fillColor('#1a1a1a').fontSize(SIZE.title).text(statement.title, PAGE.margin, y, { lineBreak: false });
        y += titleHeight;
        for (const line of heading) {
          useFont(line).fontSize(SIZE.meta).fillColor('#333333').text(line, PAGE.margin, y, { lineBreak: false });
          y += doc.currentLineHeight(true) + 2;
        }
        y += 10;
        drawRow(doc, useFont, summaryHeader, SUMMARY_COLUMNS, y, summaryHeaderHeight, true);
        y += summaryHeaderHeight;
        for (const [i, cells] of summaryRows.entries()) {
          drawRow(doc, useFont, cells, SUMMARY_COLUMNS, y, summaryHeights[i] ?? 0, false);
          y += summaryHeights[i] ?? 0;
        }
        y += 16;
      }
      y = tableHeader(y);
      if (records.length === 0)
        useFont(texts.noRecords)
          .fillColor('#666666')
          .fontSize(SIZE.meta)
          .text(texts.noRecords, PAGE.margin + PAD, y + 8, { lineBreak: false });
      for (const i of page) {
        const height = recordHeights[i] ?? 0;
        drawRow(doc, useFont, records[i] ?? [], RECORD_COLUMNS, y, height, i % 2 === 1);
        y += height;
      }
      footer(n + 1);
      if (!(await drained(doc))) return;
    }
    doc.end();
  };
  write().catch((error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))));
  return doc;
}
