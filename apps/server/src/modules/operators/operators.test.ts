import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { ManualClock } from '../../../test/clock';
import { ConsoleBrowser, enrolledOperator, firstSignIn, OPERATOR_PASSWORD, totpAt } from '../../../test/console-sign-in';
import { type TestOperator, testOperator } from '../../../test/operators';
import { loadConfig } from '../../platform/config';
import { paymentPinsFrom } from '../auth/payment-pins';
import { secondFactorSettings } from '../auth/second-factor/settings';
import { seedDemoData } from '../demo/seed';
import { verifyAuditChain } from './audit-chain';
import { DEV_OPERATORS, ensureDevOperators } from './dev-operators';
import { setOperatorRoles } from './operators-service';

let t: TestApp;
let admin: TestOperator;
const clock = new ManualClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await testOperator(t, ['admin']);
});
afterAll(() => t.close());

let counter = 0;
const newEmail = () => `member${++counter}.${Date.now()}@ops.example.com`;
const api = (method: 'GET' | 'POST' | 'DELETE', url: string, key: { headers: Record<string, string> }, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/admin/${url}`, headers: key.headers, ...(payload && { payload }) });
const audited = (action: string, object: string) =>
  t.database.handle.db.selectFrom('operator_audit').selectAll().where('action', '=', action).where('object', '=', object).execute();

describe('operators', () => {
  it('invites an operator with a single-use enrolment link, mailed to them', async () => {
    const email = newEmail();
    const invited = await api('POST', 'operators', admin, { email, roles: ['support', 'compliance'] });
    expect(invited.statusCode, invited.body).toBe(200);
    const { operator, enrolUrl } = invited.json();
    expect(operator).toMatchObject({ email, roles: ['support', 'compliance'], status: 'active', totpEnrolled: false, lastSignInAt: null });
    expect(enrolUrl).toMatch(/^http:\/\/localhost:\d+\/console\/#\/enrol\?token=[A-Za-z0-9_-]{43}$/);
    const mail = await t.database.handle.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(enrolUrl);
    expect(await audited('operator.invite', `operator:${operator.id}`)).toHaveLength(1);
    expect((await api('POST', 'operators', admin, { email, roles: ['support'] })).json().error.code).toBe('OPERATOR_EXISTS');

    const token = enrolUrl.split('token=')[1];
    const browser = new ConsoleBrowser(t);
    expect((await browser.call('POST', 'auth/enrol', { token, password: OPERATOR_PASSWORD })).statusCode).toBe(200);
    const again = await browser.call('POST', 'auth/enrol', { token, password: 'another long password' });
    expect(again.json().error.code).toBe('OPERATOR_ENROLMENT_INVALID');
    // The first password stands.
    expect((await browser.call('POST', 'auth/password', { email, password: OPERATOR_PASSWORD })).statusCode).toBe(200);
  });

  it('lets an enrolment link expire after 72 hours', async () => {
    const invited = await api('POST', 'operators', admin, { email: newEmail(), roles: ['support'] });
    clock.advance(72 * 3600 + 1);
    const late = await new ConsoleBrowser(t).call('POST', 'auth/enrol', {
      token: invited.json().enrolUrl.split('token=')[1],
      password: OPERATOR_PASSWORD,
    });
    expect(late.json().error.code).toBe('OPERATOR_ENROLMENT_INVALID');
  });

  it('lists operators with paging and search, for admins and auditors only', async () => {
    const auditor = await testOperator(t, ['auditor']);
    const list = await api('GET', `operators?q=${encodeURIComponent('@ops.example.com')}&pageSize=2`, auditor);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items).toHaveLength(2);
    expect(list.json().total).toBeGreaterThanOrEqual(3);
    const finance = await testOperator(t, ['finance']);
    expect((await api('GET', 'operators', finance)).statusCode).toBe(403);
    expect((await api('POST', 'operators', auditor, { email: newEmail(), roles: ['support'] })).statusCode).toBe(403);
  });

  it('disables an operator: their sessions end at once, their keys are revoked, sign-in is refused; enabling lets them sign in again', async () => {
    const { id, email } = await enrolledOperator(t, admin, newEmail(), ['admin']);
    const { browser, secret } = await firstSignIn(t, clock, email);
    const made = await browser.call('POST', 'api-keys', { name: 'their script', roles: ['auditor'] });
    expect(made.statusCode, made.body).toBe(200);
    const theirKey = { headers: { authorization: `Bearer ${made.json().key}` } };
    expect((await api('GET', 'operators', theirKey)).statusCode).toBe(200);

    const disabled = await api('POST', `operators/${id}/disable`, admin);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().status).toBe('disabled');
    expect((await browser.call('GET', 'session')).statusCode).toBe(401);
    expect((await api('GET', 'operators', theirKey)).json().error.code).toBe('OPERATOR_API_KEY_INVALID');
    const refused = await new ConsoleBrowser(t).call('POST', 'auth/password', { email, password: OPERATOR_PASSWORD });
    expect(refused.json().error.code).toBe('OPERATOR_DISABLED');
    const [entry] = await audited('operator.disable', `operator:${id}`);
    expect(entry?.after).toMatchObject({ status: 'disabled', sessionsRevoked: 1, apiKeysRevoked: 1 });

    expect((await api('POST', `operators/${id}/enable`, admin)).json().status).toBe('active');
    const back = new ConsoleBrowser(t);
    await back.call('POST', 'auth/password', { email, password: OPERATOR_PASSWORD });
    clock.advance(30);
    expect((await back.call('POST', 'auth/totp', { code: await totpAt(secret, clock) })).statusCode).toBe(200);
    // Keys stay revoked.
    expect((await api('GET', 'operators', theirKey)).statusCode).toBe(401);
  });

  it('changes roles for the four-eyes approval: the next request of a live session has them; the last admin keeps admin', async () => {
    const { id, email } = await enrolledOperator(t, admin, newEmail(), ['support']);
    const { browser } = await firstSignIn(t, clock, email);
    expect((await browser.call('GET', 'withdrawals')).statusCode).toBe(403);
    const change = await t.database.handle.db.transaction().execute((trx) => setOperatorRoles(trx, id, ['finance']));
    expect(change).toEqual({ before: { roles: ['support'] }, after: { roles: ['finance'] } });
    expect((await browser.call('GET', 'withdrawals')).statusCode).toBe(200);
    expect((await browser.call('GET', 'session')).json().permissions).toContain('withdrawals.decide');

    const db = t.database.handle.db;
    const others = await db.selectFrom('operators').select('id').where('id', '<>', id).where('status', '=', 'active').execute();
    await db
      .updateTable('operators')
      .set({ status: 'disabled' })
      .where(
        'id',
        'in',
        others.map((o) => o.id),
      )
      .execute();
    try {
      await db.transaction().execute((trx) => setOperatorRoles(trx, id, ['admin']));
      await expect(db.transaction().execute((trx) => setOperatorRoles(trx, id, ['auditor']))).rejects.toMatchObject({
        code: 'OPERATOR_LAST_ADMIN',
      });
    } finally {
      await db
        .updateTable('operators')
        .set({ status: 'active' })
        .where(
          'id',
          'in',
          others.map((o) => o.id),
        )
        .execute();
    }
  });

  it('refuses disabling oneself', async () => {
    expect((await api('POST', `operators/${admin.id}/disable`, admin)).json().error.code).toBe('OPERATOR_NOT_SELF');
  });
});

describe('API keys', () => {
  it('makes a key shown once and stored hashed, usable within its roles, every read audited; revoked, it stops', async () => {
    const made = await api('POST', 'api-keys', admin, { name: 'nightly report', roles: ['auditor'] });
    expect(made.statusCode, made.body).toBe(200);
    const { apiKey, key } = made.json();
    expect(key).toMatch(/^sbo_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({
      name: 'nightly report',
      roles: ['auditor'],
      prefix: key.slice(0, 10),
      revokedAt: null,
      createdBy: { id: admin.id },
    });
    const row = await t.database.handle.db
      .selectFrom('operator_api_keys')
      .selectAll()
      .where('id', '=', apiKey.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash.toString('hex')).not.toContain(Buffer.from(key).toString('hex'));
    expect(
      (await api('GET', 'api-keys', admin))
        .json()
        .items.some((k: { id: string; key?: string }) => k.id === apiKey.id && k.key === undefined),
    ).toBe(true);

    const headers = { headers: { authorization: `Bearer ${key}` } };
    expect((await api('GET', 'operators', headers)).statusCode).toBe(200);
    expect((await api('POST', 'api-keys', headers, { name: 'escalate', roles: ['admin'] })).statusCode).toBe(403);
    const reads = await t.database.handle.db.selectFrom('operator_audit').select('object').where('api_key_id', '=', apiKey.id).execute();
    expect(reads.map((r) => r.object)).toContain('route:GET /api/v1/admin/operators');

    const revoked = await api('DELETE', `api-keys/${apiKey.id}`, admin);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    expect((await api('GET', 'operators', headers)).json().error.code).toBe('OPERATOR_API_KEY_INVALID');
    expect(await audited('api_key.create', `api_key:${apiKey.id}`)).toHaveLength(1);
    expect(await audited('api_key.revoke', `api_key:${apiKey.id}`)).toHaveLength(1);
    expect((await api('DELETE', `api-keys/${crypto.randomUUID()}`, admin)).json().error.code).toBe('OPERATOR_API_KEY_NOT_FOUND');
  });

  it('takes only the known roles', async () => {
    const bad = await api('POST', 'api-keys', admin, { name: 'bad', roles: ['superuser'] });
    expect(bad.statusCode).toBe(400);
    expect((await api('POST', 'api-keys', admin, { name: 'none', roles: [] })).statusCode).toBe(400);
  });
});

describe('development operators', () => {
  it('are refused in production', async () => {
    const box = secondFactorSettings(loadConfig({ NODE_ENV: 'test' })).box;
    await expect(ensureDevOperators({ NODE_ENV: 'production' }, t.database.handle.db, box)).rejects.toThrow(/refused in production/);
    const none = await t.database.handle.db.selectFrom('operators').select('id').where('email', '=', 'ops@sbc-wallet.local').execute();
    expect(none).toEqual([]);
  });

  it('sign in with the printed password and the code /dev/console shows, after every start', async () => {
    const box = secondFactorSettings(loadConfig({ NODE_ENV: 'test' })).box;
    await ensureDevOperators({ NODE_ENV: 'development' }, t.database.handle.db, box);
    await ensureDevOperators({ NODE_ENV: 'development' }, t.database.handle.db, box);
    const page = await t.app.inject({ method: 'GET', url: '/dev/console' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const [ops] = DEV_OPERATORS as [(typeof DEV_OPERATORS)[number]];
    const code = await totpAt(ops.totpSecret, clock);
    expect(page.body).toContain(code);
    expect(page.body).toContain(ops.password);
    const browser = new ConsoleBrowser(t);
    const password = await browser.call('POST', 'auth/password', { email: ops.email, password: ops.password });
    expect(password.json().stage).toBe('second_factor');
    const signed = await browser.call('POST', 'auth/totp', { code });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().operator.roles).toEqual(['admin', 'finance']);

    // The newcomer's first task: the demo data's withdrawal waits for them.
    await seedDemoData(t.database.handle.db, t.app.log, paymentPinsFrom(loadConfig({ NODE_ENV: 'test' })));
    const queue = await browser.call('GET', 'withdrawals');
    expect(queue.statusCode, queue.body).toBe(200);
    const [waiting] = queue.json().withdrawals;
    expect(waiting).toMatchObject({ status: 'pending_review', network: 'TRON' });
    const approved = await browser.call('POST', `withdrawals/${waiting.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await verifyAuditChain(t.database.handle.db)).intact).toBe(true);
  });
});
