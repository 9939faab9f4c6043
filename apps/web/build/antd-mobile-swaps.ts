import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const NO_DEFAULT_LOCALE = '\0antd-mobile-no-default-locale';

/** An import inside antd-mobile (`source`, from a file `importer` matches) and what takes its place. */
interface Swap {
  importer: RegExp;
  source: string;
  replacement: string;
}

const SWAPS: readonly Swap[] = [
  /**
   * antd-mobile's default way to mount its imperative components (unstable-render.js imports
   * './render', rc-util's ReactDOM.render shim) is replaced by src/lib/antd-mobile-root-render.tsx,
   * which mounts them with React 19's createRoot. Setting it at start-up instead (unstableSetRender)
   * kept the shim, and Babel's regenerator runtime with it, in the first load: some 4 kB gzipped that
   * never ran.
   */
  {
    importer: /[\\/]node_modules[\\/]antd-mobile[\\/]es[\\/]utils[\\/]unstable-render\.js$/,
    source: './render',
    replacement: fileURLToPath(new URL('../src/lib/antd-mobile-root-render.tsx', import.meta.url)),
  },
  /**
   * antd-mobile's config provider imports its Chinese texts as the default for components drawn
   * outside any ConfigProvider. The app draws none there: its tree and the imperative roots
   * (src/lib/antd-mobile-root-render.tsx) both pass the member's language pack. The default import
   * cost every first screen some 1.3 kB gzipped; the Chinese texts now load with the Chinese pack
   * only. A component drawn outside a provider fails with a sentence saying so rather than showing
   * Chinese.
   */
  {
    importer: /[\\/]node_modules[\\/]antd-mobile[\\/]es[\\/]components[\\/]config-provider[\\/]config-provider\.js$/,
    source: '../../locales/zh-CN',
    replacement: NO_DEFAULT_LOCALE,
  },
];

/** Puts the app's own modules in the place of antd-mobile internals that cost the first load (SWAPS). */
export function antdMobileSwapsPlugin(): Plugin {
  return {
    name: 'wallet-antd-mobile-swaps',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return undefined;
      return SWAPS.find((swap) => swap.source === source && swap.importer.test(importer))?.replacement;
    },
    load(id) {
      if (id !== NO_DEFAULT_LOCALE) return undefined;
      return `export default new Proxy({}, { get(_target, key) { throw new Error('antd-mobile drew ' + String(key) + ' outside the app\\'s ConfigProvider: its texts come from the language pack'); } });`;
    },
  };
}
