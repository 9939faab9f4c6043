import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { ManualClock } from '../../../test/clock';
import { ConsoleBrowser, enrolledOperator, firstSignIn, OPERATOR_PASSWORD, totpAt } from '../../../test/console-sign-in';
import { type TestOperator, testOperator } from '../../../test/operators';
import { SoftAuthenticator } from '../../../test/soft-authenticator';
import { verifyAuditChain } from './audit-chain';

let t: TestApp;
let admin: TestOperator;
const clock = new ManualClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await testOperator(t, ['admin']);
});
afterAll(() => t.close());

let counter = 0;
const newEmail = () => `op${++counter}.${Date.now()}@ops.example.com`;
const auditActions = async (operatorId: string) =>
  (
    await t.database.handle.db
      .selectFrom('operator_audit')
      .select('action')
      .where('object', '=', `operator:${operatorId}`)
      .orderBy('seq')
      .execute()
  ).map((row) => row.action);

describe('console sign-in', () => {
  it('enrols the authenticator at the first sign-in, then signs in with a code; the session carries the permissions', async () => {
    const { id, email } = await enrolledOperator(t, admin, newEmail(), ['finance']);
    const { browser, secret, recoveryCodes, me } = await firstSignIn(t, clock, email);
    expect(recoveryCodes).toHaveLength(10);
    expect(me).toMatchObject({ id, email, roles: ['finance'], idleMinutes: 15 });
    expect(me.permissions).toContain('withdrawals.decide');
    expect(me.permissions).not.toContain('operators.write');
    const session = await browser.call('GET', 'session');
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json().csrfToken).toBe(browser.csrfToken);

    const later = new ConsoleBrowser(t);
    const password = await later.call('POST', 'auth/password', { email, password: OPERATOR_PASSWORD });
    expect(password.json()).toMatchObject({ stage: 'second_factor', methods: ['totp', 'recovery'] });
    // The code enrolment took is spent; the next period's code signs in.
    expect((await later.call('POST', 'auth/totp', { code: await totpAt(secret, clock) })).json().error.code).toBe(
      'OPERATOR_SECOND_FACTOR_WRONG',
    );
    clock.advance(30);
    const signed = await later.call('POST', 'auth/totp', { code: await totpAt(secret, clock) });
    expect(signed.statusCode, signed.body).toBe(200);
    expect((await later.call('GET', 'session')).statusCode).toBe(200);
    expect(await auditActions(id)).toEqual(
      expect.arrayContaining(['operator.invite', 'operator.enrol', 'operator.totp.enrol', 'operator.sign_in', 'operator.sign_in.failed']),
    );
    expect((await verifyAuditChain(t.database.handle.db)).intact).toBe(true);
  });

  it('answers a wrong email and a wrong password alike', async () => {
    const { email } = await enrolledOperator(t, admin, newEmail());
    const browser = new ConsoleBrowser(t, undefined, '10.0.0.1');
    const wrongPassword = await browser.call('POST', 'auth/password', { email, password: 'not the password at all' });
    const wrongEmail = await browser.call('POST', 'auth/password', { email: newEmail(), password: OPERATOR_PASSWORD });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(wrongEmail.json());
    expect(wrongPassword.json().error.code).toBe('OPERATOR_SIGN_IN_FAILED');
    expect(browser.cookie).toBeUndefined();
  });

  it('turns the password-stage token into a new one: the token seen before the second factor never becomes a session', async () => {
    const { email } = await enrolledOperator(t, admin, newEmail());
    const browser = new ConsoleBrowser(t);
    await browser.call('POST', 'auth/password', { email, password: OPERATOR_PASSWORD });
    const early = { cookie: browser.cookie, csrf: browser.csrfToken };
    // A password-stage session opens no admin route.
    const refused = await browser.call('GET', 'session');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('OPERATOR_SECOND_FACTOR_REQUIRED');
    const secret = (await browser.call('POST', 'auth/password', { email, password: OPERATOR_PASSWORD })).json().secret as string;
    expect((await browser.call('POST', 'auth/totp/enrol', { code: await totpAt(secret, clock) })).statusCode).toBe(200);
    expect(browser.cookie).not.toBe(early.cookie);
    const old = await t.app.inject({ method: 'GET', url: '/api/v1/admin/session', headers: { cookie: `sbc_console=${early.cookie}` } });
    expect(old.statusCode).toBe(401);
  });

  it('lets the password stage live five minutes only', async () => {
    const { email } = await enrolledOperator(t, admin, newEmail());
    const browser = new ConsoleBrowser(t);
    const secret = (await browser.call('POST', 'auth/password', { email, password: OPERATOR_PASSWORD })).json().secret as string;
    clock.advance(5 * 60 + 1);
    const late = await browser.call('POST', 'auth/totp/enrol', { code: await totpAt(secret, clock) });
    expect(late.statusCode).toBe(401);
    expect(late.json().error.code).toBe('OPERATOR_SIGN_IN_REQUIRED');
  });

  it('takes one code once: of parallel completions with it, one signs in', async () => {
    const { email } = await enrolledOperator(t, admin, newEmail());
    const { secret } = await firstSignIn(t, clock, email);
    clock.advance(30);
    const browsers = [new ConsoleBrowser(t), new ConsoleBrowser(t), new ConsoleBrowser(t)];
    for (const browser of browsers) await browser.call('POST', 'auth/password', { email, password: OPERATOR_PASSWORD });
    const code = await totpAt(secret, clock);
    const results = await Promise.all(browsers.map((browser) => browser.call('POST', 'auth/totp', { code })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('signs in with a recovery code, each once', async () => {
    const { id, email } = await enrolledOperator(t, admin, newEmail());
    const { recoveryCodes } = await firstSignIn(t, clock, email);
    const [code] = recoveryCodes as [string];
    const browser = new ConsoleBrowser(t);
    await browser.call('POST', 'auth/password', { email, password: OPERATOR_PASSWORD });
    const used = await browser.call('POST', 'auth/recovery', { code: code.toLowerCase() });
    expect(used.statusCode, used.body).toBe(200);
    const again = new ConsoleBrowser(t);
    await again.call('POST', 'auth/password', { email, password: OPERATOR_PASSWORD });
    const reused = await again.call('POST', 'auth/recovery', { code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('OPERATOR_SECOND_FACTOR_WRONG');
    expect(await auditActions(id)).toContain('operator.recovery_code.use');
  });

  it('adds a passkey and signs in with it', async () => {
    const { id, email } = await enrolledOperator(t, admin, newEmail());
    const { browser } = await firstSignIn(t, clock, email);
    const authenticator = new SoftAuthenticator();
    const options = await browser.call('POST', 'me/passkeys/options');
    expect(options.statusCode, options.body).toBe(200);
    const added = await browser.call('POST', 'me/passkeys', { label: 'YubiKey', response: authenticator.create(options.json()) });
    expect(added.statusCode, added.body).toBe(200);
    expect((await browser.call('GET', 'me/passkeys')).json().items).toHaveLength(1);

    const next = new ConsoleBrowser(t);
    const password = await next.call('POST', 'auth/password', { email, password: OPERATOR_PASSWORD });
    expect(password.json().methods).toEqual(['totp', 'passkey', 'recovery']);
    const challenge = await next.call('POST', 'auth/passkey/options', {});
    expect(challenge.statusCode, challenge.body).toBe(200);
    const signed = await next.call('POST', 'auth/passkey', { response: authenticator.get(challenge.json()) });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().operator.email).toBe(email);
    // Another authenticator's signature is a wrong proof.
    const third = new ConsoleBrowser(t);
    await third.call('POST', 'auth/password', { email, password: OPERATOR_PASSWORD });
    const stranger = await third.call('POST', 'auth/passkey', {
      response: new SoftAuthenticator().get((await third.call('POST', 'auth/passkey/options', {})).json()),
    });
    expect(stranger.json().error.code).toBe('OPERATOR_SECOND_FACTOR_WRONG');
    expect(await auditActions(id)).toContain('operator.sign_in');
  });

  it('locks password sign-in after five wrong passwords, a right one included, and audits the lockout', async () => {
    const { id, email } = await enrolledOperator(t, admin, newEmail());
    const browser = new ConsoleBrowser(t, undefined, '10.0.0.2');
    const codes: string[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await browser.call('POST', 'auth/password', { email, password: `wrong password ${i}` })).json().error.code);
    expect(codes).toEqual([...Array(4).fill('OPERATOR_SIGN_IN_FAILED'), 'PASSWORD_LOGIN_LOCKED']);
    const right = await browser.call('POST', 'auth/password', { email, password: OPERATOR_PASSWORD });
    expect(right.json().error.code).toBe('PASSWORD_LOGIN_LOCKED');
    expect(browser.cookie).toBeUndefined();
    expect(await auditActions(id)).toContain('operator.sign_in.locked');
  });

  it('locks the second factor after five wrong codes', async () => {
    const { email } = await enrolledOperator(t, admin, newEmail());
    const { secret } = await firstSignIn(t, clock, email);
    const browser = new ConsoleBrowser(t, undefined, '10.0.0.3');
    await browser.call('POST', 'auth/password', { email, password: OPERATOR_PASSWORD });
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) codes.push((await browser.call('POST', 'auth/totp', { code: '000000' })).json().error.code);
    expect(codes).toEqual([...Array(4).fill('OPERATOR_SECOND_FACTOR_WRONG'), 'SECOND_FACTOR_LOCKED']);
    clock.advance(30);
    expect((await browser.call('POST', 'auth/totp', { code: await totpAt(secret, clock) })).json().error.code).toBe('SECOND_FACTOR_LOCKED');
  });

  it('refuses an unsafe call of a cookie session without its CSRF token, and sign-in steps from another site', async () => {
    const { email } = await enrolledOperator(t, admin, newEmail());
    const { browser } = await firstSignIn(t, clock, email);
    const withoutToken = await browser.call('POST', 'me/recovery-codes', undefined, { csrf: false });
    expect(withoutToken.statusCode).toBe(403);
    expect(withoutToken.json().error.code).toBe('CSRF_TOKEN_INVALID');
    expect((await browser.call('POST', 'me/recovery-codes')).statusCode).toBe(200);
    const crossSite = await new ConsoleBrowser(t).call(
      'POST',
      'auth/password',
      { email, password: OPERATOR_PASSWORD },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(crossSite.json().error.code).toBe('CROSS_SITE_REQUEST');
    expect(crossSite.cookies).toEqual([]);
  });

  it('ends a session idle longer than console.idle_minutes', async () => {
    const { email } = await enrolledOperator(t, admin, newEmail());
    const { browser } = await firstSignIn(t, clock, email);
    clock.advance(14 * 60);
    expect((await browser.call('GET', 'session')).statusCode).toBe(200);
    clock.advance(15 * 60 + 1);
    const idle = await browser.call('GET', 'session');
    expect(idle.statusCode).toBe(401);
    expect(idle.json().error.code).toBe('OPERATOR_SIGN_IN_REQUIRED');
  });

  it("never lets a member's session in", async () => {
    const member = await registerUser(t);
    const bearer = await t.app.inject({ method: 'GET', url: '/api/v1/admin/session', headers: member.headers });
    expect(bearer.statusCode).toBe(401);
    const cookie = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/session',
      headers: { cookie: `sbc_session=${member.token}; sbc_console=${member.token}` },
    });
    expect(cookie.statusCode).toBe(401);
  });

  it('mails the operator when a sign-in comes from a device none of their sessions used', async () => {
    const { email } = await enrolledOperator(t, admin, newEmail());
    const { secret } = await firstSignIn(t, clock, email);
    const mails = () =>
      t.database.handle.db
        .selectFrom('mail_outbox')
        .select(['subject', 'text_body'])
        .where('to_address', '=', email)
        .where('subject', 'like', '%new device%')
        .execute();
    const signIn = async (userAgent: string) => {
      const browser = new ConsoleBrowser(t, userAgent);
      await browser.call('POST', 'auth/password', { email, password: OPERATOR_PASSWORD });
      clock.advance(30);
      expect((await browser.call('POST', 'auth/totp', { code: await totpAt(secret, clock) })).statusCode).toBe(200);
    };
    await signIn(new ConsoleBrowser(t).userAgent);
    expect(await mails()).toEqual([]);
    await signIn('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15');
    const [mail, ...more] = await mails();
    expect(more).toEqual([]);
    expect(mail?.text_body).toContain('Safari');
    expect(mail?.text_body).toContain('从未使用过的设备');
  });

  it('lists the sessions and revokes one', async () => {
    const { id, email } = await enrolledOperator(t, admin, newEmail());
    const { browser, secret } = await firstSignIn(t, clock, email);
    const other = new ConsoleBrowser(t);
    await other.call('POST', 'auth/password', { email, password: OPERATOR_PASSWORD });
    clock.advance(30);
    await other.call('POST', 'auth/totp', { code: await totpAt(secret, clock) });
    const list = await browser.call('GET', 'me/sessions');
    expect(list.json().total).toBe(2);
    const theOther = list.json().items.find((s: { current: boolean }) => !s.current);
    expect((await browser.call('DELETE', `me/sessions/${theOther.id}`)).statusCode).toBe(200);
    expect((await other.call('GET', 'session')).statusCode).toBe(401);
    expect((await browser.call('GET', 'session')).statusCode).toBe(200);
    const logout = await browser.call('POST', 'auth/logout');
    expect(logout.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/session' })).statusCode).toBe(401);
    const actions = await t.database.handle.db.selectFrom('operator_audit').select('action').where('operator_id', '=', id).execute();
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['operator.session.revoke', 'operator.sign_out']));
  });
});
