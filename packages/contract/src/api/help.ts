import { z } from 'zod';
import { LANGUAGES, type Language } from '../languages';
import { safeMultiline, safeText } from '../safe-text';

/*
 * The help centre (helpcenterSun/index, helpcenterSun/familiar/index, helpcenterSun/correlation/index,
 * service/index): announcements, FAQ by category and guides, each written by an operator per language in
 * Markdown, and the support contacts with their opening hours. A member reads the text in their language
 * or, when the operator has not written it, in English, then Chinese, then whatever exists; replies name
 * the language they are in. Messages that name an error code are shown in the member's language.
 */

export const HELP_ARTICLE_KINDS = ['announcement', 'faq', 'guide'] as const;
export type HelpArticleKind = (typeof HELP_ARTICLE_KINDS)[number];

/** Icons the app draws for FAQ categories; the operator picks one per category. */
export const HELP_CATEGORY_ICONS = ['account', 'security', 'wallet', 'deposit', 'exchange', 'card', 'payout', 'other'] as const;
export type HelpCategoryIcon = (typeof HELP_CATEGORY_ICONS)[number];

/** Ways to reach support. Those with an address the app can open are links; the others are shown as text. */
export const HELP_CONTACT_KINDS = ['email', 'telegram', 'whatsapp', 'phone', 'wechat', 'kakao'] as const;
export type HelpContactKind = (typeof HELP_CONTACT_KINDS)[number];

export const HELP_LIMITS = {
  titleMax: 120,
  bodyMax: 20_000,
  searchMax: 50,
  relatedMax: 10,
  categoryNameMax: 40,
  contactsMax: 10,
  contactValueMax: 100,
  contactLabelMax: 40,
  hoursMax: 500,
  sortMax: 1000,
} as const;

/** Which text a member is shown: their language, then English, then Chinese, then any other. */
export function helpLanguageOrder(language: Language): Language[] {
  return [...new Set<Language>([language, 'en', 'zh', ...LANGUAGES])];
}

/** The text for `language` by the order above, with the language it is in; null when there is none. */
export function pickHelpText<T>(texts: Partial<Record<Language, T>>, language: Language): { language: Language; value: T } | null {
  for (const candidate of helpLanguageOrder(language)) {
    const value = texts[candidate];
    if (value !== undefined) return { language: candidate, value };
  }
  return null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids in paths are checked by the server, which answers a malformed one as not found (404), never 500. */
export const isHelpId = (value: string): boolean => UUID.test(value);

// ---- Contacts -------------------------------------------------------------------------------------

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TELEGRAM = /^@?[A-Za-z][A-Za-z0-9_]{4,31}$/;
const PHONE = /^\+?\d{5,15}$/;
const WECHAT = /^[A-Za-z][-_A-Za-z0-9]{5,19}$/;
const KAKAO = /^[-_.A-Za-z0-9]{3,30}$/;
const digits = (value: string) => value.replace(/[\s()-]/g, '');

/** Whether `value` is a well-formed address for a contact of `kind`. */
export function isHelpContactValue(kind: HelpContactKind, value: string): boolean {
  switch (kind) {
    case 'email':
      return EMAIL.test(value);
    case 'telegram':
      return TELEGRAM.test(value);
    case 'whatsapp':
    case 'phone':
      return PHONE.test(digits(value));
    case 'wechat':
      return WECHAT.test(value);
    case 'kakao':
      return KAKAO.test(value);
  }
}

/** Where the app sends a tap on a contact; null for contacts shown only as text (WeChat, Kakao IDs). */
export function helpContactHref(kind: HelpContactKind, value: string): string | null {
  switch (kind) {
    case 'email':
      return `mailto:${value}`;
    case 'telegram':
      return `https://t.me/${value.replace(/^@/, '')}`;
    case 'whatsapp':
      return `https://wa.me/${digits(value).replace(/^\+/, '')}`;
    case 'phone':
      return `tel:${digits(value)}`;
    default:
      return null;
  }
}

// ---- Operator input -------------------------------------------------------------------------------

const languageKey = z.enum(LANGUAGES, 'HELP_LANGUAGE_INVALID');
const perLanguage = <T extends z.ZodType>(value: T) =>
  z.partialRecord(languageKey, value, {
    // A key that is not one of the languages: zod reports it as an unrecognized (or invalid) key.
    error: (issue) => (['unrecognized_keys', 'invalid_key'].includes(issue.code as string) ? 'HELP_LANGUAGE_INVALID' : undefined),
  });

const titleSchema = safeText(HELP_LIMITS.titleMax, { tooLong: 'HELP_TITLE_INVALID', notText: 'HELP_TITLE_INVALID' }).min(
  1,
  'HELP_TITLE_INVALID',
);
const bodySchema = safeMultiline(HELP_LIMITS.bodyMax, { tooLong: 'HELP_BODY_INVALID', notText: 'HELP_BODY_INVALID' }).min(
  1,
  'HELP_BODY_INVALID',
);
export const helpTextInputSchema = z.object({ title: titleSchema, body: bodySchema });
export type HelpTextInput = z.infer<typeof helpTextInputSchema>;

const sortSchema = z
  .number('HELP_SORT_INVALID')
  .int('HELP_SORT_INVALID')
  .min(-HELP_LIMITS.sortMax, 'HELP_SORT_INVALID')
  .max(HELP_LIMITS.sortMax, 'HELP_SORT_INVALID');

/**
 * An article as the operator writes it: the whole of it, so an update replaces every field and every
 * text (a language left out is removed, and members of that language then read the fallback).
 */
export const adminHelpArticleBodySchema = z
  .object({
    kind: z.enum(HELP_ARTICLE_KINDS, 'HELP_KIND_INVALID'),
    categoryId: z.string().regex(UUID, 'HELP_CATEGORY_NOT_FOUND').nullable().default(null),
    /** Announcements only: shown once to each member on opening the app. */
    popup: z.boolean().default(false),
    pinned: z.boolean().default(false),
    /** Lower first within a FAQ category or the guides. */
    sort: sortSchema.default(0),
    published: z.boolean().default(true),
    relatedIds: z
      .array(z.string().regex(UUID, 'HELP_RELATED_INVALID'), 'HELP_RELATED_INVALID')
      .max(HELP_LIMITS.relatedMax, 'HELP_RELATED_INVALID')
      .default([]),
    texts: perLanguage(helpTextInputSchema).refine((texts) => Object.keys(texts).length > 0, 'HELP_TEXT_REQUIRED'),
  })
  .refine((v) => !v.popup || v.kind === 'announcement', { message: 'HELP_POPUP_ONLY_ANNOUNCEMENT', path: ['popup'] })
  .refine((v) => v.kind !== 'faq' || v.categoryId !== null, { message: 'HELP_FAQ_CATEGORY_REQUIRED', path: ['categoryId'] })
  .meta({ id: 'AdminHelpArticleBody' });
export type AdminHelpArticleBody = z.infer<typeof adminHelpArticleBodySchema>;

const categoryName = safeText(HELP_LIMITS.categoryNameMax, {
  tooLong: 'HELP_CATEGORY_NAME_INVALID',
  notText: 'HELP_CATEGORY_NAME_INVALID',
}).min(1, 'HELP_CATEGORY_NAME_INVALID');
export const adminHelpCategoryBodySchema = z
  .object({
    names: perLanguage(categoryName).refine((names) => Object.keys(names).length > 0, 'HELP_CATEGORY_NAME_INVALID'),
    icon: z.enum(HELP_CATEGORY_ICONS, 'HELP_CATEGORY_ICON_INVALID'),
    sort: sortSchema.default(0),
  })
  .meta({ id: 'AdminHelpCategoryBody' });
export type AdminHelpCategoryBody = z.infer<typeof adminHelpCategoryBodySchema>;

const contactLabel = safeText(HELP_LIMITS.contactLabelMax, { tooLong: 'HELP_CONTACT_INVALID', notText: 'HELP_CONTACT_INVALID' }).min(
  1,
  'HELP_CONTACT_INVALID',
);
export const helpContactInputSchema = z
  .object({
    kind: z.enum(HELP_CONTACT_KINDS, 'HELP_CONTACT_INVALID'),
    value: safeText(HELP_LIMITS.contactValueMax, { tooLong: 'HELP_CONTACT_INVALID', notText: 'HELP_CONTACT_INVALID' }).min(
      1,
      'HELP_CONTACT_INVALID',
    ),
    /** What the contact is for ("Card questions"), per language; the kind's name when there is none. */
    label: perLanguage(contactLabel).default({}),
  })
  .refine((c) => isHelpContactValue(c.kind, c.value), { message: 'HELP_CONTACT_INVALID', path: ['value'] });

const hoursText = safeMultiline(HELP_LIMITS.hoursMax, { tooLong: 'HELP_HOURS_INVALID', notText: 'HELP_HOURS_INVALID' }).min(
  1,
  'HELP_HOURS_INVALID',
);
export const adminHelpServiceBodySchema = z
  .object({
    contacts: z.array(helpContactInputSchema, 'HELP_CONTACT_INVALID').max(HELP_LIMITS.contactsMax, 'HELP_CONTACTS_TOO_MANY'),
    /** Opening hours as plain text per language (line breaks kept). */
    hours: perLanguage(hoursText).default({}),
  })
  .meta({ id: 'AdminHelpServiceBody' });
export type AdminHelpServiceBody = z.infer<typeof adminHelpServiceBodySchema>;

// ---- What members read ----------------------------------------------------------------------------

/** Ids in paths: any short string; the server answers one that is not an id with the matching 404. */
export const helpIdParamsSchema = z.object({ id: z.string().max(100) });

const languageSchema = z.enum(LANGUAGES);

export const helpCategorySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** The language of `name`. */
    language: languageSchema,
    icon: z.enum(HELP_CATEGORY_ICONS),
    /** Published questions in the category. */
    faqCount: z.number().int(),
  })
  .meta({ id: 'HelpCategory' });
export type HelpCategory = z.infer<typeof helpCategorySchema>;

export const helpArticleSummarySchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(HELP_ARTICLE_KINDS),
    categoryId: z.uuid().nullable(),
    title: z.string(),
    /** The language of the title: the member's, or the fallback when the operator did not write it. */
    language: languageSchema,
    pinned: z.boolean(),
    popup: z.boolean(),
    publishedAt: z.string().nullable(),
  })
  .meta({ id: 'HelpArticleSummary' });
export type HelpArticleSummary = z.infer<typeof helpArticleSummarySchema>;

export const helpHomeReplySchema = z
  .object({
    /** Pinned first, then newest first. */
    announcements: z.array(helpArticleSummarySchema),
    categories: z.array(helpCategorySchema),
    guides: z.array(helpArticleSummarySchema),
  })
  .meta({ id: 'HelpHome' });
export type HelpHomeReply = z.infer<typeof helpHomeReplySchema>;

export const helpArticleSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(HELP_ARTICLE_KINDS),
    category: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    title: z.string(),
    /** Markdown; the app renders it without raw HTML, and its links open outside the app. */
    body: z.string(),
    language: languageSchema,
    pinned: z.boolean(),
    popup: z.boolean(),
    publishedAt: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'HelpArticle' });
export type HelpArticle = z.infer<typeof helpArticleSchema>;

export const helpArticleReplySchema = z
  .object({ article: helpArticleSchema, related: z.array(helpArticleSummarySchema) })
  .meta({ id: 'HelpArticleReply' });
export type HelpArticleReply = z.infer<typeof helpArticleReplySchema>;

export const helpCategoryReplySchema = z
  .object({ category: helpCategorySchema, faqs: z.array(helpArticleSchema) })
  .meta({ id: 'HelpCategoryReply' });
export type HelpCategoryReply = z.infer<typeof helpCategoryReplySchema>;

export const helpSearchQuerySchema = z.object({
  q: safeText(HELP_LIMITS.searchMax, { tooLong: 'HELP_SEARCH_QUERY_INVALID', notText: 'HELP_SEARCH_QUERY_INVALID' }).min(
    1,
    'HELP_SEARCH_QUERY_INVALID',
  ),
});
export const helpSearchResultSchema = helpArticleSummarySchema
  .extend({ excerpt: z.string().meta({ description: 'A few words of the text around the first match, Markdown removed' }) })
  .meta({ id: 'HelpSearchResult' });
export type HelpSearchResult = z.infer<typeof helpSearchResultSchema>;
export const helpSearchReplySchema = z
  .object({ query: z.string(), results: z.array(helpSearchResultSchema) })
  .meta({ id: 'HelpSearchReply' });
export type HelpSearchReply = z.infer<typeof helpSearchReplySchema>;

export const helpContactSchema = z
  .object({
    kind: z.enum(HELP_CONTACT_KINDS),
    value: z.string(),
    /** The operator's label in the member's language (or the fallback); null: the app names the kind. */
    label: z.string().nullable(),
    href: z.string().nullable(),
  })
  .meta({ id: 'HelpContact' });
export type HelpContact = z.infer<typeof helpContactSchema>;
export const helpServiceReplySchema = z
  .object({
    contacts: z.array(helpContactSchema),
    hours: z.string().nullable(),
    /** The language of `hours`, null when there are none. */
    language: languageSchema.nullable(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'HelpService' });
export type HelpServiceReply = z.infer<typeof helpServiceReplySchema>;

/** Pop-up announcements this member has not dismissed yet, oldest first (the order they are shown in). */
export const helpPopupsReplySchema = z.object({ popups: z.array(helpArticleSchema) }).meta({ id: 'HelpPopups' });
export type HelpPopupsReply = z.infer<typeof helpPopupsReplySchema>;

// ---- What operators read --------------------------------------------------------------------------

export const adminHelpArticleSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(HELP_ARTICLE_KINDS),
    categoryId: z.uuid().nullable(),
    popup: z.boolean(),
    pinned: z.boolean(),
    sort: z.number().int(),
    published: z.boolean(),
    publishedAt: z.string().nullable(),
    relatedIds: z.array(z.uuid()),
    texts: z.partialRecord(languageSchema, z.object({ title: z.string(), body: z.string() })),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminHelpArticle' });
export type AdminHelpArticle = z.infer<typeof adminHelpArticleSchema>;
export const adminHelpArticleListReplySchema = z.object({ articles: z.array(adminHelpArticleSchema) }).meta({ id: 'AdminHelpArticleList' });

export const adminHelpCategorySchema = z
  .object({
    id: z.uuid(),
    names: z.partialRecord(languageSchema, z.string()),
    icon: z.enum(HELP_CATEGORY_ICONS),
    sort: z.number().int(),
  })
  .meta({ id: 'AdminHelpCategory' });
export type AdminHelpCategory = z.infer<typeof adminHelpCategorySchema>;
export const adminHelpCategoryListReplySchema = z
  .object({ categories: z.array(adminHelpCategorySchema) })
  .meta({ id: 'AdminHelpCategoryList' });

export const adminHelpServiceSchema = z
  .object({
    contacts: z.array(
      z.object({ kind: z.enum(HELP_CONTACT_KINDS), value: z.string(), label: z.partialRecord(languageSchema, z.string()) }),
    ),
    hours: z.partialRecord(languageSchema, z.string()),
  })
  .meta({ id: 'AdminHelpService' });
export type AdminHelpService = z.infer<typeof adminHelpServiceSchema>;
