import {
  type AdminHelpArticle,
  type AdminHelpArticleBody,
  type AdminHelpCategory,
  type AdminHelpCategoryBody,
  type AdminHelpService,
  type AdminHelpServiceBody,
  type HelpArticle,
  type HelpArticleReply,
  type HelpArticleSummary,
  type HelpCategory,
  type HelpCategoryReply,
  type HelpHomeReply,
  type HelpPopupsReply,
  type HelpSearchReply,
  type HelpServiceReply,
  helpContactHref,
  helpLanguageOrder,
  isHelpId,
  type Language,
  pickHelpText,
} from '@wallet/contract';
import type { Clock } from '../../platform/clock';
import type { Db, Executor } from '../../platform/db/database';
import type { PerLanguage, StoredHelpContact } from '../../platform/db/schema-help';
import { AppError } from '../../platform/errors';
import * as q from './queries';

export interface HelpDeps {
  db: Db;
  clock: Clock;
}

/** Writes the operator's action to the audit log in the action's transaction (admin-routes passes auditAdminAction). */
export type Audit = (trx: Executor, entry: { action: string; subject: string; details?: Record<string, unknown> }) => Promise<void>;

const ANNOUNCEMENTS_ON_HOME = 20;
const GUIDES_ON_HOME = 50;
const FAQS_PER_CATEGORY = 200;
const SEARCH_RESULTS = 20;
const POPUPS_AT_ONCE = 5;
const ADMIN_LIST = 500;

const iso = (date: Date | null) => date?.toISOString() ?? null;

type CategoryRow = Awaited<ReturnType<typeof q.listCategories>>[number];

function categoryName(row: CategoryRow, language: Language): { name: string; language: Language } {
  const picked = pickHelpText(row.names, language);
  return picked ? { name: picked.value, language: picked.language } : { name: '', language };
}

function categoryView(row: CategoryRow, language: Language, faqCount: number): HelpCategory {
  return { id: row.id, ...categoryName(row, language), icon: row.icon, faqCount };
}

/** An article as lists show it, in the member's language or the fallback; null if it has no text at all. */
function summaryOf(row: q.ArticleRow, texts: q.PerLanguageTexts | undefined, language: Language): HelpArticleSummary | null {
  const text = pickHelpText(texts ?? {}, language);
  if (!text) return null;
  return {
    id: row.id,
    kind: row.kind,
    categoryId: row.category_id,
    title: text.value.title,
    language: text.language,
    pinned: row.pinned,
    popup: row.popup,
    publishedAt: iso(row.published_at),
  };
}

function articleOf(
  row: q.ArticleRow,
  texts: q.PerLanguageTexts | undefined,
  language: Language,
  categories: ReadonlyMap<string, CategoryRow>,
): HelpArticle | null {
  const text = pickHelpText(texts ?? {}, language);
  if (!text) return null;
  const category = row.category_id ? categories.get(row.category_id) : undefined;
  const updated = text.value.updatedAt > row.updated_at ? text.value.updatedAt : row.updated_at;
  return {
    id: row.id,
    kind: row.kind,
    category: category ? { id: category.id, name: categoryName(category, language).name } : null,
    title: text.value.title,
    body: text.value.body,
    language: text.language,
    pinned: row.pinned,
    popup: row.popup,
    publishedAt: iso(row.published_at),
    updatedAt: updated.toISOString(),
  };
}

async function summaries(db: Executor, rows: q.ArticleRow[], language: Language): Promise<HelpArticleSummary[]> {
  const texts = await q.textsOf(
    db,
    rows.map((row) => row.id),
    true,
  );
  return rows.flatMap((row) => summaryOf(row, texts.get(row.id), language) ?? []);
}

async function articles(db: Executor, rows: q.ArticleRow[], language: Language): Promise<HelpArticle[]> {
  if (rows.length === 0) return [];
  const [texts, categories] = await Promise.all([
    q.textsOf(
      db,
      rows.map((row) => row.id),
    ),
    categoriesById(db),
  ]);
  return rows.flatMap((row) => articleOf(row, texts.get(row.id), language, categories) ?? []);
}

const categoriesById = async (db: Executor) => new Map((await q.listCategories(db)).map((row) => [row.id, row]));

// ---- Member reads -------------------------------------------------------------------------------------

/** The help centre's first screen: announcements, the FAQ categories that have questions, and guides. */
export async function helpHome(deps: HelpDeps, language: Language): Promise<HelpHomeReply> {
  const [announcements, guides, categories, counts] = await Promise.all([
    q.listPublished(deps.db, 'announcement', { limit: ANNOUNCEMENTS_ON_HOME }),
    q.listPublished(deps.db, 'guide', { limit: GUIDES_ON_HOME }),
    q.listCategories(deps.db),
    q.faqCounts(deps.db),
  ]);
  return {
    announcements: await summaries(deps.db, announcements, language),
    categories: categories.flatMap((row) => {
      const count = counts.get(row.id) ?? 0;
      return count > 0 ? [categoryView(row, language, count)] : [];
    }),
    guides: await summaries(deps.db, guides, language),
  };
}

/** A FAQ category with its published questions and their answers. */
export async function helpCategory(deps: HelpDeps, id: string, language: Language): Promise<HelpCategoryReply> {
  const row = isHelpId(id) ? await q.findCategory(deps.db, id) : undefined;
  if (!row) throw new AppError('HELP_CATEGORY_NOT_FOUND');
  const faqs = await articles(deps.db, await q.listPublished(deps.db, 'faq', { categoryId: id, limit: FAQS_PER_CATEGORY }), language);
  return { category: categoryView(row, language, faqs.length), faqs };
}

/** A published article with the published articles it links to. */
export async function helpArticle(deps: HelpDeps, id: string, language: Language): Promise<HelpArticleReply> {
  const row = isHelpId(id) ? await q.findArticle(deps.db, id) : undefined;
  if (!row?.published) throw new AppError('HELP_ARTICLE_NOT_FOUND');
  const [article] = await articles(deps.db, [row], language);
  if (!article) throw new AppError('HELP_ARTICLE_NOT_FOUND');
  return { article, related: await summaries(deps.db, await q.relatedPublished(deps.db, id), language) };
}

/** Published articles with `query` in the text the member would be shown. */
export async function searchHelp(deps: HelpDeps, query: string, language: Language): Promise<HelpSearchReply> {
  const rows = await q.search(deps.db, query, helpLanguageOrder(language), SEARCH_RESULTS);
  return {
    query,
    results: rows.map((row) => ({
      id: row.article_id,
      kind: row.kind,
      categoryId: row.category_id,
      title: row.title,
      language: row.language,
      pinned: row.pinned,
      popup: row.popup,
      publishedAt: iso(row.published_at),
      excerpt: excerpt(row.body, query),
    })),
  };
}

/** How to reach support and when, as the operator wrote it. */
export async function helpService(deps: HelpDeps, language: Language): Promise<HelpServiceReply> {
  const row = await q.findService(deps.db);
  const hours = pickHelpText(row?.hours ?? {}, language);
  return {
    contacts: (row?.contacts ?? []).map((contact) => ({
      kind: contact.kind,
      value: contact.value,
      label: pickHelpText(contact.label, language)?.value ?? null,
      href: helpContactHref(contact.kind, contact.value),
    })),
    hours: hours?.value ?? null,
    language: hours?.language ?? null,
    updatedAt: iso(row?.updated_at ?? null),
  };
}

export async function pendingPopups(deps: HelpDeps, userId: string, language: Language): Promise<HelpPopupsReply> {
  return { popups: await articles(deps.db, await q.pendingPopups(deps.db, userId, POPUPS_AT_ONCE), language) };
}

/** The member has seen the pop-up: it does not show again. Dismissing twice is the same as once. */
export async function dismissPopup(deps: HelpDeps, userId: string, id: string): Promise<void> {
  const row = isHelpId(id) ? await q.findArticle(deps.db, id) : undefined;
  if (!row?.popup) throw new AppError('HELP_ARTICLE_NOT_FOUND');
  await q.dismissPopup(deps.db, userId, id, deps.clock.now());
}

// ---- Excerpts -----------------------------------------------------------------------------------------

/** Markdown reduced to its words, for excerpts. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/^\s{0,3}(?:#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const EXCERPT_LENGTH = 90;
const EXCERPT_LEAD = 30;

/** About 90 characters of the text around the first match of `query` (or its start), with ellipses where cut. */
export function excerpt(markdown: string, query: string): string {
  const chars = Array.from(plainText(markdown));
  const lower = chars.map((c) => c.toLocaleLowerCase());
  const wanted = Array.from(query.toLocaleLowerCase());
  let at = -1;
  for (let i = 0; at < 0 && i + wanted.length <= lower.length; i++) {
    if (wanted.every((c, j) => lower[i + j] === c)) at = i;
  }
  const start = at <= EXCERPT_LEAD ? 0 : at - EXCERPT_LEAD;
  const end = Math.min(chars.length, start + EXCERPT_LENGTH);
  return `${start > 0 ? '…' : ''}${chars.slice(start, end).join('').trim()}${end < chars.length ? '…' : ''}`;
}

// ---- Operator ------------------------------------------------------------------------------------------

function adminArticleOf(row: q.ArticleRow, texts: q.PerLanguageTexts | undefined, relatedIds: string[]): AdminHelpArticle {
  return {
    id: row.id,
    kind: row.kind,
    categoryId: row.category_id,
    popup: row.popup,
    pinned: row.pinned,
    sort: row.sort,
    published: row.published,
    publishedAt: iso(row.published_at),
    relatedIds,
    texts: Object.fromEntries(Object.entries(texts ?? {}).map(([language, text]) => [language, { title: text.title, body: text.body }])),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

async function adminArticlesOf(db: Executor, rows: q.ArticleRow[]): Promise<AdminHelpArticle[]> {
  const ids = rows.map((row) => row.id);
  const [texts, related] = await Promise.all([q.textsOf(db, ids), q.relatedIdsOf(db, ids)]);
  return rows.map((row) => adminArticleOf(row, texts.get(row.id), related.get(row.id) ?? []));
}

export async function adminArticles(deps: HelpDeps): Promise<AdminHelpArticle[]> {
  return adminArticlesOf(deps.db, await q.listAllArticles(deps.db, ADMIN_LIST));
}

async function adminArticle(db: Executor, id: string): Promise<AdminHelpArticle> {
  const row = isHelpId(id) ? await q.findArticle(db, id) : undefined;
  if (!row) throw new AppError('HELP_ARTICLE_NOT_FOUND');
  const [article] = await adminArticlesOf(db, [row]);
  return article as AdminHelpArticle;
}

export const adminArticleById = (deps: HelpDeps, id: string) => adminArticle(deps.db, id);

/** The category must exist; related articles must exist, be others, and are kept once each in the given order. */
async function checkReferences(db: Executor, body: AdminHelpArticleBody, self: string | null): Promise<string[]> {
  if (body.categoryId && !(await q.findCategory(db, body.categoryId))) throw new AppError('HELP_CATEGORY_NOT_FOUND');
  const relatedIds = [...new Set(body.relatedIds.map((id) => id.toLowerCase()))];
  if (self && relatedIds.includes(self)) throw new AppError('HELP_RELATED_INVALID');
  if ((await q.countArticles(db, relatedIds)) !== relatedIds.length) throw new AppError('HELP_RELATED_INVALID');
  return relatedIds;
}

const fieldsOf = (body: AdminHelpArticleBody): q.ArticleFields => ({
  kind: body.kind,
  category_id: body.categoryId?.toLowerCase() ?? null,
  popup: body.popup,
  pinned: body.pinned,
  sort: body.sort,
  published: body.published,
});

const auditDetails = (body: AdminHelpArticleBody, relatedIds: string[]) => ({
  kind: body.kind,
  categoryId: body.categoryId,
  popup: body.popup,
  pinned: body.pinned,
  sort: body.sort,
  published: body.published,
  relatedIds,
  languages: Object.keys(body.texts).sort(),
});

export async function createArticle(deps: HelpDeps, body: AdminHelpArticleBody, audit: Audit): Promise<AdminHelpArticle> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const relatedIds = await checkReferences(trx, body, null);
    const { id } = await q.insertArticle(trx, fieldsOf(body), now);
    await q.replaceTexts(trx, id, body.texts, now);
    await q.replaceRelated(trx, id, relatedIds);
    await audit(trx, { action: 'help.article.create', subject: `help_article:${id}`, details: auditDetails(body, relatedIds) });
    return adminArticle(trx, id);
  });
}

/** Replaces every field and text of the article. Its first publication time stays when it is published again. */
export async function updateArticle(deps: HelpDeps, id: string, body: AdminHelpArticleBody, audit: Audit): Promise<AdminHelpArticle> {
  if (!isHelpId(id)) throw new AppError('HELP_ARTICLE_NOT_FOUND');
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const row = await q.lockArticle(trx, id);
    if (!row) throw new AppError('HELP_ARTICLE_NOT_FOUND');
    const relatedIds = await checkReferences(trx, body, row.id);
    await q.updateArticle(trx, row.id, fieldsOf(body), body.published ? (row.published_at ?? now) : row.published_at, now);
    await q.replaceTexts(trx, row.id, body.texts, now);
    await q.replaceRelated(trx, row.id, relatedIds);
    await audit(trx, { action: 'help.article.update', subject: `help_article:${row.id}`, details: auditDetails(body, relatedIds) });
    return adminArticle(trx, row.id);
  });
}

/** Takes the article off the help centre (and its pop-up off home); its texts stay for a later republish. */
export async function unpublishArticle(deps: HelpDeps, id: string, audit: Audit): Promise<void> {
  if (!isHelpId(id)) throw new AppError('HELP_ARTICLE_NOT_FOUND');
  await deps.db.transaction().execute(async (trx) => {
    if (!(await q.unpublishArticle(trx, id, deps.clock.now()))) throw new AppError('HELP_ARTICLE_NOT_FOUND');
    await audit(trx, { action: 'help.article.unpublish', subject: `help_article:${id.toLowerCase()}` });
  });
}

const adminCategoryOf = (row: CategoryRow): AdminHelpCategory => ({ id: row.id, names: row.names, icon: row.icon, sort: row.sort });

export async function adminCategories(deps: HelpDeps): Promise<AdminHelpCategory[]> {
  return (await q.listCategories(deps.db)).map(adminCategoryOf);
}

export async function createCategory(deps: HelpDeps, body: AdminHelpCategoryBody, audit: Audit): Promise<AdminHelpCategory> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await q.insertCategory(trx, body, deps.clock.now());
    await audit(trx, { action: 'help.category.create', subject: `help_category:${row.id}`, details: { ...body } });
    return adminCategoryOf(row);
  });
}

export async function updateCategory(deps: HelpDeps, id: string, body: AdminHelpCategoryBody, audit: Audit): Promise<AdminHelpCategory> {
  if (!isHelpId(id)) throw new AppError('HELP_CATEGORY_NOT_FOUND');
  return deps.db.transaction().execute(async (trx) => {
    const row = await q.updateCategory(trx, id, body, deps.clock.now());
    if (!row) throw new AppError('HELP_CATEGORY_NOT_FOUND');
    await audit(trx, { action: 'help.category.update', subject: `help_category:${row.id}`, details: { ...body } });
    return adminCategoryOf(row);
  });
}

export async function adminService(deps: HelpDeps): Promise<AdminHelpService> {
  const row = await q.findService(deps.db);
  return { contacts: row?.contacts ?? [], hours: row?.hours ?? {} };
}

/** Replaces the support contacts and opening hours. */
export async function saveService(deps: HelpDeps, body: AdminHelpServiceBody, audit: Audit): Promise<AdminHelpService> {
  const contacts: StoredHelpContact[] = body.contacts.map((c) => ({ kind: c.kind, value: c.value, label: c.label as PerLanguage }));
  await deps.db.transaction().execute(async (trx) => {
    await q.saveService(trx, contacts, body.hours, deps.clock.now());
    await audit(trx, { action: 'help.service.update', subject: 'help_service', details: { contacts, hours: body.hours } });
  });
  return { contacts, hours: body.hours };
}

export { addMissingContent, type HelpContent } from './queries';
