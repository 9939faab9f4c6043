import { fileURLToPath } from 'node:url';
import { type Plugin, runnerImport } from 'vite';
import { FIRST_SCREEN_TEXTS, pickTexts } from '../src/lib/i18n/first-screen-sections';

/** `import catalogue from 'virtual:first-catalogue/ko'`: the first screen's part of one language's catalogue. */
const PREFIX = 'virtual:first-catalogue/';
const RESOLVED = `\0${PREFIX}`;
const LOCALES = fileURLToPath(new URL('../src/lib/i18n/locales/', import.meta.url));

/**
 * Cuts the texts the first screen needs (src/lib/i18n/first-screen-sections.ts) out of a
 * language's catalogue at build time, as plain JSON. A bundler keeps an object literal whole, so
 * importing the catalogue module would bring every page's texts into the first load.
 */
export function firstCataloguePlugin(): Plugin {
  return {
    name: 'wallet-first-catalogue',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `${RESOLVED}${id.slice(PREFIX.length)}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const language = id.slice(RESOLVED.length);
      if (!/^[a-z]{2}$/.test(language)) throw new Error(`first-catalogue: no language ${language}`);
      const file = `${LOCALES}${language}.ts`;
      this.addWatchFile(file);
      const { module } = await runnerImport<Record<string, Record<string, unknown>>>(file, { configFile: false, logLevel: 'error' });
      const catalogue = module[language];
      if (!catalogue) throw new Error(`first-catalogue: ${file} exports no ${language}`);
      return `export default ${JSON.stringify(pickTexts(catalogue, FIRST_SCREEN_TEXTS))};`;
    },
  };
}
