import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { type Plugin, runnerImport } from 'vite';
import { type ZodType, z } from 'zod';

type Contract = typeof import('../../../packages/contract/src/index');

/** `import messages from 'virtual:error-messages/ko'`: the contract's error messages in one language. */
const PREFIX = 'virtual:error-messages/';
const RESOLVED = `\0${PREFIX}`;
/** `import check from 'virtual:json-schema/profileSchema'`: a contract schema as a compiled check. */
const JSON_SCHEMA = 'virtual:json-schema/';
const RESOLVED_JSON_SCHEMA = `\0${JSON_SCHEMA}`;
const CONTRACT_SOURCE = /\/packages\/contract\/src\/[^?]*\.ts$/;
const CONTRACT_ENTRY = fileURLToPath(new URL('../../../packages/contract/src/index.ts', import.meta.url));
/**
 * A top-level `const name = <call chain>` (e.g. `export const cardSchema = z.object({…})`): the
 * contract only defines values at its top level, never acts, so such a call may be dropped when
 * nothing uses its value.
 */
const TOP_LEVEL_CALL = /^((?:export )?const [A-Za-z_$][\w$]*(?:: [^=\n]+)? = )(?=[A-Za-z_$][\w$]*\s*[.(<\n])/gm;

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
      return id.startsWith(PREFIX) || id.startsWith(JSON_SCHEMA) ? `\0${id}` : undefined;
    },
    async load(id) {
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
      return { code: code.replace(TOP_LEVEL_CALL, '$1/* @__PURE__ */ '), map: null, moduleSideEffects: false };
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
  const json = z.toJSONSchema(schema as ZodType, { io: 'input', unrepresentable: 'throw' });
  const ajv = new Ajv2020({ code: { source: true, esm: true }, strict: false, validateFormats: false, unicodeRegExp: false });
  // Ajv's standalone code requires its runtime helpers CommonJS-style even in ESM mode: made imports.
  return standaloneCode(ajv, ajv.compile(json)).replace(
    /const (\w+) = require\("(ajv\/dist\/runtime\/[\w-]+)"\)\.default;/g,
    'import $1_module from "$2.js"; const $1 = $1_module.default ?? $1_module;',
  );
}
