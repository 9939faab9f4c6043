import { type Kysely, sql } from 'kysely';

/**
 * App releases (app-release module): one row per published version with its release notes per
 * language, the oldest version still allowed, and the Android package (link, SHA-256, size) when
 * there is one. The update check reads the newest version, ordered as numbers part by part.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table app_releases (
    version text primary key check (version ~ '^[0-9]{1,4}([.][0-9]{1,4}){1,3}$'),
    minimum_version text check (minimum_version ~ '^[0-9]{1,4}([.][0-9]{1,4}){1,3}$'),
    notes jsonb not null default '{}',
    android_url text,
    android_sha256 text check (android_sha256 ~ '^[0-9a-f]{64}$'),
    android_size bigint check (android_size > 0),
    published_at timestamptz not null,
    published_by uuid references users(id),
    check ((android_url is null) = (android_sha256 is null) and (android_url is null) = (android_size is null))
  )`.execute(db);
  await sql`create index app_releases_newest_idx on app_releases ((string_to_array(version, '.')::int[]) desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table app_releases`.execute(db);
}
