import type { AdminHelpArticle, Language } from '@wallet/contract';

/** The console's languages first: an article is named by the text an operator here most likely reads. */
const TITLE_ORDER: Language[] = ['en', 'zh', 'ko', 'ja'];

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
