import { type IssueLike, issueTextWith } from './issue-texts';
import { ISSUE_TEXTS_EN } from './issue-texts-en';
import { ISSUE_TEXTS_JA } from './issue-texts-ja';
import { ISSUE_TEXTS_KO } from './issue-texts-ko';
import { ISSUE_TEXTS_ZH } from './issue-texts-zh';
import type { Language } from './languages';

/**
 * Every language's issue texts, for the server, which answers in each. Kept apart from
 * issue-texts.ts so the web app, which loads one language's texts with its pack, never bundles all four.
 */
const TEXTS: Readonly<Record<Language, typeof ISSUE_TEXTS_EN>> = {
  en: ISSUE_TEXTS_EN,
  zh: ISSUE_TEXTS_ZH,
  ko: ISSUE_TEXTS_KO,
  ja: ISSUE_TEXTS_JA,
};

/** The sentence for one zod issue in `language`. */
export function zodIssueText(issue: IssueLike, language: Language): string {
  return issueTextWith(issue, TEXTS[language]);
}
