import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { antdMobileSwapsPlugin } from './build/antd-mobile-swaps';
import { barrelImportsPlugin } from './build/barrel-imports';
import { bootPlugin } from './build/boot';
import { buildId } from './build/build-id';
import { compressionPlugin } from './build/compression';
import { contractTextsPlugin, contractValue } from './build/contract-texts';
import { firstCataloguePlugin } from './build/first-catalogue';
import { iconPathsPlugin } from './build/icon-paths';
import { licencesPlugin } from './build/licences';
import { pwaPlugin } from './build/pwa';
import { LOCALE_TAGS } from './src/lib/locale-tags';

/** In development the API server runs separately on :8080; in production it serves this build itself. */
const API_SERVER = 'http://localhost:8080';
const API_PATHS = ['/api', '/healthz', '/readyz', '/openapi.json', '/docs'];
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/][^\\/]+|zustand|use-sync-external-store)[\\/]/;
/**
 * The rest of a language (src/lib/i18n/whole/<language>.ts): its catalogue with the sections it imports
 * (locales/<section>/<language>.ts) and its error messages (virtual:error-messages/<language>).
 */
const CATALOGUE = /(?:src[\\/]lib[\\/]i18n[\\/](?:whole[\\/]|locales[\\/](?:[a-z-]+[\\/])?)|virtual:error-messages\/)([a-z]{2})(?:\.ts)?$/;
/** The routes drawn with the tab bar (src/components/tab-layout.tsx): index.html's frame shows it only there. */
const TAB_PATHS = ['/', '/pages/wallet/index', '/pages/account/index'];
/**
 * What a page reads first when signed in, which public/boot.js asks for at once: home's balances,
 * profile, pop-ups and unread count; the records' first page; a card and its first transactions. A
 * `{name}` is the page's own query parameter of that name (the card's id), as the app encodes it.
 */
const BOOT_REPLIES = {
  '/': ['/api/v1/wallet/balances', '/api/v1/me', '/api/v1/help/popups', '/api/v1/me/notifications/unread'],
  '/pages/recordsSun/index': ['/api/v1/wallet/records?limit=20'],
  '/pages/cardBasic/index': ['/api/v1/cards/{id}', '/api/v1/cards/{id}/transactions?limit=20'],
};
/** Of those, the replies that list dated rows: on their pages boot.js makes the first date formatter before the frame. */
const DATED_REPLIES = ['/api/v1/wallet/records?limit=20', '/api/v1/cards/{id}/transactions?limit=20'];
/**
 * The dev server's pages ask the API through it, as pages the API served itself: the API refuses a
 * change made with the session cookie from another origin (ADR 0012), and changeOrigin moves only Host.
 */
const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  API_PATHS.map((path): [string, ProxyOptions] => [
    path,
    {
      target: API_SERVER,
      changeOrigin: true,
      configure: (server) =>
        server.on('proxyReq', (request) => {
          if (request.getHeader('origin') !== undefined) request.setHeader('origin', API_SERVER);
        }),
    },
  ]),
);

export default defineConfig({
  // Pinned so `vite --config apps/web/vite.config.ts` from the repository root builds the same.
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Relative asset URLs: the build works wherever it is served from, and routing lives in the hash.
  base: './',
  // The installable app (manifest, service worker), the licences of the bundled packages, and brotli
  // and gzip copies of every text file for the server to send as they are: see build/.
  // contractTextsPlugin gives each language its own error messages and lets unused contract code go.
  // barrelImportsPlugin, bootPlugin, iconPathsPlugin and antdMobileSwapsPlugin shape the first
  // load (see each file).
  plugins: [
    contractTextsPlugin(),
    firstCataloguePlugin(),
    iconPathsPlugin(),
    antdMobileSwapsPlugin(),
    react(),
    barrelImportsPlugin(),
    bootPlugin({ tabs: TAB_PATHS, replies: BOOT_REPLIES, datedReplies: DATED_REPLIES, dateLocales: LOCALE_TAGS, contractValue }),
    ...licencesPlugin(),
    pwaPlugin(),
    compressionPlugin(),
  ],
  define: { __APP_BUILD__: JSON.stringify(buildId()) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // A stylesheet per chunk: the first screen loads one (the initial chunk's, some 8 kB gzipped)
    // instead of every page's styles (22 kB); a page's styles come with its chunk.
    cssCodeSplit: true,
    rolldownOptions: {
      output: {
        // Every screen needs React, the router, i18next, TanStack Query and zustand before it draws:
        // one file for them instead of a dozen small ones, each a round trip on a slow phone network.
        // zod and decimal.js get files of their own, so no chunk the first screen loads carries them.
        // Everything else the entry imports statically ($initial: what every first screen runs) goes in
        // one more file: left alone, the bundler cut it into some twenty files of a few hundred bytes
        // each, shared with page chunks, and on HTTP/1.1's six connections each small file cost a round
        // trip. barrelImportsPlugin keeps package index files from making all of antd-mobile initial.
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 3 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            { name: 'decimal', test: /node_modules[\\/]decimal\.js[\\/]/, priority: 2 },
            // The rest of each language in one file, fetched when a page other than home opens.
            { name: (id) => `catalogue-${CATALOGUE.exec(id)?.[1]}`, test: CATALOGUE, priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, strictPort: true, proxy },
});
