import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Plugin, parseAst } from 'vite';

/** Index files that only re-export their package's modules ("barrels"), by the name the app imports them with. */
const BARRELS = ['antd-mobile', 'antd-mobile-icons', '@wallet/contract'];

type AstNode = { type: string; start: number; end: number; [key: string]: unknown };
type Origin = { file: string; imported: string };
type Barrel = { origins: Map<string, Origin>; sideEffects: string[] };

const parse = (file: string) =>
  parseAst(readFileSync(file, 'utf8'), { lang: file.endsWith('.ts') ? 'ts' : 'js' }).body as unknown as AstNode[];
const nameOf = (node: unknown) => {
  const { name, value } = node as { name?: string; value?: string };
  return name ?? value ?? '';
};

function resolveFile(from: string, source: string): string {
  const base = path.resolve(path.dirname(from), source);
  const found = [base, `${base}.ts`, `${base}.js`, path.join(base, 'index.ts'), path.join(base, 'index.js')].find(
    (file) => existsSync(file) && !file.endsWith(path.sep) && path.extname(file) !== '',
  );
  if (!found) throw new Error(`barrel-imports: cannot find ${source} from ${from}`);
  return found;
}

/** Where each value `file` exports is defined, following re-exports; type-only exports are left out. */
function collect(file: string, into: Map<string, Origin>, sideEffects: string[]): void {
  for (const node of parse(file)) {
    if (node.type === 'ImportDeclaration' && (node.specifiers as unknown[]).length === 0) {
      sideEffects.push(resolveFile(file, nameOf(node.source)));
    } else if (node.type === 'ExportAllDeclaration' && !node.exported && node.exportKind !== 'type') {
      collect(resolveFile(file, nameOf(node.source)), into, sideEffects);
    } else if (node.type === 'ExportNamedDeclaration' && node.exportKind !== 'type') {
      const source = node.source ? resolveFile(file, nameOf(node.source)) : null;
      for (const specifier of node.specifiers as AstNode[]) {
        if (specifier.exportKind === 'type') continue;
        const local = nameOf(specifier.local);
        const origin = source ? { file: source, imported: local } : { file, imported: local };
        into.set(nameOf(specifier.exported), origin);
      }
      const declaration = node.declaration as AstNode | null;
      if (declaration?.type === 'VariableDeclaration') {
        for (const declarator of declaration.declarations as AstNode[])
          into.set(nameOf(declarator.id), { file, imported: nameOf(declarator.id) });
      } else if (declaration?.type === 'FunctionDeclaration' || declaration?.type === 'ClassDeclaration') {
        into.set(nameOf(declaration.id), { file, imported: nameOf(declaration.id) });
      }
    }
  }
}

/**
 * Rewrites `import { Button } from 'antd-mobile'` into an import of the module that defines Button
 * (what babel-plugin-import does for antd), and the same for antd-mobile's icons and the contract.
 * The bytes do not change (the bundler drops unused exports either way); what changes is which
 * modules count as loaded by the first screen: a barrel imported there makes every module it
 * re-exports "initial", and the app's initial chunk (vite.config.ts) would then hold all of antd-mobile
 * and every zod schema of the contract. A name the barrel does not plainly re-export, or an import of
 * a default or a namespace, keeps the barrel import as written.
 */
export function barrelImportsPlugin(): Plugin {
  const barrels = new Map<string, Promise<Barrel | null>>();
  return {
    name: 'wallet-barrel-imports',
    apply: 'build',
    enforce: 'post',
    async transform(code, id) {
      if (id.includes('node_modules') || !/\.[jt]sx?$/.test(id) || !BARRELS.some((name) => code.includes(name))) return undefined;
      const edits: Array<{ start: number; end: number; text: string }> = [];
      for (const node of parseAst(code).body as unknown as AstNode[]) {
        const isImport = node.type === 'ImportDeclaration';
        if (!isImport && node.type !== 'ExportNamedDeclaration') continue;
        const source = node.source ? nameOf(node.source) : '';
        if (!BARRELS.includes(source)) continue;
        let barrel = barrels.get(source);
        if (!barrel) {
          barrel = this.resolve(source, id).then((resolved) => {
            if (!resolved) return null;
            const origins = new Map<string, Origin>();
            const sideEffects: string[] = [];
            collect(resolved.id, origins, sideEffects);
            return { origins, sideEffects };
          });
          barrels.set(source, barrel);
        }
        const known = await barrel;
        const specifiers = node.specifiers as AstNode[];
        if (!known || specifiers.length === 0) continue;
        const parts = specifiers.map((specifier) => {
          if (specifier.type !== 'ImportSpecifier' && specifier.type !== 'ExportSpecifier') return null;
          const name = nameOf(isImport ? specifier.imported : specifier.local);
          const alias = nameOf(isImport ? specifier.local : specifier.exported);
          const origin = known.origins.get(name);
          return origin ? { origin, alias } : null;
        });
        if (parts.some((part) => part === null)) continue;
        const keyword = isImport ? 'import' : 'export';
        const lines = known.sideEffects.map((file) => `import ${JSON.stringify(file)};`);
        for (const part of parts as Array<{ origin: Origin; alias: string }>) {
          lines.push(`${keyword} { ${part.origin.imported} as ${part.alias} } from ${JSON.stringify(part.origin.file)};`);
        }
        edits.push({ start: node.start, end: node.end, text: lines.join('\n') });
      }
      if (edits.length === 0) return undefined;
      let rewritten = code;
      for (const edit of edits.reverse()) rewritten = `${rewritten.slice(0, edit.start)}${edit.text}${rewritten.slice(edit.end)}`;
      return { code: rewritten, map: null };
    },
  };
}
