import { type Kysely, sql } from 'kysely';

/**
 * The help centre (help module): FAQ categories, articles (announcements, FAQ, guides) with one text per
 * language in Markdown, related articles in the operator's order, which pop-up announcements each member
 * has dismissed, and the support contacts with their opening hours (one row).
 * Searches are ILIKE over the few hundred texts an operator writes: no full-text index, which would not
 * split Chinese or Japanese into words anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table help_categories (
    id uuid primary key default gen_random_uuid(),
    names jsonb not null check (jsonb_typeof(names) = 'object' and names <> '{}'::jsonb),
    icon text not null,
    sort integer not null default 0,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);

  await sql`create table help_articles (
    id uuid primary key default gen_random_uuid(),
    kind text not null check (kind in ('announcement', 'faq', 'guide')),
    category_id uuid references help_categories(id),
    popup boolean not null default false check (not popup or kind = 'announcement'),
    pinned boolean not null default false,
    sort integer not null default 0,
    published boolean not null default false,
    published_at timestamptz,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    check (kind <> 'faq' or category_id is not null),
    check (not published or published_at is not null)
  )`.execute(db);
  await sql`create index help_articles_listing_idx on help_articles (kind, published, category_id)`.execute(db);

  await sql`create table help_article_texts (
    article_id uuid not null references help_articles(id) on delete cascade,
    language text not null check (language in ('zh', 'en', 'ko', 'ja')),
    title text not null check (length(title) between 1 and 120),
    body text not null check (length(body) between 1 and 20000),
    updated_at timestamptz not null,
    primary key (article_id, language)
  )`.execute(db);

  await sql`create table help_article_related (
    article_id uuid not null references help_articles(id) on delete cascade,
    related_id uuid not null references help_articles(id) on delete cascade,
    position integer not null,
    primary key (article_id, related_id),
    check (article_id <> related_id)
  )`.execute(db);

  await sql`create table help_popup_dismissals (
    user_id uuid not null references users(id),
    article_id uuid not null references help_articles(id) on delete cascade,
    dismissed_at timestamptz not null,
    primary key (user_id, article_id)
  )`.execute(db);

  await sql`create table help_service (
    id integer primary key default 1 check (id = 1),
    contacts jsonb not null default '[]' check (jsonb_typeof(contacts) = 'array'),
    hours jsonb not null default '{}' check (jsonb_typeof(hours) = 'object'),
    updated_at timestamptz not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table help_service`.execute(db);
  await sql`drop table help_popup_dismissals`.execute(db);
  await sql`drop table help_article_related`.execute(db);
  await sql`drop table help_article_texts`.execute(db);
  await sql`drop table help_articles`.execute(db);
  await sql`drop table help_categories`.execute(db);
}
