import type { AdminHelpArticle, Language } from '@wallet/contract';
import { EDIT_LANGUAGES } from '../shared/languages';

/** An article is named by the text in the operator's language, else in the first language written. */
const TITLE_ORDER = EDIT_LANGUAGES;

export function articleTitle(article: Pick<AdminHelpArticle, 'texts'>, preferred: string): string {
  for (const language of [preferred as Language, ...TITLE_ORDER]) {
    const text = article.texts[language];
    if (text?.title) return text.title;
  }
  return '';
}

export function categoryName(names: Partial<Record<Language, string>>, preferred: string): string {
  for (const language of [preferred as Language, ...TITLE_ORDER]) {
    const name = names[language];
    if (name) return name;
  }
  return '';
}
