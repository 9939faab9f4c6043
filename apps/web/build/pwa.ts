import { VitePWA } from 'vite-plugin-pwa';
import { LICENCES_FILE } from './licences';

/** The colours of src/app/theme/tokens.css the browser paints before the app runs: navy bar, grey ground. */
const THEME_COLOR = '#0a1f3c';
const BACKGROUND_COLOR = '#f2f4f8';

/**
 * Paths the server answers itself. A navigation there must reach the server, not the cached shell,
 * and nothing under them is ever cached: the API's answers are live, the docs and /dev pages too.
 */
export const SERVER_PATHS = /^\/(api|docs|dev|openapi\.json|healthz|readyz|metrics)(\/|$)/;

/**
 * The installable app: a web manifest with PNG icons (rendered by scripts/render-app-icons.ts), and a
 * service worker that precaches the built shell (HTML, every page chunk, styles, icons, the licence
 * list) so the app opens without a network and shows its offline state. registerType 'prompt': a new
 * deployment's worker waits until the person taps Update (features/app-release), so nobody's
 * half-filled form is reloaded away. Nothing else is cached, so /api always goes to the network.
 */
export function pwaPlugin() {
  return VitePWA({
    registerType: 'prompt',
    // Registered from features/app-release through virtual:pwa-register, which reports updates.
    injectRegister: false,
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    includeAssets: ['icon.svg', 'apple-touch-icon.png'],
    manifest: {
      id: './',
      name: 'SBC Wallet',
      short_name: 'SBC Wallet',
      description: 'Hold your crypto and spend it with Visa-style cards.',
      lang: 'en',
      start_url: './',
      scope: './',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: THEME_COLOR,
      background_color: BACKGROUND_COLOR,
      categories: ['finance'],
      icons: [
        { src: 'icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}', LICENCES_FILE],
      navigateFallback: 'index.html',
      navigateFallbackDenylist: [SERVER_PATHS],
      cleanupOutdatedCaches: true,
      // The precache is the whole app; no runtime caching of anything else (least of all /api).
      runtimeCaching: [],
    },
    devOptions: { enabled: false },
  });
}
