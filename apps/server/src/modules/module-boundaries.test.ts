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
 */

const MODULES = new URL('.', import.meta.url).pathname;
const SCHEMA = new URL('../platform/db/schema.ts', import.meta.url);
const LEDGER_TABLES = ['ledger_accounts', 'ledger_entries', 'ledger_holds', 'ledger_journal'];

const sources = (readdirSync(MODULES, { recursive: true, encoding: 'utf8' }) as string[])
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .filter((file) => !file.startsWith(`ledger/`));

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
});
