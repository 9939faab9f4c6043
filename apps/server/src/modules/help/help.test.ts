import { ERRORS, type Language } from '@wallet/contract';
import type { LightMyRequestResponse as Reply } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { type TestOperator, testOperator } from '../../../test/operators';
import { DEMO_HELP_IDS, seedHelpContent } from '../demo/help-content';
import { excerpt, plainText } from './service';

/**
 * The help centre: what members read (in their language or the fallback), search in any script, pop-ups
 * shown once, and the operator's writes (admins only, each with its audit row in the same transaction).
 */
type User = Awaited<ReturnType<typeof registerUser>>;
let t: TestApp;
let admin: TestOperator;
let member: User;

beforeAll(async () => {
  t = await createTestApp();
  admin = await testOperator(t, ['admin']);
  member = await registerUser(t);
});
afterAll(() => t.close());
afterEach(() => auditWorks());

const db = () => t.database.handle.db;

const read = (url: string, language: Language = 'en', headers: Record<string, string> = {}): Promise<Reply> =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-language': language, ...headers } });

const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, language: Language = 'en'): Promise<Reply> =>
  t.app.inject({ method, url, headers: { ...admin.headers, 'accept-language': language }, ...(payload ? { payload } : {}) });

const asMember = (user: User, method: 'GET' | 'POST', url: string, language: Language = 'en'): Promise<Reply> =>
  t.app.inject({ method, url, headers: { ...user.headers, 'accept-language': language } });

const text = (title: string, body = `About ${title}.`) => ({ title, body });

async function createArticle(body: object): Promise<{ id: string }> {
  const res = await asAdmin('POST', '/api/v1/admin/help/articles', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function createCategory(names: object, sort = 0): Promise<{ id: string }> {
  const res = await asAdmin('POST', '/api/v1/admin/help/categories', { names, icon: 'wallet', sort });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const auditRows = (action: string, object: string) =>
  db()
    .selectFrom('operator_audit')
    .select(['operator_id', 'after'])
    .where('action', '=', action)
    .where('object', '=', object)
    .orderBy('seq')
    .execute();

async function auditFails() {
  await sql`create or replace function refuse_audit() returns trigger language plpgsql as $$
    begin raise exception 'audit log unavailable'; end $$`.execute(db());
  await sql`create or replace trigger refuse_audit before insert on operator_audit for each row execute function refuse_audit()`.execute(
    db(),
  );
}
const auditWorks = () => sql`drop trigger if exists refuse_audit on operator_audit`.execute(db());

/** The field codes of a VALIDATION_FAILED reply. */
const fieldCodes = (res: Reply) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().error.code).toBe('VALIDATION_FAILED');
  return (res.json().error.details.fields as Array<{ code: string }>).map((f) => f.code);
};

describe('operator writes', () => {
  it('are refused to members, to operators who may only read content, and to nobody signed in', async () => {
    const body = { kind: 'guide', texts: { en: text('Not allowed') } };
    const asMemberRes = await t.app.inject({ method: 'POST', url: '/api/v1/admin/help/articles', headers: member.headers, payload: body });
    expect(asMemberRes.statusCode).toBe(401);
    expect(asMemberRes.json().error.code).toBe('OPERATOR_SIGN_IN_REQUIRED');
    const support = await testOperator(t, ['support']);
    const asSupport = await t.app.inject({ method: 'POST', url: '/api/v1/admin/help/articles', headers: support.headers, payload: body });
    expect(asSupport.json().error.code).toBe('FORBIDDEN');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/help/articles', headers: support.headers })).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/admin/help/articles', payload: body });
    expect(anonymous.statusCode).toBe(401);
    for (const [method, url] of [
      ['PUT', '/api/v1/admin/help/service'],
      ['POST', '/api/v1/admin/help/categories'],
      ['GET', '/api/v1/admin/help/articles'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: member.headers, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    const titles = await db().selectFrom('help_article_texts').select('title').where('title', '=', 'Not allowed').execute();
    expect(titles).toEqual([]);
  });

  it('stand only with their audit row: when it cannot be written, nothing is created or changed', async () => {
    await auditFails();
    const refused = await asAdmin('POST', '/api/v1/admin/help/articles', { kind: 'guide', texts: { en: text('Audit down guide') } });
    expect(refused.statusCode).toBe(500);
    const category = await asAdmin('POST', '/api/v1/admin/help/categories', { names: { en: 'Audit down' }, icon: 'other' });
    expect(category.statusCode).toBe(500);
    const service = await asAdmin('PUT', '/api/v1/admin/help/service', { contacts: [], hours: { en: 'Never' } });
    expect(service.statusCode).toBe(500);
    await auditWorks();
    expect(await db().selectFrom('help_article_texts').select('title').where('title', '=', 'Audit down guide').execute()).toEqual([]);
    expect(await db().selectFrom('help_categories').select('id').where(sql<boolean>`names->>'en' = 'Audit down'`).execute()).toEqual([]);
    expect(await db().selectFrom('help_service').select('id').execute()).toEqual([]);

    const created = await createArticle({ kind: 'guide', texts: { en: text('Audited guide'), zh: text('审计指南') } });
    const audit = await auditRows('help.article.create', `help_article:${created.id}`);
    expect(audit).toEqual([
      { operator_id: admin.id, after: expect.objectContaining({ kind: 'guide', published: true, languages: ['en', 'zh'] }) },
    ]);
  });

  it('refuse each bad field with its own code, in the operator language', async () => {
    const category = await createCategory({ en: 'Validation' });
    const good = { kind: 'faq', categoryId: category.id, texts: { en: text('A question?') } };
    const cases: Array<[object, string]> = [
      [{ ...good, kind: 'news' }, 'HELP_KIND_INVALID'],
      [{ ...good, popup: true }, 'HELP_POPUP_ONLY_ANNOUNCEMENT'],
      [{ ...good, categoryId: null }, 'HELP_FAQ_CATEGORY_REQUIRED'],
      [{ ...good, categoryId: 'not-a-uuid' }, 'HELP_CATEGORY_NOT_FOUND'],
      [{ ...good, texts: {} }, 'HELP_TEXT_REQUIRED'],
      [{ ...good, texts: { fr: text('Une question ?') } }, 'HELP_LANGUAGE_INVALID'],
      [{ ...good, texts: { en: text('') } }, 'HELP_TITLE_INVALID'],
      [{ ...good, texts: { en: text('x'.repeat(121)) } }, 'HELP_TITLE_INVALID'],
      [{ ...good, texts: { en: text('Long', 'y'.repeat(20_001)) } }, 'HELP_BODY_INVALID'],
      [{ ...good, texts: { en: { title: 'No body' } } }, 'HELP_BODY_INVALID'],
      [{ ...good, sort: 1.5 }, 'HELP_SORT_INVALID'],
      [{ ...good, sort: 5000 }, 'HELP_SORT_INVALID'],
      [{ ...good, relatedIds: ['nope'] }, 'HELP_RELATED_INVALID'],
      [{ ...good, relatedIds: Array.from({ length: 11 }, () => crypto.randomUUID()) }, 'HELP_RELATED_INVALID'],
    ];
    for (const [body, code] of cases) {
      const res = await asAdmin('POST', '/api/v1/admin/help/articles', body, 'zh');
      expect(fieldCodes(res), JSON.stringify(body).slice(0, 120)).toContain(code);
      const field = res.json().error.details.fields.find((f: { code: string }) => f.code === code);
      expect(field.message).toBe(ERRORS[code as keyof typeof ERRORS].message.zh);
    }

    const unknownCategory = await asAdmin('POST', '/api/v1/admin/help/articles', { ...good, categoryId: crypto.randomUUID() });
    expect(unknownCategory.statusCode).toBe(404);
    expect(unknownCategory.json().error.code).toBe('HELP_CATEGORY_NOT_FOUND');
    const unknownRelated = await asAdmin('POST', '/api/v1/admin/help/articles', { ...good, relatedIds: [crypto.randomUUID()] });
    expect(unknownRelated.statusCode).toBe(400);
    expect(unknownRelated.json().error.code).toBe('HELP_RELATED_INVALID');

    const categoryCases: Array<[object, string]> = [
      [{ names: {}, icon: 'card' }, 'HELP_CATEGORY_NAME_INVALID'],
      [{ names: { en: 'z'.repeat(41) }, icon: 'card' }, 'HELP_CATEGORY_NAME_INVALID'],
      [{ names: { en: 'Cards' }, icon: 'rocket' }, 'HELP_CATEGORY_ICON_INVALID'],
    ];
    for (const [body, code] of categoryCases) {
      expect(fieldCodes(await asAdmin('POST', '/api/v1/admin/help/categories', body))).toContain(code);
    }
  });

  it('answer ids that are not ids, or not known, with a 404 and a code, never a 500', async () => {
    const body = { kind: 'guide', texts: { en: text('Whatever') } };
    for (const bad of ['not-a-uuid', "1'; drop table help_articles; --", crypto.randomUUID()]) {
      const path = encodeURIComponent(bad);
      const put = await asAdmin('PUT', `/api/v1/admin/help/articles/${path}`, body);
      expect([put.statusCode, put.json().error.code]).toEqual([404, 'HELP_ARTICLE_NOT_FOUND']);
      const unpublish = await asAdmin('POST', `/api/v1/admin/help/articles/${path}/unpublish`);
      expect([unpublish.statusCode, unpublish.json().error.code]).toEqual([404, 'HELP_ARTICLE_NOT_FOUND']);
      const get = await asAdmin('GET', `/api/v1/admin/help/articles/${path}`);
      expect([get.statusCode, get.json().error.code]).toEqual([404, 'HELP_ARTICLE_NOT_FOUND']);
      const category = await asAdmin('PUT', `/api/v1/admin/help/categories/${path}`, { names: { en: 'X' }, icon: 'other' });
      expect([category.statusCode, category.json().error.code]).toEqual([404, 'HELP_CATEGORY_NOT_FOUND']);
    }
  });

  it('replace an article whole, keep its first publication time, and unpublish it, each audited', async () => {
    const first = await createArticle({ kind: 'guide', texts: { en: text('Replace me'), ko: text('교체할 글') } });
    const other = await createArticle({ kind: 'guide', texts: { en: text('Linked guide') } });
    const before = (await asAdmin('GET', `/api/v1/admin/help/articles/${first.id}`)).json();
    expect(before.publishedAt).not.toBeNull();

    const self = await asAdmin('PUT', `/api/v1/admin/help/articles/${first.id}`, {
      kind: 'guide',
      relatedIds: [first.id],
      texts: { en: text('Replaced') },
    });
    expect(self.json().error.code).toBe('HELP_RELATED_INVALID');

    const updated = await asAdmin('PUT', `/api/v1/admin/help/articles/${first.id}`, {
      kind: 'guide',
      pinned: true,
      relatedIds: [other.id, other.id],
      texts: { en: text('Replaced'), ja: text('置き換え済み') },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      pinned: true,
      relatedIds: [other.id],
      publishedAt: before.publishedAt,
      texts: { en: text('Replaced'), ja: text('置き換え済み') },
    });
    expect(Object.keys(updated.json().texts).sort()).toEqual(['en', 'ja']);
    // The Korean text is gone: a Korean member now reads the English one.
    expect((await read(`/api/v1/help/articles/${first.id}`, 'ko')).json().article).toMatchObject({ title: 'Replaced', language: 'en' });

    const unpublished = await asAdmin('POST', `/api/v1/admin/help/articles/${first.id}/unpublish`);
    expect(unpublished.statusCode).toBe(200);
    const gone = await read(`/api/v1/help/articles/${first.id}`);
    expect([gone.statusCode, gone.json().error.code]).toEqual([404, 'HELP_ARTICLE_NOT_FOUND']);
    expect(gone.json().error.message).toBe(ERRORS.HELP_ARTICLE_NOT_FOUND.message.en);
    expect((await read(`/api/v1/help/articles/${first.id}`, 'ja')).json().error.message).toBe(ERRORS.HELP_ARTICLE_NOT_FOUND.message.ja);

    const republished = await asAdmin('PUT', `/api/v1/admin/help/articles/${first.id}`, { kind: 'guide', texts: { en: text('Back') } });
    expect(republished.json()).toMatchObject({ published: true, publishedAt: before.publishedAt });
    expect(await auditRows('help.article.update', `help_article:${first.id}`)).toHaveLength(2);
    expect(await auditRows('help.article.unpublish', `help_article:${first.id}`)).toEqual([{ operator_id: admin.id, after: null }]);
  });
});

describe('reading the help centre', () => {
  let categoryId: string;
  let emptyCategoryId: string;
  const ids = {} as Record<'second' | 'first' | 'japanese' | 'hidden' | 'older' | 'newer' | 'pinned' | 'guide', string>;

  beforeAll(async () => {
    categoryId = (await createCategory({ en: 'Wallet basics', zh: '钱包基础', ja: 'ウォレットの基本' }, -100)).id;
    emptyCategoryId = (await createCategory({ en: 'Nothing here yet' }, -99)).id;
    ids.second = (
      await createArticle({
        kind: 'faq',
        categoryId,
        sort: 2,
        texts: { en: text('Second question', 'The **second** answer.'), zh: text('第二个问题', '第二个回答。') },
      })
    ).id;
    ids.first = (
      await createArticle({
        kind: 'faq',
        categoryId,
        sort: 1,
        texts: { zh: text('只有中文的问题', '这个回答只有中文。') },
      })
    ).id;
    ids.japanese = (
      await createArticle({ kind: 'faq', categoryId, sort: 3, texts: { ja: text('日本語だけの質問', 'この回答は日本語だけです。') } })
    ).id;
    ids.hidden = (await createArticle({ kind: 'faq', categoryId, sort: 0, published: false, texts: { en: text('Draft question') } })).id;
    ids.older = (await createArticle({ kind: 'announcement', texts: { en: text('Older news'), ko: text('예전 소식') } })).id;
    ids.newer = (await createArticle({ kind: 'announcement', texts: { en: text('Newer news') } })).id;
    ids.pinned = (await createArticle({ kind: 'announcement', pinned: true, texts: { en: text('Pinned news') } })).id;
    ids.guide = (
      await createArticle({
        kind: 'guide',
        relatedIds: [ids.hidden, ids.second, ids.first],
        texts: { en: text('Reading guide'), ko: text('읽기 안내') },
      })
    ).id;
  });

  it('home lists announcements pinned first then newest, categories with questions, and guides', async () => {
    const res = await read('/api/v1/help', 'en');
    expect(res.statusCode, res.body).toBe(200);
    const titles = res.json().announcements.map((a: { title: string }) => a.title);
    expect(titles.indexOf('Pinned news')).toBe(0);
    expect(titles.indexOf('Newer news')).toBeLessThan(titles.indexOf('Older news'));
    const category = res.json().categories.find((c: { id: string }) => c.id === categoryId);
    expect(category).toEqual({ id: categoryId, name: 'Wallet basics', language: 'en', icon: 'wallet', faqCount: 3 });
    expect(res.json().categories.map((c: { id: string }) => c.id)).not.toContain(emptyCategoryId);
    expect(res.json().guides.map((g: { id: string }) => g.id)).toContain(ids.guide);
    // Korean: the Korean title where there is one, the English one (said so) where not; category names fall back too.
    const ko = (await read('/api/v1/help', 'ko')).json();
    const older = ko.announcements.find((a: { id: string }) => a.id === ids.older);
    const newer = ko.announcements.find((a: { id: string }) => a.id === ids.newer);
    expect([older.title, older.language, newer.title, newer.language]).toEqual(['예전 소식', 'ko', 'Newer news', 'en']);
    expect(ko.categories.find((c: { id: string }) => c.id === categoryId)).toMatchObject({ name: 'Wallet basics', language: 'en' });
  });

  it('falls back to English, then Chinese, then whatever language exists, and says which it is', async () => {
    const cases: Array<[string, Language, string, Language]> = [
      [ids.second, 'ko', 'Second question', 'en'],
      [ids.second, 'zh', '第二个问题', 'zh'],
      [ids.first, 'en', '只有中文的问题', 'zh'],
      [ids.first, 'ja', '只有中文的问题', 'zh'],
      [ids.japanese, 'en', '日本語だけの質問', 'ja'],
      [ids.japanese, 'zh', '日本語だけの質問', 'ja'],
    ];
    for (const [id, language, title, shownIn] of cases) {
      const res = await read(`/api/v1/help/articles/${id}`, language);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().article, `${title} for ${language}`).toMatchObject({ title, language: shownIn, kind: 'faq' });
    }
  });

  it('a FAQ category lists its published questions in order, with their answers and the category name', async () => {
    const res = await read(`/api/v1/help/categories/${categoryId}`, 'ja');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().category).toMatchObject({ name: 'ウォレットの基本', language: 'ja', faqCount: 3 });
    expect(res.json().faqs.map((f: { id: string }) => f.id)).toEqual([ids.first, ids.second, ids.japanese]);
    expect(res.json().faqs[1]).toMatchObject({ body: 'The **second** answer.', language: 'en', category: { name: 'ウォレットの基本' } });
    for (const bad of ['nope', encodeURIComponent('%00'), crypto.randomUUID()]) {
      const missing = await read(`/api/v1/help/categories/${bad}`, 'ko');
      expect([missing.statusCode, missing.json().error.code]).toEqual([404, 'HELP_CATEGORY_NOT_FOUND']);
      expect(missing.json().error.message).toBe(ERRORS.HELP_CATEGORY_NOT_FOUND.message.ko);
    }
  });

  it('an article lists its published related articles in the operator order', async () => {
    const res = await read(`/api/v1/help/articles/${ids.guide}`, 'ko');
    expect(res.json().article).toMatchObject({ title: '읽기 안내', language: 'ko', kind: 'guide', category: null });
    expect(res.json().related.map((r: { id: string; language: string }) => [r.id, r.language])).toEqual([
      [ids.second, 'en'],
      [ids.first, 'zh'],
    ]);
    for (const bad of ['nope', ids.hidden, crypto.randomUUID(), 'a'.repeat(90), encodeURIComponent("' or 1=1 --")]) {
      const missing = await read(`/api/v1/help/articles/${bad}`);
      expect([missing.statusCode, missing.json().error.code], bad).toEqual([404, 'HELP_ARTICLE_NOT_FOUND']);
    }
  });

  it('is readable signed out', async () => {
    for (const url of ['/api/v1/help', `/api/v1/help/articles/${ids.guide}`, '/api/v1/help/search?q=news', '/api/v1/help/service']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });
});

describe('search', () => {
  const ids = {} as Record<'pay' | 'percent' | 'bodyOnly' | 'zhOnly' | 'draft', string>;
  const search = (q: string, language: Language = 'en') => read(`/api/v1/help/search?q=${encodeURIComponent(q)}`, language);
  const found = async (q: string, language: Language = 'en') => {
    const res = await search(q, language);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results as Array<{ id: string; title: string; language: string; excerpt: string }>;
  };

  beforeAll(async () => {
    ids.pay = (
      await createArticle({
        kind: 'guide',
        texts: {
          en: text('Change the payment PIN', 'Open settings and choose a new six-digit code.'),
          zh: text('修改支付密码', '打开设置，选择新的六位数字支付密码。请勿告诉他人。'),
          ko: text('결제 비밀번호 변경', '설정을 열고 새 6자리 결제 비밀번호를 입력하세요.'),
          ja: text('支払いパスワードの変更', '設定を開き、新しい6桁の支払いパスワードを入力します。'),
        },
      })
    ).id;
    ids.percent = (
      await createArticle({
        kind: 'guide',
        texts: { en: text('Fees of 0.5% explained', 'A 0.5% fee_rate applies to every sale; back\\slash too.') },
      })
    ).id;
    ids.bodyOnly = (
      await createArticle({ kind: 'guide', texts: { en: text('Unrelated title', 'This mentions the payment PIN deep inside.') } })
    ).id;
    ids.zhOnly = (await createArticle({ kind: 'guide', texts: { zh: text('仅中文的充值说明', '充值到账时间说明。') } })).id;
    ids.draft = (await createArticle({ kind: 'guide', published: false, texts: { en: text('Draft payment PIN notes') } })).id;
  });

  it('finds Chinese, Korean and Japanese words in the member language', async () => {
    expect((await found('支付密码', 'zh')).map((r) => r.id)).toContain(ids.pay);
    expect((await found('六位数字', 'zh'))[0]).toMatchObject({ id: ids.pay, language: 'zh' });
    expect((await found('결제 비밀번호', 'ko')).map((r) => r.id)).toContain(ids.pay);
    expect((await found('支払いパスワード', 'ja')).map((r) => r.id)).toContain(ids.pay);
    // In the text the member is shown: an English reader does not find the Chinese words.
    expect((await found('支付密码', 'en')).map((r) => r.id)).not.toContain(ids.pay);
  });

  it('searches the fallback text when the member language is missing', async () => {
    const [hit] = await found('充值', 'ko');
    expect(hit).toMatchObject({ id: ids.zhOnly, language: 'zh', title: '仅中文的充值说明' });
  });

  it('matches case-insensitively, titles before bodies, never drafts, with an excerpt around the match', async () => {
    const results = await found('PAYMENT pin');
    expect(results.map((r) => r.id).slice(0, 2)).toEqual([ids.pay, ids.bodyOnly]);
    expect(results.map((r) => r.id)).not.toContain(ids.draft);
    expect(results[1]?.excerpt).toContain('payment PIN');
  });

  it('takes %, _ and \\ literally', async () => {
    expect((await found('%')).map((r) => r.id)).toEqual([ids.percent]);
    expect((await found('_')).map((r) => r.id)).toEqual([ids.percent]);
    expect((await found('\\')).map((r) => r.id)).toEqual([ids.percent]);
    expect(await found('0.5%x')).toEqual([]);
  });

  it('refuses an empty or overlong query with its code', async () => {
    for (const q of ['', '   ', 'x'.repeat(51)]) {
      const res = await search(q, 'ko');
      expect(fieldCodes(res)).toEqual(['HELP_SEARCH_QUERY_INVALID']);
      expect(res.json().error.details.fields[0].message).toBe(ERRORS.HELP_SEARCH_QUERY_INVALID.message.ko);
    }
    expect(fieldCodes(await read('/api/v1/help/search'))).toEqual(['HELP_SEARCH_QUERY_INVALID']);
    expect((await found('x'.repeat(50))).length).toBe(0);
  });

  it('makes excerpts of words, not Markdown', () => {
    expect(plainText('## Title\n\n- **Bold** [link](https://x.test) `code`\n\n![alt](/a.png)')).toBe('Title Bold link code alt');
    const long = `${'a '.repeat(60)}needle ${'b '.repeat(60)}`;
    const cut = excerpt(long, 'NEEDLE');
    expect(cut.startsWith('…')).toBe(true);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut).toContain('needle');
    expect(excerpt('短い本文', '本')).toBe('短い本文');
  });
});

describe('pop-up announcements', () => {
  let popupId: string;
  let plainId: string;

  beforeAll(async () => {
    popupId = (
      await createArticle({
        kind: 'announcement',
        popup: true,
        texts: { en: text('Maintenance on Sunday'), zh: text('周日系统维护', '周日凌晨2点至4点暂停提现。') },
      })
    ).id;
    plainId = (await createArticle({ kind: 'announcement', texts: { en: text('Not a pop-up') } })).id;
  });

  const pending = async (user: User, language: Language = 'en') => {
    const res = await asMember(user, 'GET', '/api/v1/help/popups', language);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().popups as Array<{ id: string; title: string; body: string; language: string }>;
  };

  it('need a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/help/popups' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/help/popups/${popupId}/dismiss` })).statusCode).toBe(401);
  });

  it('show once per member: dismissed, it is gone for that member only, and dismissing again is harmless', async () => {
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    const shown = await pending(alice, 'zh');
    expect(shown.map((p) => p.id)).toEqual([popupId]);
    expect(shown[0]).toMatchObject({ title: '周日系统维护', body: '周日凌晨2点至4点暂停提现。', language: 'zh' });

    for (let i = 0; i < 2; i++) {
      const dismissed = await asMember(alice, 'POST', `/api/v1/help/popups/${popupId}/dismiss`);
      expect(dismissed.statusCode, dismissed.body).toBe(200);
    }
    expect(await pending(alice)).toEqual([]);
    expect((await pending(bob)).map((p) => p.id)).toEqual([popupId]);
    // Still in the help centre for everybody.
    expect((await read(`/api/v1/help/articles/${popupId}`)).statusCode).toBe(200);
  });

  it('stop when unpublished, and only pop-ups can be dismissed', async () => {
    const carol = await registerUser(t);
    for (const bad of [plainId, 'not-an-id', crypto.randomUUID()]) {
      const res = await asMember(carol, 'POST', `/api/v1/help/popups/${bad}/dismiss`, 'ja');
      expect([res.statusCode, res.json().error.code]).toEqual([404, 'HELP_ARTICLE_NOT_FOUND']);
      expect(res.json().error.message).toBe(ERRORS.HELP_ARTICLE_NOT_FOUND.message.ja);
    }
    const later = await createArticle({ kind: 'announcement', popup: true, texts: { en: text('Short-lived pop-up') } });
    expect((await pending(carol)).map((p) => p.id)).toEqual([popupId, later.id]);
    await asAdmin('POST', `/api/v1/admin/help/articles/${later.id}/unpublish`);
    expect((await pending(carol)).map((p) => p.id)).toEqual([popupId]);
  });
});

describe('support contacts and hours', () => {
  it('are written by the operator (audited) and read in the member language with links per kind', async () => {
    const body = {
      contacts: [
        { kind: 'email', value: 'help@example.com', label: { en: 'Email us', zh: '邮件联系' } },
        { kind: 'telegram', value: '@wallet_help' },
        { kind: 'phone', value: '+852 1234 5678', label: { ja: '電話' } },
        { kind: 'wechat', value: 'wallet_cs01' },
      ],
      hours: { en: 'Every day 9:00–21:00', zh: '每天 9:00–21:00' },
    };
    const saved = await asAdmin('PUT', '/api/v1/admin/help/service', body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await auditRows('help.service.update', 'help_service')).toHaveLength(1);

    const zh = (await read('/api/v1/help/service', 'zh')).json();
    expect(zh).toMatchObject({ hours: '每天 9:00–21:00', language: 'zh' });
    expect(zh.contacts).toEqual([
      { kind: 'email', value: 'help@example.com', label: '邮件联系', href: 'mailto:help@example.com' },
      { kind: 'telegram', value: '@wallet_help', label: null, href: 'https://t.me/wallet_help' },
      { kind: 'phone', value: '+852 1234 5678', label: '電話', href: 'tel:+85212345678' },
      { kind: 'wechat', value: 'wallet_cs01', label: null, href: null },
    ]);
    const ko = (await read('/api/v1/help/service', 'ko')).json();
    expect([ko.hours, ko.language, ko.contacts[0].label]).toEqual(['Every day 9:00–21:00', 'en', 'Email us']);
  });

  it('refuses a malformed contact, too many contacts and overlong hours, each with its code', async () => {
    const contact = { kind: 'email', value: 'help@example.com' };
    const cases: Array<[object, string]> = [
      [{ contacts: [{ kind: 'email', value: 'not an email' }] }, 'HELP_CONTACT_INVALID'],
      [{ contacts: [{ kind: 'fax', value: '123' }] }, 'HELP_CONTACT_INVALID'],
      [{ contacts: [{ kind: 'telegram', value: 'ab' }] }, 'HELP_CONTACT_INVALID'],
      [{ contacts: [{ ...contact, label: { en: 'l'.repeat(41) } }] }, 'HELP_CONTACT_INVALID'],
      [{ contacts: Array.from({ length: 11 }, () => contact) }, 'HELP_CONTACTS_TOO_MANY'],
      [{ contacts: [], hours: { en: 'h'.repeat(501) } }, 'HELP_HOURS_INVALID'],
      [{ contacts: [], hours: { xx: 'Sometimes' } }, 'HELP_LANGUAGE_INVALID'],
    ];
    for (const [body, code] of cases) expect(fieldCodes(await asAdmin('PUT', '/api/v1/admin/help/service', body))).toContain(code);
  });
});

describe('demo content', () => {
  it('is added once however often it runs, keeps operator edits, and is written in every language', async () => {
    await seedHelpContent(db(), t.app.log);
    await asAdmin('POST', `/api/v1/admin/help/articles/${DEMO_HELP_IDS.flashExchangeLaunch}/unpublish`);
    await seedHelpContent(db(), t.app.log);
    const articleIds = Object.values(DEMO_HELP_IDS).filter((v): v is string => typeof v === 'string');
    const demo = await db().selectFrom('help_articles').select(['id', 'published']).where('id', 'in', articleIds).execute();
    expect(demo).toHaveLength(articleIds.length);
    const texts = await db().selectFrom('help_article_texts').select('article_id').where('article_id', 'in', articleIds).execute();
    expect(texts).toHaveLength(articleIds.length * 4);
    expect(demo.find((a) => a.id === DEMO_HELP_IDS.flashExchangeLaunch)?.published).toBe(false);

    // A database seeded when the card guide was in English and Chinese only gets its Korean and
    // Japanese at the next start; a text an operator changed stays as it is.
    await db()
      .deleteFrom('help_article_texts')
      .where('article_id', '=', DEMO_HELP_IDS.cardAbroadGuide)
      .where('language', 'in', ['ko', 'ja'])
      .execute();
    await db()
      .updateTable('help_article_texts')
      .set({ title: 'Travelling with your card' })
      .where('article_id', '=', DEMO_HELP_IDS.cardAbroadGuide)
      .where('language', '=', 'en')
      .execute();
    await seedHelpContent(db(), t.app.log);
    for (const [language, title] of [
      ['ko', '해외에서 카드 사용하기'],
      ['ja', '海外でカードを使う'],
      ['en', 'Travelling with your card'],
    ] as const) {
      const guide = (await read(`/api/v1/help/articles/${DEMO_HELP_IDS.cardAbroadGuide}`, language)).json();
      expect(guide.article).toMatchObject({ title, language });
    }
    const home = (await read('/api/v1/help', 'ja')).json();
    expect(home.announcements.find((a: { id: string }) => a.id === DEMO_HELP_IDS.securityNotice)).toMatchObject({
      popup: true,
      pinned: true,
      language: 'ja',
    });
    expect(home.announcements.map((a: { id: string }) => a.id)).not.toContain(DEMO_HELP_IDS.flashExchangeLaunch);
    const demoCategories = Object.values(DEMO_HELP_IDS.categories);
    expect(home.categories.filter((c: { id: string }) => demoCategories.includes(c.id as never))).toHaveLength(4);
    const dave = await registerUser(t);
    expect((await asMember(dave, 'GET', '/api/v1/help/popups')).json().popups.map((p: { id: string }) => p.id)).toContain(
      DEMO_HELP_IDS.securityNotice,
    );
  });
});

it('documents every help route in the OpenAPI document', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const doc = res.json();
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining([
      '/api/v1/help',
      '/api/v1/help/search',
      '/api/v1/help/articles/{id}',
      '/api/v1/help/categories/{id}',
      '/api/v1/help/service',
      '/api/v1/help/popups',
      '/api/v1/help/popups/{id}/dismiss',
      '/api/v1/admin/help/articles',
      '/api/v1/admin/help/articles/{id}',
      '/api/v1/admin/help/articles/{id}/unpublish',
      '/api/v1/admin/help/categories',
      '/api/v1/admin/help/categories/{id}',
      '/api/v1/admin/help/service',
    ]),
  );
  expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['HelpArticleReply', 'AdminHelpArticleBody', 'HelpService']));
});
