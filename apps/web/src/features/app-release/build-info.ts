/** This build's identifier, e.g. "3f2a9c1 · 2025-06-01 08:30 UTC"; "dev" where Vite did not build it (unit tests). */
export const APP_BUILD: string = typeof __APP_BUILD__ === 'string' ? __APP_BUILD__ : 'dev';
