/**
 * The catalogue's sections the first screen draws with (home, the tab bar, the app's notices, the
 * pop-up, error and offline texts). The first load carries only these, cut from each language's
 * catalogue at build (build/first-catalogue.ts); the whole catalogue follows at once, and every other
 * page waits for it before it draws (app/lazy-page.ts).
 */
export const FIRST_SCREEN_SECTIONS = [
  'app',
  'tabs',
  'common',
  'errors',
  'routeError',
  'notFound',
  'home',
  'currency',
  'kind',
  'network',
  'account',
  'help',
  'notifications',
  'release',
] as const;

export type FirstScreenSection = (typeof FIRST_SCREEN_SECTIONS)[number];
