import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, registerUser, requestCode, uniqueEmail } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { ManualClock } from '../../../test/clock';

let t: TestApp;
const clock = new ManualClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const loginByCode = (email: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login/code', payload: { email, code } });

describe('emailed codes', () => {
  it('can be asked for again only after 60 seconds, enforced by the server', async () => {
    const email = uniqueEmail();
    expect((await requestCode(t, email, 'register')).json()).toEqual({ sent: true, resendAfterSeconds: 60, expiresInSeconds: 600 });
    clock.advance(20);
    const early = await requestCode(t, email, 'register');
    expect(early.statusCode).toBe(429);
    expect(early.json().error).toMatchObject({ code: 'CODE_RESEND_TOO_SOON', details: { retryAfterSeconds: 40 } });
    clock.advance(40);
    expect((await requestCode(t, email, 'register')).statusCode).toBe(200);
    // Another purpose for the same email has its own timer.
    const user = await registerUser(t);
    expect((await requestCode(t, user.email, 'login')).statusCode).toBe(200);
    expect((await requestCode(t, user.email, 'reset_password')).statusCode).toBe(200);
  });

  it('expire after 10 minutes', async () => {
    const user = await registerUser(t);
    clock.advance(61);
    await requestCode(t, user.email, 'login');
    const code = await lastCode(t, user.email);
    clock.advance(601);
    expect((await loginByCode(user.email, code)).json().error.code).toBe('CODE_EXPIRED');
  });

  it('work once', async () => {
    const user = await registerUser(t);
    clock.advance(61);
    await requestCode(t, user.email, 'login');
    const code = await lastCode(t, user.email);
    expect((await loginByCode(user.email, code)).statusCode).toBe(200);
    expect((await loginByCode(user.email, code)).json().error.code).toBe('CODE_EXPIRED');
  });

  it('die after 5 wrong tries, even for the right code afterwards', async () => {
    const user = await registerUser(t);
    clock.advance(61);
    await requestCode(t, user.email, 'login');
    const code = await lastCode(t, user.email);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 1; i <= 4; i++) expect((await loginByCode(user.email, wrong)).json().error.code, `try ${i}`).toBe('CODE_INVALID');
    expect((await loginByCode(user.email, wrong)).json().error.code).toBe('CODE_TOO_MANY_ATTEMPTS');
    expect((await loginByCode(user.email, code)).json().error.code).toBe('CODE_TOO_MANY_ATTEMPTS');
  });

  it('are replaced by a newer code for the same purpose', async () => {
    const user = await registerUser(t);
    clock.advance(61);
    await requestCode(t, user.email, 'login');
    const first = await lastCode(t, user.email);
    clock.advance(61);
    await requestCode(t, user.email, 'login');
    const second = await lastCode(t, user.email);
    if (first !== second) expect((await loginByCode(user.email, first)).json().error.code).toBe('CODE_INVALID');
    expect((await loginByCode(user.email, second)).statusCode).toBe(200);
  });

  it('are stored hashed, never as typed', async () => {
    const email = uniqueEmail();
    clock.advance(61);
    await requestCode(t, email, 'register');
    const code = await lastCode(t, email);
    const rows = await t.database.handle.db.selectFrom('email_codes').select(['code_hash']).where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash.length).toBe(32);
    expect(rows[0]?.code_hash.toString('utf8')).not.toContain(code);
  });

  it('are sent once when asked for many times at the same moment', async () => {
    const email = uniqueEmail();
    clock.advance(61);
    // More requests than the pool has connections: the code must not need a second connection while it holds the lock.
    const replies = await Promise.all(Array.from({ length: 12 }, () => requestCode(t, email, 'register')));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, ...Array(11).fill(429)]);
    const mails = await t.database.handle.db.selectFrom('mail_outbox').select(['id']).where('to_address', '=', email).execute();
    expect(mails).toHaveLength(1);
  });

  it('are mailed in the language of the request', async () => {
    const email = uniqueEmail();
    await requestCode(t, email, 'register', 'ja');
    const mail = await t.database.handle.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow();
    expect(mail.subject).toContain('認証コード');
    expect(mail.text_body).toContain('アカウント登録');
  });

  it('for login or reset need a registered email', async () => {
    const res = await requestCode(t, uniqueEmail(), 'login');
    expect(res.json().error.code).toBe('LOGIN_NOT_REGISTERED');
  });
});

describe('rate limits', () => {
  it('cap codes per email per hour', async () => {
    const limited = await createTestApp({ clock, env: { CODES_PER_EMAIL_PER_HOUR: '2' } });
    const email = uniqueEmail();
    expect((await requestCode(limited, email, 'register')).statusCode).toBe(200);
    clock.advance(61);
    expect((await requestCode(limited, email, 'register')).statusCode).toBe(200);
    clock.advance(61);
    const third = await requestCode(limited, email, 'register');
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('RATE_LIMITED');
    await limited.close();
  });

  it('cap code requests per IP address', async () => {
    const limited = await createTestApp({ clock, env: { RATE_LIMIT_CODES_PER_HOUR: '2' } });
    expect((await requestCode(limited, uniqueEmail(), 'register')).statusCode).toBe(200);
    expect((await requestCode(limited, uniqueEmail(), 'register')).statusCode).toBe(200);
    const third = await requestCode(limited, uniqueEmail(), 'register', 'ko');
    expect(third.statusCode).toBe(429);
    expect(third.json().error).toEqual({ code: 'RATE_LIMITED', message: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.' });
    expect(third.headers['retry-after']).toBeDefined();
    await limited.close();
  });
});
