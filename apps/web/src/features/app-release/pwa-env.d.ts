/// <reference types="vite-plugin-pwa/vanillajs" />

/** What identifies this build (commit and time), set by vite.config.ts from build/build-id.ts. */
declare const __APP_BUILD__: string;
