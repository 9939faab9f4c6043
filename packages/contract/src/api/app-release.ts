import { z } from 'zod';
import { LANGUAGES } from '../languages';
import { safeMultiline } from '../safe-text';

/*
 * App releases (PRODUCT_SPEC.md sections 2 and 8: app_version/index, appupdate/index, down/index; the
 * unauthenticated update check): the operator publishes a version with its release notes per language,
 * the oldest version still allowed, and the Android package with its checksum. Messages that name an
 * error code are shown in the caller's language.
 */

/** "1.50": two to four dot-separated whole numbers. */
const VERSION = /^\d{1,4}(\.\d{1,4}){1,3}$/;

/**
 * Versions compare part by part as whole numbers: 1.50 is newer than 1.6 (50 > 6), and 1.50 equals
 * 1.50.0. Negative when `a` is older than `b`, 0 when equal, positive when newer.
 */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

export const appVersionSchema = z
  .string()
  .trim()
  .max(24, 'APP_VERSION_INVALID')
  .regex(VERSION, 'APP_VERSION_INVALID')
  .meta({ example: '1.50' });

/** An HTTPS address (host, optional port, path) or a path on this server; no spaces or backslashes. */
const DOWNLOAD_URL = /^(https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?|(?=\/[^/]))(\/[^\s\\]*)?$/i;

/** The Android package as published: where to fetch it, its SHA-256 (hex) and its size in bytes. */
export const androidPackageSchema = z
  .object({
    url: z
      .string()
      .trim()
      .max(2000, 'APP_DOWNLOAD_URL_INVALID')
      // HTTPS, or a path on this server: never a plain-HTTP download of an app.
      .regex(DOWNLOAD_URL, 'APP_DOWNLOAD_URL_INVALID')
      .meta({ example: 'https://downloads.example.com/sbc-wallet-1.50.apk' }),
    sha256: z
      .string()
      .trim()
      .max(64, 'APP_DOWNLOAD_CHECKSUM_INVALID')
      .toLowerCase()
      .regex(/^[0-9a-f]{64}$/, 'APP_DOWNLOAD_CHECKSUM_INVALID'),
    size: z
      .number()
      .int('APP_DOWNLOAD_SIZE_INVALID')
      .min(1, 'APP_DOWNLOAD_SIZE_INVALID')
      .max(2 * 1024 ** 3, 'APP_DOWNLOAD_SIZE_INVALID')
      .meta({ description: 'Bytes' }),
  })
  .meta({ id: 'AndroidPackage' });
export type AndroidPackage = z.infer<typeof androidPackageSchema>;

export const appReleaseCheckQuerySchema = z.object({
  version: appVersionSchema.optional().meta({ description: 'The version the app runs; the web app sends APP_VERSION' }),
});

export const appReleaseSchema = z
  .object({
    version: z.string(),
    /** Apps older than this must update before they go on; null when every version may go on. */
    minimumVersion: z.string().nullable(),
    /** In the request's language, else English, else the first language the operator wrote. */
    notes: z.string(),
    notesLanguage: z.enum(LANGUAGES),
    publishedAt: z.string(),
    android: androidPackageSchema.nullable(),
  })
  .meta({ id: 'AppRelease' });
export type AppRelease = z.infer<typeof appReleaseSchema>;

export const appReleaseCheckReplySchema = z
  .object({
    /** The version the check was made for (the query's, else this server's APP_VERSION). */
    currentVersion: z.string(),
    /** The newest published release; null before the operator has published any. */
    latest: appReleaseSchema.nullable(),
    updateAvailable: z.boolean(),
    /** The current version is older than the latest release's minimum. */
    updateRequired: z.boolean(),
  })
  .meta({ id: 'AppReleaseCheck' });
export type AppReleaseCheckReply = z.infer<typeof appReleaseCheckReplySchema>;

const notesText = safeMultiline(4000, { tooLong: 'APP_RELEASE_NOTES_TOO_LONG' });

/** What the operator publishes for one version; publishing the same version again replaces it. */
export const adminAppReleaseBodySchema = z
  .object({
    minimumVersion: appVersionSchema.nullable().default(null),
    notes: z
      .object({ zh: notesText.optional(), en: notesText.optional(), ko: notesText.optional(), ja: notesText.optional() })
      .refine((notes) => Object.values(notes).some((text) => text), 'APP_RELEASE_NOTES_REQUIRED'),
    android: androidPackageSchema.nullable().default(null),
  })
  .meta({ id: 'AdminAppReleaseBody' });
export type AdminAppReleaseBody = z.infer<typeof adminAppReleaseBodySchema>;

export const adminAppReleaseSchema = z
  .object({
    version: z.string(),
    minimumVersion: z.string().nullable(),
    notes: z.object({ zh: z.string().optional(), en: z.string().optional(), ko: z.string().optional(), ja: z.string().optional() }),
    android: androidPackageSchema.nullable(),
    publishedAt: z.string(),
  })
  .meta({ id: 'AdminAppRelease' });
export const adminAppReleaseListReplySchema = z.object({ releases: z.array(adminAppReleaseSchema) }).meta({ id: 'AdminAppReleaseList' });
export type AdminAppReleaseListReply = z.infer<typeof adminAppReleaseListReplySchema>;
