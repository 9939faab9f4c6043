import type { HelpArticleKind, HelpCategoryIcon, HelpContactKind, Language } from '@wallet/contract';
import type { ColumnType, Generated } from 'kysely';

/** Text per app language, as the operator wrote it (any language may be missing). */
export type PerLanguage = Partial<Record<Language, string>>;

/** A jsonb column: read as a value, written as JSON text. */
type Json<T> = ColumnType<T, string, string>;

export interface StoredHelpContact {
  kind: HelpContactKind;
  value: string;
  label: PerLanguage;
}

/** Tables of the help module, migration 0014. */
export interface HelpCategoriesTable {
  id: Generated<string>;
  names: Json<PerLanguage>;
  icon: HelpCategoryIcon;
  sort: number;
  created_at: Date;
  updated_at: Date;
}

export interface HelpArticlesTable {
  id: Generated<string>;
  kind: HelpArticleKind;
  category_id: string | null;
  popup: boolean;
  pinned: boolean;
  sort: number;
  published: boolean;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface HelpArticleTextsTable {
  article_id: string;
  language: Language;
  title: string;
  body: string;
  updated_at: Date;
}

export interface HelpArticleRelatedTable {
  article_id: string;
  related_id: string;
  position: number;
}

export interface HelpPopupDismissalsTable {
  user_id: string;
  article_id: string;
  dismissed_at: Date;
}

export interface HelpServiceTable {
  id: Generated<number>;
  contacts: Json<StoredHelpContact[]>;
  hours: Json<PerLanguage>;
  updated_at: Date;
}

export interface HelpTables {
  help_categories: HelpCategoriesTable;
  help_articles: HelpArticlesTable;
  help_article_texts: HelpArticleTextsTable;
  help_article_related: HelpArticleRelatedTable;
  help_popup_dismissals: HelpPopupDismissalsTable;
  help_service: HelpServiceTable;
}
