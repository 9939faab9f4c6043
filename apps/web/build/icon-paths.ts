import { optimize } from 'svgo';
import type { Plugin } from 'vite';

/** antd-mobile-icons' modules: one React component per icon, each an SVG of 48 x 48 units. */
const ICON_MODULE = /[\\/]node_modules[\\/]antd-mobile-icons[\\/]es[\\/][A-Za-z]+\.js$/;
const PATH_DATA = /\bd: "([^"\\]+)"/g;
/** The design tool's layer names (`id: "BillOutline-\u7F16\u7EC4"`): nothing refers to them. */
const LAYER_ID = /\bid: "(?:[^"\\]|\\.)*",\s*|,\s*id: "(?:[^"\\]|\\.)*"|\bid: "(?:[^"\\]|\\.)*"/g;
/** Two decimals of a 48-unit box is a 2,400th of the icon: below a pixel at any size an icon is drawn. */
const PRECISION = 2;

/** Path data as svgo writes it: relative commands, arcs where a curve is one, PRECISION decimals. */
export function shortPathData(d: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><path d="${d}"/></svg>`;
  const { data } = optimize(svg, {
    plugins: [{ name: 'convertPathData', params: { floatPrecision: PRECISION, transformPrecision: PRECISION } }],
  });
  const short = /\bd="([^"]+)"/.exec(data)?.[1];
  if (!short) throw new Error(`icon-paths: svgo returned no path for ${d.slice(0, 40)}`);
  return short;
}

/** One icon module with its paths shortened and its layer names gone. */
export function shortIconModule(code: string): string {
  return code.replace(LAYER_ID, '').replace(PATH_DATA, (_whole, d: string) => `d: ${JSON.stringify(shortPathData(d))}`);
}

/**
 * antd-mobile-icons ship each path as the design tool exported it: absolute commands with seven
 * decimals, about 1.3 kB gzipped an icon, 11 kB of home's first load for its 14 icons. svgo's path
 * optimizer writes the same shapes in about a quarter of that. Applied to the package's modules as
 * they are bundled, so every icon in the app is drawn from the shorter paths.
 */
export function iconPathsPlugin(): Plugin {
  return {
    name: 'wallet-icon-paths',
    transform(code, id) {
      if (!ICON_MODULE.test(id)) return undefined;
      return { code: shortIconModule(code), map: null };
    },
  };
}
