import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database';

const COLUMNS = ['version', 'minimum_version', 'notes', 'android_url', 'android_sha256', 'android_size', 'published_at'] as const;

/** The newest release: versions ordered as numbers part by part (1.50 after 1.6), not as text. */
export function newestRelease(db: Executor) {
  return db
    .selectFrom('app_releases')
    .select(COLUMNS)
    .orderBy(sql`string_to_array(version, '.')::int[]`, 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Every release, newest first, for the operator. */
export function allReleases(db: Executor) {
  return db.selectFrom('app_releases').select(COLUMNS).orderBy(sql`string_to_array(version, '.')::int[]`, 'desc').execute();
}

export type ReleaseRow = NonNullable<Awaited<ReturnType<typeof newestRelease>>>;

export interface ReleaseWrite {
  version: string;
  minimum_version: string | null;
  notes: Record<string, string>;
  android_url: string | null;
  android_sha256: string | null;
  android_size: number | null;
  published_at: Date;
  published_by: string;
}

/** Publishes a version, or replaces what was published for it. */
export async function upsertRelease(db: Executor, release: ReleaseWrite): Promise<void> {
  const values = { ...release, notes: JSON.stringify(release.notes) };
  const { version: _version, ...changes } = values;
  await db
    .insertInto('app_releases')
    .values(values)
    .onConflict((oc) => oc.column('version').doUpdateSet(changes))
    .execute();
}

/** Adds a version's release unless one is published for it (the demo's, seeded at start-up). */
export async function insertReleaseIfMissing(db: Executor, release: Omit<ReleaseWrite, 'published_by'> & { published_by: string | null }) {
  await db
    .insertInto('app_releases')
    .values({ ...release, notes: JSON.stringify(release.notes) })
    .onConflict((oc) => oc.column('version').doNothing())
    .execute();
}
