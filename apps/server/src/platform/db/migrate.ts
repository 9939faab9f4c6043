import { type MigrationResultSet, Migrator } from 'kysely';
import type { Db } from './database';
import { MIGRATIONS } from './migrations';

function migrator(db: Db) {
  // Numbers are handed out to parallel work (0005 chain, 0006 cards): a database that already ran a
  // later one must still accept an earlier one that lands afterwards.
  return new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS }, allowUnorderedMigrations: true });
}

/** Applies pending migrations; Kysely takes an advisory lock so two processes starting together are safe. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const result: MigrationResultSet = await migrator(db).migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed`, { cause: result.error });
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function pendingMigrations(db: Db): Promise<string[]> {
  const all = await migrator(db).getMigrations();
  return all.filter((m) => !m.executedAt).map((m) => m.name);
}
