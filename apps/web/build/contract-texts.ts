import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { type Plugin, parseAst, runnerImport } from 'vite';
import { type ZodType, z } from 'zod';

type Contract = typeof import('../../../packages/contract/src/index');

/** `import messages from 'virtual:error-messages/ko'`: the contract's error messages in one language. */
const PREFIX = 'virtual:error-messages/';
const RESOLVED = `\0${PREFIX}`;
/** `import check from 'virtual:json-schema/profileSchema'`: a contract schema as a compiled check. */
const JSON_SCHEMA = 'virtual:json-schema/';
const RESOLVED_JSON_SCHEMA = `\0${JSON_SCHEMA}`;
/**
 * `import CSRF_HEADER from 'virtual:contract-value/CSRF_HEADER'`: one constant of the contract, copied
 * at build time. A bundler puts a module in one chunk whole, so a first-screen import of a constant
 * that sits beside zod schemas (the headers in api/auth.ts) would load those schemas, and zod, with it.
 */
const VALUE = 'virtual:contract-value/';
const RESOLVED_VALUE = `\0${VALUE}`;
const CONTRACT_SOURCE = /\/packages\/contract\/src\/[^?]*\.ts$/;
const CONTRACT_ENTRY = fileURLToPath(new URL('../../../packages/contract/src/index.ts', import.meta.url));
const PURE = '/* @__PURE__ */ ';

type AstNode = { type: string; start: number; end: number; [key: string]: unknown };

/**
 * Where the calls in the contract's top-level definitions start (`export const cardSchema =
 * z.object({…})`, but also a call inside an object literal such as `{ secondFactor:
 * proofSchema.optional() }`): the contract only defines values at its top level, never acts, so such a
 * call may be dropped when nothing uses its value. Function bodies are left alone: they run only when called.
 */
function topLevelCallStarts(code: string): number[] {
  const starts = new Set<number>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (typeof node !== 'object' || node === null || typeof (node as AstNode).type !== 'string') return;
    const { type, start } = node as AstNode;
    if (type === 'ArrowFunctionExpression' || type === 'FunctionExpression' || type === 'ClassExpression') return;
    if (type === 'CallExpression' || type === 'NewExpression') starts.add(start);
    for (const [key, value] of Object.entries(node)) if (key !== 'type' && typeof value === 'object') visit(value);
  };
  for (const statement of parseAst(code, { lang: 'ts' }).body as unknown as AstNode[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as AstNode | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as AstNode[]) visit(declarator.init);
  }
  return [...starts].sort((a, b) => b - a);
}

/** `code` with every top-level definition's calls marked pure (see topLevelCallStarts). */
export function markTopLevelCallsPure(code: string): string {
  let marked = code;
  for (const start of topLevelCallStarts(code)) marked = `${marked.slice(0, start)}${PURE}${marked.slice(start)}`;
  return marked;
}

let contract: Promise<Contract> | undefined;

/**
 * The contract's TypeScript, loaded once when a build first asks for a text or a schema. Through
 * Vite's module runner rather than imported by this file: Vite and Vitest load their config with bare
 * imports left to Node, which cannot run TypeScript, and bundling the contract into the config would
 * make every run warn about each of its extension-less imports.
 */
function loadContract(): Promise<Contract> {
  contract ??= runnerImport<Contract>(CONTRACT_ENTRY, { configFile: false, logLevel: 'error' }).then((result) => result.module);
  return contract;
}

/** A value of the contract, for other build steps (e.g. the default language for public/boot.js). */
export async function contractValue(name: string): Promise<unknown> {
  return ((await loadContract()) as Record<string, unknown>)[name];
}

/**
 * The contract (packages/contract) keeps every error message in all four languages in one object, as
 * the server needs it. The app shows one language at a time, so this gives it each language's messages
 * as a module of their own, made at build time from that same object: the app loads only the member's
 * language (src/lib/i18n/packs), and the contract's source and the server stay as they are.
 *
 * It also lets the bundler drop what the app does not use from the contract: its modules are declared
 * free of side effects and their top-level definitions pure. Otherwise every zod schema defined beside
 * a constant the first screen needs (a currency list, a limit) would pull zod into the first load.
 */
export function contractTextsPlugin(): Plugin {
  return {
    name: 'wallet-contract-texts',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) || id.startsWith(JSON_SCHEMA) || id.startsWith(VALUE) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (id.startsWith(RESOLVED_VALUE)) return valueModule(await loadContract(), id.slice(RESOLVED_VALUE.length));
      if (id.startsWith(RESOLVED_JSON_SCHEMA)) return jsonSchemaModule(await loadContract(), id.slice(RESOLVED_JSON_SCHEMA.length));
      if (!id.startsWith(RESOLVED)) return undefined;
      const { ERROR_CODES, ERRORS, isLanguage } = await loadContract();
      const language = id.slice(RESOLVED.length);
      if (!isLanguage(language)) throw new Error(`${id}: no such language`);
      const messages = Object.fromEntries(ERROR_CODES.map((code) => [code, ERRORS[code].message[language]]));
      return `export default ${JSON.stringify(messages)};`;
    },
    transform(code, id) {
      if (!CONTRACT_SOURCE.test(id)) return undefined;
      return { code: markTopLevelCallsPure(code), map: null, moduleSideEffects: false };
    },
  };
}

/**
 * A contract schema compiled at build time into a check for replies the first screen reads, so zod
 * need not load before home draws: zod writes the schema as JSON Schema, Ajv compiles that into a
 * standalone function (no Ajv in the app). The input side is what a reply must look like; the
 * contract's reply schemas have no transforms. Formats are not checked (zod's own checks are in the
 * JSON Schema as patterns); regular expressions keep zod's flags-free meaning.
 */
function jsonSchemaModule(source: Contract, name: string): string {
  const schema = (source as Record<string, unknown>)[name];
  // Duck-typed: the contract's zod may be another instance of the package than this file's.
  if (typeof schema !== 'object' || schema === null || !('_zod' in schema)) {
    throw new Error(`virtual:json-schema/${name}: the contract exports no such schema`);
  }
  const json = withoutAnnotations(z.toJSONSchema(schema as ZodType, { io: 'input', unrepresentable: 'throw' })) as object;
  const ajv = new Ajv2020({
    code: { source: true, esm: true },
    strict: false,
    validateFormats: false,
    unicodeRegExp: false,
    messages: false,
  });
  // Ajv's standalone code requires its runtime helpers CommonJS-style even in ESM mode: made imports.
  // The app asks a check only yes or no (src/lib/json-check.ts): the error objects Ajv builds, before
  // each `return false` and in the branches of an anyOf, and the copies of the schema they point into,
  // were half of the code. Each becomes an empty one, as a check that calls another, or an anyOf,
  // counts the errors it collects. What each check evaluated (kept for unevaluatedProperties, which
  // the contract's schemas do not use) goes too.
  const code = standaloneCode(ajv, ajv.compile(json))
    .replace(
      /const (\w+) = require\("(ajv\/dist\/runtime\/[\w-]+)"\)\.default;/g,
      'import $1_module from "$2.js"; const $1 = $1_module.default ?? $1_module;',
    )
    .replace(/\b(validate\d+)\.errors = \[\{.*?\}\];return false;/g, '$1.errors = [{}];return false;')
    .replace(/\b(const err\d+) = \{instancePath.*?\};if\(vErrors === null\)/g, '$1 = {};if(vErrors === null)')
    .replace(
      /const (evaluated\d+) = validate\d+\.evaluated;if\(\1\.dynamicProps\)\{\1\.props = undefined;\}if\(\1\.dynamicItems\)\{\1\.items = undefined;\}/g,
      '',
    )
    .replace(/\bvalidate\d+\.evaluated = \{[^;]*\};/g, '');
  if (/\bevaluated\d*\b/.test(code)) throw new Error(`virtual:json-schema/${name}: the check reads what it evaluated`);
  return code;
}

/** Words for readers of the OpenAPI document (descriptions, examples) that a check never reads. */
const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'deprecated']);
/** Keywords whose value maps names (a property called "title", say) to schemas. */
const NAMED_SCHEMAS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keywords whose value is data, not a schema. */
const DATA = new Set(['enum', 'const', 'default', 'required']);

function withoutAnnotations(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutAnnotations);
  if (schema === null || typeof schema !== 'object') return schema;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key)) continue;
    if (DATA.has(key)) kept[key] = value;
    else if (NAMED_SCHEMAS.has(key) && value && typeof value === 'object')
      kept[key] = Object.fromEntries(Object.entries(value).map(([name, item]) => [name, withoutAnnotations(item)]));
    else kept[key] = withoutAnnotations(value);
  }
  return kept;
}

/** A contract constant (plain data only) as a module of its own: see VALUE. */
function valueModule(source: Contract, name: string): string {
  const value = (source as Record<string, unknown>)[name];
  const plain = (item: unknown): boolean =>
    ['string', 'number', 'boolean'].includes(typeof item) ||
    item === null ||
    (Array.isArray(item) && item.every(plain)) ||
    (typeof item === 'object' && item !== null && Object.getPrototypeOf(item) === Object.prototype && Object.values(item).every(plain));
  if (value === undefined || !plain(value)) throw new Error(`virtual:contract-value/${name}: the contract exports no such plain value`);
  return `export default ${JSON.stringify(value)};`;
}
