import { APP_VERSION, appReleaseCheckReplySchema, compareVersions } from '@wallet/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { type TestOperator, testOperator } from '../../../test/operators';
import { DEMO_RELEASE_NOTES, seedAppRelease } from '../demo/app-release-content';

/**
 * The update check answers anyone, in their language; only an operator publishes, and every publish
 * is in the audit log with what it set.
 */
type User = Awaited<ReturnType<typeof registerUser>>;
let t: TestApp;
let admin: TestOperator;
let member: User;

const SHA = 'ab'.repeat(32);
const ANDROID = { url: 'https://downloads.example.com/sbc-wallet-1.50.apk', sha256: SHA, size: 23_456_789 };

beforeAll(async () => {
  t = await createTestApp();
  admin = await testOperator(t, ['admin']);
  member = await registerUser(t);
});
afterAll(() => t.close());

const db = () => t.database.handle.db;

const check = (query = '', language = 'en') =>
  t.app.inject({ method: 'GET', url: `/api/v1/app/release${query}`, headers: { 'accept-language': language } });

const publish = (version: string, body: unknown, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/admin/app/releases/${version}`, headers, payload: body as object });

function fieldCodes(res: { json(): unknown }): string[] {
  const body = res.json() as { error: { details?: { fields?: Array<{ code: string }> } } };
  return (body.error.details?.fields ?? []).map((field) => field.code);
}

describe('versions', () => {
  it('compare part by part as whole numbers', () => {
    expect(compareVersions('1.50', '1.6')).toBeGreaterThan(0);
    expect(compareVersions('1.50', '1.50.0')).toBe(0);
    expect(compareVersions('1.9', '1.10')).toBeLessThan(0);
    expect(compareVersions('2.0', '1.99.9')).toBeGreaterThan(0);
  });
});

describe('the update check', () => {
  it('answers without login before anything is published: no release, nothing to update', async () => {
    const res = await check();
    expect(res.statusCode, res.body).toBe(200);
    expect(appReleaseCheckReplySchema.parse(res.json())).toEqual({
      currentVersion: APP_VERSION,
      latest: null,
      updateAvailable: false,
      updateRequired: false,
    });
  });

  it('refuses a version that is not one', async () => {
    const res = await check('?version=latest');
    expect(res.statusCode).toBe(400);
    expect(fieldCodes(res)).toEqual(['APP_VERSION_INVALID']);
  });

  it('gives the newest release in the language asked for, falling back to English', async () => {
    expect((await publish('1.6', { notes: { en: 'Older one' } })).statusCode).toBe(200);
    const published = await publish('1.50', {
      minimumVersion: '1.45',
      notes: { en: 'Install from the browser.', zh: '可从浏览器安装。' },
      android: ANDROID,
    });
    expect(published.statusCode, published.body).toBe(200);

    const zh = appReleaseCheckReplySchema.parse((await check('', 'zh')).json());
    // 1.50 is newer than 1.6: versions are numbers part by part, not text.
    expect(zh.latest).toMatchObject({
      version: '1.50',
      minimumVersion: '1.45',
      notes: '可从浏览器安装。',
      notesLanguage: 'zh',
      android: ANDROID,
    });
    expect(zh).toMatchObject({ currentVersion: '1.50', updateAvailable: false, updateRequired: false });

    const ko = await check('', 'ko-KR,ko;q=0.9');
    expect(ko.json().latest).toMatchObject({ notes: 'Install from the browser.', notesLanguage: 'en' });
    expect(ko.headers['cache-control']).toBe('public, max-age=60');
    expect(ko.headers.vary).toContain('accept-language');
    // Kept a minute by the browser, so it says it also depends on who asks (CORS headers or none).
    expect(ko.headers.vary).toContain('Origin');
  });

  it('says whether an older app may go on or must update', async () => {
    expect((await check('?version=1.46')).json()).toMatchObject({ currentVersion: '1.46', updateAvailable: true, updateRequired: false });
    expect((await check('?version=1.40')).json()).toMatchObject({ currentVersion: '1.40', updateAvailable: true, updateRequired: true });
    expect((await check('?version=1.51')).json()).toMatchObject({ updateAvailable: false, updateRequired: false });
  });
});

describe('publishing', () => {
  it('is for operators only', async () => {
    expect((await publish('1.51', { notes: { en: 'x' } }, {})).statusCode).toBe(401);
    // A member's session is nobody on the console's API; an auditor reads releases but publishes none.
    expect((await publish('1.51', { notes: { en: 'x' } }, member.headers)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/app/releases', headers: member.headers })).statusCode).toBe(401);
    const auditor = await testOperator(t, ['auditor']);
    expect((await publish('1.51', { notes: { en: 'x' } }, auditor.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/app/releases', headers: auditor.headers })).statusCode).toBe(200);
  });

  it('checks what it is given, with a reason per field', async () => {
    const noNotes = await publish('1.51', { notes: { en: '  ' } });
    expect(noNotes.statusCode).toBe(400);
    expect(fieldCodes(noNotes)).toEqual(['APP_RELEASE_NOTES_REQUIRED']);

    const badPackage = await publish('1.51', {
      notes: { en: 'x' },
      android: { url: 'http://downloads.example.com/a.apk', sha256: 'nothex', size: 0 },
    });
    expect(badPackage.statusCode).toBe(400);
    expect(fieldCodes(badPackage).sort()).toEqual([
      'APP_DOWNLOAD_CHECKSUM_INVALID',
      'APP_DOWNLOAD_SIZE_INVALID',
      'APP_DOWNLOAD_URL_INVALID',
    ]);

    const badVersion = await publish('one', { notes: { en: 'x' } });
    expect(fieldCodes(badVersion)).toEqual(['APP_VERSION_INVALID']);

    const minimumAbove = await publish(
      '1.51',
      { minimumVersion: '1.52', notes: { en: 'x' } },
      { ...admin.headers, 'accept-language': 'ja' },
    );
    expect(minimumAbove.statusCode).toBe(400);
    expect(minimumAbove.json().error).toMatchObject({
      code: 'APP_MINIMUM_VERSION_ABOVE',
      message: expect.stringContaining('最低バージョン'),
    });

    // A download on this server is a path; the checksum is kept in lower case.
    const local = await publish('1.51', {
      notes: { ko: '새 기능' },
      android: { url: '/downloads/app.apk', sha256: SHA.toUpperCase(), size: 5 },
    });
    expect(local.statusCode, local.body).toBe(200);
    expect((await check()).json().latest).toMatchObject({
      version: '1.51',
      notes: '새 기능',
      notesLanguage: 'ko',
      android: { sha256: SHA },
    });
  });

  it('replaces a version published again, and audits each publish', async () => {
    const again = await publish('1.51', { notes: { en: 'Fixed notes', ja: '修正' }, android: null });
    expect(again.statusCode).toBe(200);
    expect((await check('', 'ja')).json().latest).toMatchObject({ version: '1.51', notes: '修正', android: null });

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/admin/app/releases', headers: admin.headers });
    expect(list.json().releases.map((r: { version: string }) => r.version)).toEqual(['1.51', '1.50', '1.6']);
    expect(list.json().releases[0].notes).toEqual({ en: 'Fixed notes', ja: '修正' });

    const audit = await db()
      .selectFrom('operator_audit')
      .select(['operator_id', 'object', 'after'])
      .where('action', '=', 'release.publish')
      .orderBy('seq')
      .execute();
    expect(audit.map((row) => row.object)).toEqual(['app:1.6', 'app:1.50', 'app:1.51', 'app:1.51']);
    expect(audit[1]).toMatchObject({ operator_id: admin.id, after: { minimumVersion: '1.45', languages: ['zh', 'en'], android: ANDROID } });
  });
});

describe('the demo release', () => {
  it('adds the current version with notes in four languages once, keeping an operator publish', async () => {
    await sql`delete from app_releases`.execute(db());
    await seedAppRelease(db());
    await seedAppRelease(db());
    for (const language of ['zh', 'en', 'ko', 'ja'] as const) {
      const latest = (await check('', language)).json().latest;
      expect(latest).toMatchObject({ version: APP_VERSION, notes: DEMO_RELEASE_NOTES[language], notesLanguage: language, android: null });
    }
    await publish(APP_VERSION, { notes: { en: 'Operator text' } });
    await seedAppRelease(db());
    expect((await check()).json().latest.notes).toBe('Operator text');
  });
});
