import type { Language } from '@wallet/contract';

/**
 * Every help query starts with this. Texts come in the language asked for, so the language is part of
 * each key: switching language reads the help centre again rather than showing the old language.
 */
export const HELP_QUERY_KEY = ['help'] as const;
export const helpHomeQueryKey = (language: Language) => [...HELP_QUERY_KEY, 'home', language] as const;
export const helpCategoryQueryKey = (id: string, language: Language) => [...HELP_QUERY_KEY, 'category', id, language] as const;
export const helpArticleQueryKey = (id: string, language: Language) => [...HELP_QUERY_KEY, 'article', id, language] as const;
export const helpSearchQueryKey = (query: string, language: Language) => [...HELP_QUERY_KEY, 'search', query, language] as const;
export const helpServiceQueryKey = (language: Language) => [...HELP_QUERY_KEY, 'service', language] as const;
/** A member's pending pop-ups; signing out clears every query, these with them. */
export const helpPopupsQueryKey = (language: Language) => [...HELP_QUERY_KEY, 'popups', language] as const;
