import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
// The web app's plugin: brotli and gzip copies beside each text file, sent as they are by the server.
import { compressionPlugin } from '../web/build/compression';

/** In development the API server runs separately on :8080; in production it serves this build at /console/. */
const API_SERVER = 'http://localhost:8080';

/**
 * The dev server's pages ask the API through it, as pages the API served itself: the API refuses a
 * change made with the console cookie from another origin, and changeOrigin moves only Host.
 */
const proxy: Record<string, ProxyOptions> = {
  '/api': {
    target: API_SERVER,
    changeOrigin: true,
    configure: (server) =>
      server.on('proxyReq', (request) => {
        if (request.getHeader('origin') !== undefined) request.setHeader('origin', API_SERVER);
      }),
  },
};

/** antd, its icons and Refine's antd layer: one file shared by every page instead of many small ones. */
const UI = /node_modules[\\/](antd|@ant-design[\\/](?!plots)[^\\/]+|@rc-component[\\/][^\\/]+|rc-[^\\/]+|@refinedev[\\/][^\\/]+)[\\/]/;
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/][^\\/]+|use-sync-external-store)[\\/]/;

export default defineConfig({
  // Pinned so `vite --config apps/console/vite.config.ts` from the repository root builds the same.
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The server serves this build under /console/; routing lives in the hash.
  base: '/console/',
  plugins: [react(), compressionPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // A desktop console on the office network: antd and Refine in one shared file beat many small ones.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 3 },
            { name: 'ui', test: UI, priority: 2 },
          ],
        },
      },
    },
  },
  server: { port: 5174, strictPort: true, proxy },
  preview: { port: 4174, strictPort: true, proxy },
});
