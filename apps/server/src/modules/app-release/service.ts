import {
  type AdminAppReleaseBody,
  type AndroidPackage,
  APP_VERSION,
  type AppRelease,
  type AppReleaseCheckReply,
  compareVersions,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type Language,
} from '@wallet/contract';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { recordOperatorAudit } from '../operators/audit-chain';
import type { OperatorContext } from '../operators/context';
import * as q from './queries';

export interface AppReleaseDeps {
  db: Db;
  clock: Clock;
}

type Notes = Partial<Record<Language, string>>;

/** The notes in `language`, else English, else the first language written (in the contract's order). */
export function pickNotes(notes: Notes, language: Language): { notes: string; notesLanguage: Language } {
  const order = [language, DEFAULT_LANGUAGE, ...LANGUAGES];
  const chosen = order.find((candidate) => notes[candidate]?.trim()) ?? language;
  return { notes: notes[chosen] ?? '', notesLanguage: chosen };
}

function androidOf(row: q.ReleaseRow): AndroidPackage | null {
  if (!row.android_url || !row.android_sha256 || row.android_size === null) return null;
  return { url: row.android_url, sha256: row.android_sha256, size: Number(row.android_size) };
}

function releaseOf(row: q.ReleaseRow, language: Language): AppRelease {
  return {
    version: row.version,
    minimumVersion: row.minimum_version,
    ...pickNotes(row.notes, language),
    publishedAt: row.published_at.toISOString(),
    android: androidOf(row),
  };
}

/**
 * The update check (no login): the newest release in the caller's language, whether `current` is
 * older than it, and whether it is older than the release's minimum (then the app must update).
 */
export async function checkForUpdate(deps: AppReleaseDeps, current: string | undefined, language: Language): Promise<AppReleaseCheckReply> {
  const currentVersion = current ?? APP_VERSION;
  const row = await q.newestRelease(deps.db);
  if (!row) return { currentVersion, latest: null, updateAvailable: false, updateRequired: false };
  const latest = releaseOf(row, language);
  return {
    currentVersion,
    latest,
    updateAvailable: compareVersions(currentVersion, latest.version) < 0,
    updateRequired: latest.minimumVersion !== null && compareVersions(currentVersion, latest.minimumVersion) < 0,
  };
}

/** Publishes `version` (or replaces it), audited in the same transaction. */
export async function publishRelease(
  deps: AppReleaseDeps,
  operator: OperatorContext,
  version: string,
  body: AdminAppReleaseBody,
): Promise<void> {
  if (body.minimumVersion !== null && compareVersions(body.minimumVersion, version) > 0) throw new AppError('APP_MINIMUM_VERSION_ABOVE');
  const notes = Object.fromEntries(Object.entries(body.notes).filter(([, text]) => text)) as Record<string, string>;
  await deps.db.transaction().execute(async (trx) => {
    await q.upsertRelease(trx, {
      version,
      minimum_version: body.minimumVersion,
      notes,
      android_url: body.android?.url ?? null,
      android_sha256: body.android?.sha256 ?? null,
      android_size: body.android?.size ?? null,
      published_at: deps.clock.now(),
      published_by: operator.operatorId,
    });
    await recordOperatorAudit(trx, operator, {
      action: 'release.publish',
      object: `app:${version}`,
      after: { minimumVersion: body.minimumVersion, languages: Object.keys(notes), android: body.android },
    });
  });
}

export async function listReleases(deps: AppReleaseDeps) {
  const rows = await q.allReleases(deps.db);
  return rows.map((row) => ({
    version: row.version,
    minimumVersion: row.minimum_version,
    notes: row.notes,
    android: androidOf(row),
    publishedAt: row.published_at.toISOString(),
  }));
}

export { insertReleaseIfMissing } from './queries';
