import type { ErrorCode, IssueTexts } from '@wallet/contract';
import type { AntdLocale } from './antd-locales';
import type { Catalogue } from './locales/en';

/**
 * Everything one language shows, loaded as one chunk (packs/<language>.ts): the app's catalogue,
 * antd-mobile's texts with our form messages, and the contract's error messages and zod issue texts.
 */
export type LanguagePack = {
  readonly catalogue: Catalogue;
  readonly antd: AntdLocale;
  readonly errors: Readonly<Record<ErrorCode, string>>;
  readonly issues: IssueTexts;
};
