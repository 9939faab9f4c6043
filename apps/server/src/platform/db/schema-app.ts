import type { ColumnType } from 'kysely';

/** Tables of the app-release module, migration 0016. */
export interface AppReleasesTable {
  version: string;
  minimum_version: string | null;
  /** Release notes per language: read as an object, written as JSON text. */
  notes: ColumnType<Partial<Record<'zh' | 'en' | 'ko' | 'ja', string>>, string, string>;
  android_url: string | null;
  android_sha256: string | null;
  /** bigint: read as a string. */
  android_size: ColumnType<string | null, number | null, number | null>;
  published_at: Date;
  published_by: string | null;
}

export interface AppTables {
  app_releases: AppReleasesTable;
}
