import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const UNSTABLE_RENDER = /[\\/]node_modules[\\/]antd-mobile[\\/]es[\\/]utils[\\/]unstable-render\.js$/;
const ROOT_RENDER = fileURLToPath(new URL('../src/lib/antd-mobile-root-render.tsx', import.meta.url));

/**
 * antd-mobile's default way to mount its imperative components (unstable-render.js imports './render',
 * rc-util's ReactDOM.render shim) is replaced by src/lib/antd-mobile-root-render.tsx, which mounts them
 * with React 19's createRoot. Setting it at start-up instead (unstableSetRender) kept the shim, and
 * Babel's regenerator runtime with it, in the first load: some 4 kB gzipped that never ran.
 */
export function antdMobileRootRenderPlugin(): Plugin {
  return {
    name: 'wallet-antd-mobile-root-render',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './render' && importer && UNSTABLE_RENDER.test(importer)) return ROOT_RENDER;
      return undefined;
    },
  };
}
