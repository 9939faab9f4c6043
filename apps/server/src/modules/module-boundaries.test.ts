import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The module boundaries are lint rules in biome.json's overrides for apps/server/src/modules: no
 * module imports another's queries or route files, only register.ts and route files import route
 * files, a service.ts imports nothing of fastify but the logger's type, and no import cycles. Tests
 * are exempt from the import rules, as they set up state through any module's internals.
 *
 * This is the boundary an import rule cannot state: only the ledger module names the ledger's tables
 * (DESIGN.md section 1, ADR 0007). Another module reads balances and entries through the ledger's
 * index (its functions and SQL builders such as walletColumn), so the ledger's invariants hold in one
 * place. Tests are left out here too: they check what the ledger wrote.
 *
 * The books module (reconciliation, proof of reserves) reads what every other module holds, so it is
 * held to the whole rule: its code names no table but its own. The rest it reads through the owning
 * modules' functions and SQL builders (the chain's deposits, the wallet's withdrawals, cards, payout
 * orders, the members' UIDs, the ledger's totals). The tables are read off the Kysely schema, so a
 * new table is covered the day it is added.
 */

const MODULES = new URL('.', import.meta.url).pathname;
const SCHEMA = new URL('../platform/db/schema.ts', import.meta.url);
const LEDGER_TABLES = ['ledger_accounts', 'ledger_entries', 'ledger_holds', 'ledger_journal'];
const DB = new URL('../platform/db/', import.meta.url).pathname;
const BOOKS_TABLES = [
  'recon_break_events',
  'recon_breaks',
  'recon_chain_epochs',
  'recon_runs',
  'reserves_leaves',
  'reserves_levels',
  'reserves_proof_checks',
  'reserves_snapshots',
];

const sources = (readdirSync(MODULES, { recursive: true, encoding: 'utf8' }) as string[])
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .filter((file) => !file.startsWith(`ledger/`));

/** The schema's interfaces that list tables: Database and the `…Tables` ones it extends (schema-*.ts), by name, with their tables. */
function schemaInterfaces(): Map<string, string[]> {
  const interfaces = new Map<string, string[]>();
  for (const file of readdirSync(DB).filter((name) => /^schema(-[\w-]+)?\.ts$/.test(name))) {
    const text = readFileSync(join(DB, file), 'utf8');
    for (const [, name, body] of text.matchAll(/^export interface (Database|\w+Tables)\b[^{]*\{([^}]*)\}/gm)) {
      interfaces.set(
        name as string,
        [...(body as string).matchAll(/^\s+(\w+): \w+;/gm)].map((match) => match[1] as string),
      );
    }
  }
  return interfaces;
}

const schemaTables = () => [...schemaInterfaces().values()].flat().sort();

/** A file's code without its comments (which may well speak of cards or users). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

/**
 * Where code names a table: as a Kysely table ('cards', 'cards as c', 'cards.id'), after an SQL
 * keyword (from cards, join users u), or, for a name no word of prose has (chain_deposits), anywhere.
 */
function namesTable(text: string, table: string): boolean {
  return (
    new RegExp(`['"\`]${table}(?=['"\`.\\s])`).test(text) ||
    new RegExp(`\\b(from|join|into|update|table)\\s+${table}\\b`, 'i').test(text) ||
    (table.includes('_') && new RegExp(`\\b${table}\\b`).test(text))
  );
}

describe('module boundaries', () => {
  it('knows every ledger table of the schema', () => {
    const tables = [...readFileSync(SCHEMA, 'utf8').matchAll(/^\s+(ledger_\w+):/gm)].map((match) => match[1]);
    expect(tables.sort()).toEqual(LEDGER_TABLES);
  });

  it('has only the ledger module name the ledger tables', () => {
    const names = new RegExp(`\\b(${LEDGER_TABLES.join('|')})\\b`);
    const naming = sources.filter((file) => names.test(readFileSync(join(MODULES, file), 'utf8')));
    expect(naming).toEqual([]);
  });

  it('has only the approvals module name the approval requests (others ask its service)', () => {
    const naming = sources.filter(
      (file) => !file.startsWith('approvals/') && /\bapproval_requests\b/.test(readFileSync(join(MODULES, file), 'utf8')),
    );
    expect(naming).toEqual([]);
  });

  it('reads every table of the schema, the books tables among them', () => {
    const interfaces = schemaInterfaces();
    const database = readFileSync(join(DB, 'schema.ts'), 'utf8').match(/^export interface Database\s+extends([^{]*)\{/m)?.[1];
    const extended = (database ?? '').split(',').map((name) => name.trim());
    expect(extended.length).toBeGreaterThan(5);
    for (const name of extended) expect(interfaces.has(name), `${name}'s tables`).toBe(true);
    const tables = schemaTables();
    expect(tables).toEqual(expect.arrayContaining([...BOOKS_TABLES, 'users', 'cards', 'chain_deposits', 'withdrawals', 'payout_orders']));
    expect(interfaces.get('BooksTables')?.sort()).toEqual(BOOKS_TABLES);
  });

  it('finds a table named in code, not in a comment', () => {
    expect(namesTable(code(`db.selectFrom('cards').select('id')`), 'cards')).toBe(true);
    expect(namesTable(code(`.innerJoin('users as u', 'u.id', 'l.user_id')`), 'users')).toBe(true);
    expect(namesTable(code('sql`select uid from users where id = $1`'), 'users')).toBe(true);
    expect(namesTable(code(`const table = chain_deposits;`), 'chain_deposits')).toBe(true);
    expect(namesTable(code(`// all cards, from cards\n/** the chain_deposits */ const cards = 1;`), 'cards')).toBe(false);
    expect(namesTable(code(`/** the chain_deposits */`), 'chain_deposits')).toBe(false);
  });

  it('has the books module name no table but its own (the rest through the owning modules)', () => {
    const foreign = schemaTables().filter((table) => !BOOKS_TABLES.includes(table));
    const naming = sources
      .filter((file) => file.startsWith('books/'))
      .flatMap((file) => {
        const text = code(readFileSync(join(MODULES, file), 'utf8'));
        return foreign.filter((table) => namesTable(text, table)).map((table) => `${file}: ${table}`);
      });
    expect(naming).toEqual([]);
  });
});
