import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildId } from './build/build-id';
import { licencesPlugin } from './build/licences';
import { pwaPlugin } from './build/pwa';

/** In development the API server runs separately on :8080; in production it serves this build itself. */
const API_SERVER = 'http://localhost:8080';
const API_PATHS = ['/api', '/healthz', '/readyz', '/openapi.json', '/docs'];
const proxy = Object.fromEntries(API_PATHS.map((path) => [path, { target: API_SERVER, changeOrigin: true }]));

export default defineConfig({
  // Pinned so `vite --config apps/web/vite.config.ts` from the repository root builds the same.
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Relative asset URLs: the build works wherever it is served from, and routing lives in the hash.
  base: './',
  // The installable app (manifest, service worker) and the licences of the bundled packages: see build/.
  plugins: [react(), ...licencesPlugin(), pwaPlugin()],
  define: { __APP_BUILD__: JSON.stringify(buildId()) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, strictPort: true, proxy },
});
