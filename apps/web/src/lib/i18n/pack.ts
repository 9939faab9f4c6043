import type { ErrorCode, IssueTexts } from '@wallet/contract';
import type { AntdLocale } from './antd-locales';
import type { FirstScreenSection } from './first-screen-sections';
import type { Catalogue } from './locales/en';

/** The part of a catalogue the first screen draws with; the rest comes with the whole catalogue (packs.ts). */
export type FirstCatalogue = Pick<Catalogue, FirstScreenSection>;

/**
 * What one language needs before anything is drawn, loaded as one chunk (packs/<language>.ts): the
 * first screen's part of the app's catalogue, antd-mobile's texts with our form messages, and the
 * contract's error messages and zod issue texts.
 */
export type LanguagePack = {
  readonly catalogue: FirstCatalogue;
  readonly antd: AntdLocale;
  readonly errors: Readonly<Record<ErrorCode, string>>;
  readonly issues: IssueTexts;
};
