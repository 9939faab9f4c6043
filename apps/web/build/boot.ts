import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * What public/boot.js reads from index.html: which files to fetch for the entry, each page and each
 * language. Kept short, as it is part of the page: chunks are named by their place in `files` (file
 * names without "assets/" and ".js"), and each lists the chunks it imports, for boot.js to follow.
 */
export interface BootData {
  files: string[];
  /** For each of `files`, the places of the chunks it imports statically. */
  imports: number[][];
  /** The entry's place in `files`: what it imports, every first screen runs. */
  entry: number;
  /** Per hash path (`/pages/recordsSun/index`): the place of that page's chunk. */
  routes: Record<string, number>;
  /** The place of the chunk with the routes of every page but the tabs (src/app/other-routes.tsx). */
  otherRoutes: number;
  /** Per language: the place of its pack (the first screen's texts, antd-mobile texts, error messages). */
  languages: Record<string, number>;
  /** Per language: the place of its whole catalogue, which every page but home waits for. */
  catalogues: Record<string, number>;
  /** Per place in `files`, for chunks with styles of their own: their stylesheets (names without "assets/" and ".css"). */
  styles: Record<number, string[]>;
  /** The paths that draw the tab bar: other pages' frame has none. */
  tabs: string[];
  /** The language of a member who has chosen none. */
  defaultLanguage: string;
  /**
   * Per hash path: the API paths its first screen reads when signed in, asked for by boot.js at once
   * (src/lib/boot-replies.ts hands the replies to the app), with the header that asks for the session cookie.
   * A `{name}` in a path is the page's query parameter of that name, encoded as the app encodes it.
   */
  replies: Record<string, string[]>;
  sessionHeader: string;
  /**
   * Of `replies`, those that list dated rows (the records, a card's transactions), and the locale the
   * app writes each language's dates in (src/lib/format.ts): on a page that asks for one, boot.js makes
   * that language's first date formatter before the frame is painted. A page's first
   * Intl.DateTimeFormat loads the time zone and the locale's calendar, 20-50 ms measured here on a
   * desktop CPU, which otherwise was a long task after the frame.
   */
  datedReplies: string[];
  dateLocales: Record<string, string>;
}

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="\.\/([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;
const PAGE = /[\\/]src[\\/]pages[\\/](.+)\.tsx$/;
const PACK = /[\\/]src[\\/]lib[\\/]i18n[\\/]packs[\\/]([a-z]{2})\.ts$/;
const OTHER_ROUTES = /[\\/]src[\\/]app[\\/]other-routes\.tsx$/;
const CATALOGUE = /[\\/]src[\\/]lib[\\/]i18n[\\/]locales[\\/]([a-z]{2})\.ts$/;
const STYLE = /^assets\/(.+)\.css$/;
const SHORT = /^assets\/(.+)\.js$/;

/** Everything boot.js needs, from the finished bundle. */
export function bootData(
  bundle: OutputBundle,
  entryFile: string,
  options: Pick<BootData, 'tabs' | 'defaultLanguage' | 'replies' | 'sessionHeader' | 'datedReplies' | 'dateLocales'>,
): BootData {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const place = new Map(chunks.map((chunk, index) => [chunk.fileName, index]));
  const at = (file: string) => {
    const index = place.get(file);
    if (index === undefined) throw new Error(`boot: ${file} is not in the bundle`);
    return index;
  };
  const asked = Object.values(options.replies).flat();
  for (const reply of options.datedReplies) if (!asked.includes(reply)) throw new Error(`boot: ${reply} is dated but no page asks for it`);
  const routes: Record<string, number> = {};
  const languages: Record<string, number> = {};
  const catalogues: Record<string, number> = {};
  const styles: Record<number, string[]> = {};
  let otherRoutes: number | undefined;
  for (const chunk of chunks) {
    const css = [...(chunk.viteMetadata?.importedCss ?? [])].map((file) => STYLE.exec(file)?.[1] ?? '');
    if (css.some((name) => name === '')) throw new Error(`boot: a stylesheet of ${chunk.fileName} is not under assets/`);
    if (css.length > 0) styles[at(chunk.fileName)] = css;
    // A whole catalogue is a chunk of its own (vite.config.ts), imported without a facade module.
    const catalogue = chunk.moduleIds.map((id) => CATALOGUE.exec(id)?.[1]).find(Boolean);
    if (catalogue) catalogues[catalogue] = at(chunk.fileName);
    if (!chunk.isDynamicEntry || !chunk.facadeModuleId) continue;
    if (OTHER_ROUTES.test(chunk.facadeModuleId)) otherRoutes = at(chunk.fileName);
    const page = PAGE.exec(chunk.facadeModuleId)?.[1];
    const pack = PACK.exec(chunk.facadeModuleId)?.[1];
    if (page) routes[`/pages/${page.split(path.sep).join('/')}`] = at(chunk.fileName);
    if (pack) languages[pack] = at(chunk.fileName);
  }
  if (otherRoutes === undefined) throw new Error('boot: no chunk holds src/app/other-routes.tsx');
  return {
    files: chunks.map((chunk) => {
      const short = SHORT.exec(chunk.fileName)?.[1];
      if (!short) throw new Error(`boot: ${chunk.fileName} is not a script under assets/`);
      return short;
    }),
    imports: chunks.map((chunk) => chunk.imports.map(at)),
    entry: at(entryFile),
    routes,
    otherRoutes,
    languages,
    catalogues,
    styles,
    ...options,
  };
}

/**
 * index.html paints the app's frame from markup and the stylesheet alone (a first paint on a slow
 * phone network), and public/boot.js, a small blocking script (the CSP allows no inline script), sets
 * the page's language and then, once that frame is on screen, fetches the app: the entry and every
 * chunk the opened page needs at once (its page chunk and the member's language pack too), instead of
 * a chain of requests each found only when the one before has run. So the scripts Vite would have put
 * in index.html are taken out here, and their list goes into the page as JSON for boot.js.
 */
export function bootPlugin(options: {
  tabs: string[];
  replies: Record<string, string[]>;
  datedReplies: string[];
  dateLocales: Record<string, string>;
  contractValue: (name: string) => Promise<unknown>;
}): Plugin {
  return {
    name: 'wallet-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (!context.bundle) return html;
        const entry = ENTRY_SCRIPT.exec(html)?.[1];
        if (!entry) throw new Error('boot: index.html has no entry script');
        const data = bootData(context.bundle, entry, {
          tabs: options.tabs,
          replies: options.replies,
          datedReplies: options.datedReplies,
          dateLocales: options.dateLocales,
          defaultLanguage: String(await options.contractValue('DEFAULT_LANGUAGE')),
          sessionHeader: String(await options.contractValue('SESSION_DELIVERY_HEADER')),
        });
        // A data block, never run: no CSP rule applies to it. "<" escaped so no file name could close it.
        const json = JSON.stringify(data).replace(/</g, '\\u003c');
        return html
          .replace(ENTRY_SCRIPT, '')
          .replace(MODULE_PRELOAD, '')
          .replace(
            '</title>',
            `</title>\n    <script type="application/json" id="boot-data">${json}</script>\n    <script src="./boot.js"></script>`,
          );
      },
    },
  };
}
