import type { ErrorCode, IssueTexts } from '@wallet/contract';
import type { AntdLocale } from './antd-locales';
import type { FirstScreenSection } from './first-screen-sections';
import type { Catalogue } from './locales/en';

/**
 * The part of a catalogue the first screen draws with, some sections whole and some in part
 * (first-screen-sections.ts); the rest comes with the whole catalogue (packs.ts).
 */
export type FirstCatalogue = { readonly [Section in FirstScreenSection]: Partial<Catalogue[Section]> };

/**
 * What one language needs before anything is drawn, loaded as one chunk (packs/<language>.ts): the
 * first screen's part of the app's catalogue, and antd-mobile's own texts.
 */
export type LanguagePack = {
  readonly catalogue: FirstCatalogue;
  readonly antd: AntdLocale;
};

/**
 * The rest of one language, loaded as one chunk (whole/<language>.ts) when a page other than home is
 * opened or an error reply is to be shown: the whole catalogue, the contract's error messages, and
 * what forms say (antd-mobile's texts with our form messages, the zod issue texts). Every form is on a
 * page that draws only once this is in.
 */
export type WholeLanguage = {
  readonly catalogue: Catalogue;
  readonly errors: Readonly<Record<ErrorCode, string>>;
  /** antd-mobile's texts (the pack's) with our form messages. */
  readonly withFormMessages: (antd: AntdLocale) => AntdLocale;
  readonly issues: IssueTexts;
};
