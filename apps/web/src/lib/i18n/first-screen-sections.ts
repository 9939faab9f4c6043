/**
 * The texts the first screen draws with (home, the tab bar, the app's notices, the pop-up, a live
 * notification's toast, error and offline texts): whole sections, or a part of one where the section
 * mostly serves other pages (the update and download pages' texts are most of `release`). The first
 * load carries only these, cut from each language's catalogue at build (build/first-catalogue.ts);
 * every other page waits for the whole catalogue before it draws (app/lazy-page.ts).
 */
export const FIRST_SCREEN_TEXTS = [
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
  'account.signedOut',
  'help.popup',
  'help.markdown',
  'help.article.shownIn',
  'notifications.title',
  'notifications.body',
  'notifications.reasons',
  'notifications.unknown',
  'notifications.live',
  'release.offline',
  'release.prompt',
] as const;

type TopSection<Path extends string> = Path extends `${infer Section}.${string}` ? Section : Path;
export type FirstScreenSection = TopSection<(typeof FIRST_SCREEN_TEXTS)[number]>;

type Texts = { readonly [key: string]: unknown };

/** The parts of `catalogue` that `paths` name ("section" or "section.part.leaf"), nested as they are there. */
export function pickTexts(catalogue: Texts, paths: readonly string[]): Texts {
  const picked: Record<string, unknown> = {};
  for (const path of paths) {
    const keys = path.split('.');
    let from: unknown = catalogue;
    let to = picked;
    keys.forEach((key, i) => {
      from = (from as Texts | undefined)?.[key];
      if (from === undefined) throw new Error(`the catalogue has no ${path}`);
      if (i === keys.length - 1) {
        to[key] = from;
        return;
      }
      to[key] ??= {};
      to = to[key] as Record<string, unknown>;
    });
  }
  return picked;
}
