import type { HelpArticleKind, HelpCategoryIcon, HelpContactKind, Language } from '@wallet/contract';
import { sql } from 'kysely';
import type { Db, Executor } from '../../platform/db/database';
import type { PerLanguage, StoredHelpContact } from '../../platform/db/schema-help';

/* Reads and writes of the help tables; the service decides which language a member is shown. */

const ARTICLE_COLUMNS = [
  'a.id',
  'a.kind',
  'a.category_id',
  'a.popup',
  'a.pinned',
  'a.sort',
  'a.published',
  'a.published_at',
  'a.created_at',
  'a.updated_at',
] as const;

export type ArticleRow = NonNullable<Awaited<ReturnType<typeof findArticle>>>;

export const findArticle = (db: Executor, id: string) =>
  db.selectFrom('help_articles as a').select(ARTICLE_COLUMNS).where('a.id', '=', id).executeTakeFirst();

/** Published articles of a kind (and category), in the order members see them. */
export function listPublished(db: Executor, kind: HelpArticleKind, options: { categoryId?: string; limit: number }) {
  let query = db.selectFrom('help_articles as a').select(ARTICLE_COLUMNS).where('a.kind', '=', kind).where('a.published', '=', true);
  if (options.categoryId) query = query.where('a.category_id', '=', options.categoryId);
  // Announcements are news (newest first); questions and guides keep the operator's order.
  query =
    kind === 'announcement'
      ? query.orderBy('a.pinned', 'desc').orderBy('a.published_at', 'desc')
      : query.orderBy('a.pinned', 'desc').orderBy('a.sort', 'asc').orderBy('a.published_at', 'asc');
  return query.orderBy('a.id').limit(options.limit).execute();
}

/** Published pop-up announcements the member has not dismissed, oldest first. */
export const pendingPopups = (db: Executor, userId: string, limit: number) =>
  db
    .selectFrom('help_articles as a')
    .select(ARTICLE_COLUMNS)
    .where('a.kind', '=', 'announcement')
    .where('a.popup', '=', true)
    .where('a.published', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('help_popup_dismissals as d')
            .select('d.article_id')
            .whereRef('d.article_id', '=', 'a.id')
            .where('d.user_id', '=', userId),
        ),
      ),
    )
    .orderBy('a.published_at', 'asc')
    .orderBy('a.id')
    .limit(limit)
    .execute();

export async function dismissPopup(db: Executor, userId: string, articleId: string, now: Date): Promise<void> {
  await db
    .insertInto('help_popup_dismissals')
    .values({ user_id: userId, article_id: articleId, dismissed_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'article_id']).doNothing())
    .execute();
}

export type TextRow = { article_id: string; language: Language; title: string; body: string; updated_at: Date };

/** Every text of the articles; with `titlesOnly` the bodies are left out (lists show titles). */
export async function textsOf(db: Executor, ids: readonly string[], titlesOnly = false): Promise<Map<string, PerLanguageTexts>> {
  const byArticle = new Map<string, PerLanguageTexts>();
  if (ids.length === 0) return byArticle;
  const rows = await db
    .selectFrom('help_article_texts')
    .select(['article_id', 'language', 'title', 'updated_at'])
    .$if(!titlesOnly, (q) => q.select('body'))
    .where('article_id', 'in', ids)
    .execute();
  for (const row of rows) {
    const texts = byArticle.get(row.article_id) ?? {};
    texts[row.language] = { title: row.title, body: 'body' in row ? (row.body as string) : '', updatedAt: row.updated_at };
    byArticle.set(row.article_id, texts);
  }
  return byArticle;
}
export type PerLanguageTexts = Partial<Record<Language, { title: string; body: string; updatedAt: Date }>>;

/** The published articles an article links to, in the operator's order. */
export const relatedPublished = (db: Executor, id: string) =>
  db
    .selectFrom('help_article_related as r')
    .innerJoin('help_articles as a', 'a.id', 'r.related_id')
    .select(ARTICLE_COLUMNS)
    .where('r.article_id', '=', id)
    .where('a.published', '=', true)
    .orderBy('r.position')
    .execute();

export async function relatedIdsOf(db: Executor, ids: readonly string[]): Promise<Map<string, string[]>> {
  const byArticle = new Map<string, string[]>();
  if (ids.length === 0) return byArticle;
  const rows = await db
    .selectFrom('help_article_related')
    .select(['article_id', 'related_id'])
    .where('article_id', 'in', ids)
    .orderBy('article_id')
    .orderBy('position')
    .execute();
  for (const row of rows) byArticle.set(row.article_id, [...(byArticle.get(row.article_id) ?? []), row.related_id]);
  return byArticle;
}

export const countArticles = async (db: Executor, ids: readonly string[]) =>
  ids.length === 0
    ? 0
    : Number(
        (
          await db
            .selectFrom('help_articles')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('id', 'in', ids)
            .executeTakeFirstOrThrow()
        ).n,
      );

export interface SearchRow {
  article_id: string;
  language: Language;
  title: string;
  body: string;
  kind: HelpArticleKind;
  category_id: string | null;
  pinned: boolean;
  popup: boolean;
  published_at: Date | null;
}

/** `value` as a LIKE pattern that matches it literally anywhere: its %, _ and \ escaped. */
export const containsPattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Published articles whose text in the member's language (or the fallback they would be shown) has
 * `query` in its title or body, case-insensitively; title matches first. ILIKE, not full-text search:
 * it finds Chinese, Japanese and Korean words as well as Latin ones.
 */
export async function search(db: Executor, query: string, order: readonly Language[], limit: number): Promise<SearchRow[]> {
  const pattern = containsPattern(query);
  const { rows } = await sql<SearchRow>`
    select * from (
      select distinct on (t.article_id) t.article_id, t.language, t.title, t.body,
        a.kind, a.category_id, a.pinned, a.popup, a.published_at
      from help_article_texts t
      join help_articles a on a.id = t.article_id
      where a.published
      order by t.article_id, array_position(${order}::text[], t.language)
    ) shown
    where shown.title ilike ${pattern} escape '\\' or shown.body ilike ${pattern} escape '\\'
    order by (shown.title ilike ${pattern} escape '\\') desc, shown.pinned desc, shown.published_at desc, shown.article_id
    limit ${limit}
  `.execute(db);
  return rows;
}

// ---- Categories -------------------------------------------------------------------------------------

export const listCategories = (db: Executor) =>
  db.selectFrom('help_categories').selectAll().orderBy('sort').orderBy('created_at').orderBy('id').execute();

export const findCategory = (db: Executor, id: string) =>
  db.selectFrom('help_categories').selectAll().where('id', '=', id).executeTakeFirst();

/** Published questions per category. */
export async function faqCounts(db: Executor): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('help_articles')
    .select(['category_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('kind', '=', 'faq')
    .where('published', '=', true)
    .groupBy('category_id')
    .execute();
  return new Map(rows.flatMap((row) => (row.category_id ? [[row.category_id, Number(row.n)] as const] : [])));
}

// ---- Operator writes --------------------------------------------------------------------------------

export interface ArticleFields {
  kind: HelpArticleKind;
  category_id: string | null;
  popup: boolean;
  pinned: boolean;
  sort: number;
  published: boolean;
}

export const insertArticle = (db: Executor, fields: ArticleFields, now: Date) =>
  db
    .insertInto('help_articles')
    .values({ ...fields, published_at: fields.published ? now : null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();

/** Locks the article for an update, so two operators saving at once apply one after the other. */
export const lockArticle = (db: Executor, id: string) =>
  db.selectFrom('help_articles').select(['id', 'published_at']).where('id', '=', id).forUpdate().executeTakeFirst();

export async function updateArticle(db: Executor, id: string, fields: ArticleFields, publishedAt: Date | null, now: Date) {
  await db
    .updateTable('help_articles')
    .set({ ...fields, published_at: publishedAt, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function unpublishArticle(db: Executor, id: string, now: Date): Promise<boolean> {
  const result = await db.updateTable('help_articles').set({ published: false, updated_at: now }).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Replaces the article's texts: languages not given are removed, the others written. */
export async function replaceTexts(
  db: Executor,
  id: string,
  texts: Partial<Record<Language, { title: string; body: string }>>,
  now: Date,
): Promise<void> {
  const languages = Object.keys(texts) as Language[];
  await db
    .deleteFrom('help_article_texts')
    .where('article_id', '=', id)
    .$if(languages.length > 0, (q) => q.where('language', 'not in', languages))
    .execute();
  const rows = Object.entries(texts).map(([language, text]) => ({
    article_id: id,
    language: language as Language,
    title: text.title,
    body: text.body,
    updated_at: now,
  }));
  if (rows.length === 0) return;
  await db
    .insertInto('help_article_texts')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['article_id', 'language'])
        .doUpdateSet((eb) => ({
          title: eb.ref('excluded.title'),
          body: eb.ref('excluded.body'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        // A text saved unchanged keeps the time it was last written.
        .where((eb) =>
          eb.or([
            eb('help_article_texts.title', '<>', eb.ref('excluded.title')),
            eb('help_article_texts.body', '<>', eb.ref('excluded.body')),
          ]),
        ),
    )
    .execute();
}

export async function replaceRelated(db: Executor, id: string, relatedIds: readonly string[]): Promise<void> {
  await db.deleteFrom('help_article_related').where('article_id', '=', id).execute();
  if (relatedIds.length === 0) return;
  await db
    .insertInto('help_article_related')
    .values(relatedIds.map((relatedId, position) => ({ article_id: id, related_id: relatedId, position })))
    .execute();
}

export const listAllArticles = (db: Executor, limit: number) =>
  db.selectFrom('help_articles as a').select(ARTICLE_COLUMNS).orderBy('a.updated_at', 'desc').orderBy('a.id').limit(limit).execute();

export interface CategoryFields {
  names: PerLanguage;
  icon: HelpCategoryIcon;
  sort: number;
}

export const insertCategory = (db: Executor, values: CategoryFields, now: Date) =>
  db
    .insertInto('help_categories')
    .values({ names: JSON.stringify(values.names), icon: values.icon, sort: values.sort, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();

export const updateCategory = (db: Executor, id: string, values: CategoryFields, now: Date) =>
  db
    .updateTable('help_categories')
    .set({ names: JSON.stringify(values.names), icon: values.icon, sort: values.sort, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();

// ---- Service contacts ---------------------------------------------------------------------------------

export const findService = (db: Executor) => db.selectFrom('help_service').selectAll().where('id', '=', 1).executeTakeFirst();

export async function saveService(db: Executor, contacts: StoredHelpContact[], hours: PerLanguage, now: Date): Promise<void> {
  const values = { contacts: JSON.stringify(contacts), hours: JSON.stringify(hours), updated_at: now };
  await db
    .insertInto('help_service')
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

/** Help content given whole with fixed ids (the demo's), to be added where it is missing. */
export interface HelpContent {
  categories: ReadonlyArray<{ id: string; icon: HelpCategoryIcon; sort: number; names: PerLanguage }>;
  articles: ReadonlyArray<{
    id: string;
    kind: HelpArticleKind;
    category?: string;
    popup?: boolean;
    pinned?: boolean;
    sort?: number;
    publishedAt: Date;
    related?: string[];
    texts: Partial<Record<Language, { title: string; body: string }>>;
  }>;
  contacts: ReadonlyArray<{ kind: HelpContactKind; value: string; label: PerLanguage }>;
  hours: PerLanguage;
}

/**
 * Adds what is missing of `content`, in one transaction; what exists (maybe edited by an operator) is
 * left as it is. Every given article that exists gets the languages it lacks (a database seeded before
 * a translation was written). Returns how many articles were new.
 */
export function addMissingContent(db: Db, content: HelpContent, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('help_categories')
      .values(
        content.categories.map((c) => ({
          id: c.id,
          names: JSON.stringify(c.names),
          icon: c.icon,
          sort: c.sort,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const articles = await trx
      .insertInto('help_articles')
      .values(
        content.articles.map((a) => ({
          id: a.id,
          kind: a.kind,
          category_id: a.category ?? null,
          popup: a.popup ?? false,
          pinned: a.pinned ?? false,
          sort: a.sort ?? 0,
          published: true,
          published_at: a.publishedAt,
          created_at: a.publishedAt,
          updated_at: a.publishedAt,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .execute();
    const fresh = new Set(articles.map((a) => a.id));
    const kept = new Set(
      (
        await trx
          .selectFrom('help_articles')
          .select('id')
          .where(
            'id',
            'in',
            content.articles.map((a) => a.id),
          )
          .execute()
      ).map((row) => row.id),
    );
    const texts = content.articles
      .filter((a) => kept.has(a.id))
      .flatMap((a) =>
        Object.entries(a.texts).map(([language, text]) => ({
          article_id: a.id,
          language: language as Language,
          title: text.title,
          body: text.body,
          updated_at: now,
        })),
      );
    if (texts.length > 0)
      await trx
        .insertInto('help_article_texts')
        .values(texts)
        .onConflict((oc) => oc.columns(['article_id', 'language']).doNothing())
        .execute();
    const related = content.articles
      .filter((a) => fresh.has(a.id))
      .flatMap((a) => (a.related ?? []).map((relatedId, position) => ({ article_id: a.id, related_id: relatedId, position })));
    if (related.length > 0) await trx.insertInto('help_article_related').values(related).execute();
    await trx
      .insertInto('help_service')
      .values({ id: 1, contacts: JSON.stringify(content.contacts), hours: JSON.stringify(content.hours), updated_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return fresh.size;
  });
}
