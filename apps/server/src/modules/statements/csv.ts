import type { Language } from '@wallet/contract';
import type { StatementRow } from './rows';
import { STATEMENT_TEXTS } from './texts';

/** Excel reads a file without a byte order mark as the system's code page and garbles Chinese. */
const BOM = '\uFEFF';
const SIGNED_DECIMAL = /^-?\d+(\.\d+)?$/;

/** RFC 4180: a field with a comma, quote or line break is quoted, and its quotes doubled. */
function quoted(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}

/**
 * What a spreadsheet could read as the start of a formula: =, +, - or @, or their full-width forms,
 * after any leading whitespace, which spreadsheets trim before they look (\s is every Unicode space,
 * the ideographic one too; zero-width spaces and joiners are not in it). A leading tab or carriage
 * return is refused on its own: some programs read what follows it as a new cell.
 */
const FORMULA_START = /^[\s\u200b-\u200d\u2060]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r]/u;

/**
 * Text a spreadsheet could run as a formula (a merchant named "=HYPERLINK(...)", or " =..." with a
 * space before it, a nickname) is shown as text by a leading apostrophe.
 */
export function safeText(field: string): string {
  return FORMULA_START.test(field) ? `'${field}` : field;
}

/**
 * Amounts are not passed through safeText: "-12.5" starts with "-", but a spreadsheet reads a bare
 * signed decimal as a number, never as a formula, and an apostrophe would turn every outgoing amount
 * into text that cannot be summed. So an amount is written as it is only when it is exactly a signed
 * decimal; anything else would be a bug upstream and is refused rather than written unguarded.
 */
export function amountCell(amount: string): string {
  if (!SIGNED_DECIMAL.test(amount)) throw new Error(`not a decimal amount: ${amount}`);
  return amount;
}

const line = (fields: string[]) => `${fields.map(quoted).join(',')}\r\n`;

/** The statement as CSV, a line at a time: header in the member's language, then one line per record. */
export function* csvLines(rows: StatementRow[], language: Language, zone: string): Generator<string> {
  const texts = STATEMENT_TEXTS[language];
  const c = texts.columns;
  yield BOM + line([texts.timeColumn(zone), c.type, c.currency, c.amount, c.balanceAfter, c.counterparty, c.status].map(safeText));
  for (const row of rows) {
    yield line([
      safeText(row.time),
      safeText(row.type),
      safeText(row.currency),
      amountCell(row.amount),
      amountCell(row.balanceAfter),
      safeText(row.counterparty),
      safeText(row.status),
    ]);
  }
}
