import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BSC_ADDRESS, lastCode, type Member, PASSWORD, PIN, registerUser, sendAccountCode, setPaymentPin } from '../../../../test/accounts';
import { createTestApp, type TestApp } from '../../../../test/app';
import { ManualClock } from '../../../../test/clock';
import { mailsTo, notificationsOf, setLanguage, userIdOf } from '../../../../test/notifications';
import { enrolProof } from '../../../../test/second-factor';
import { SoftAuthenticator } from '../../../../test/soft-authenticator';

let t: TestApp;
const clock = new ManualClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const ORIGIN = 'http://localhost';
const post = (member: Member, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { ...member.headers, origin: ORIGIN }, ...(payload !== undefined && { payload }) });

/** The code the member's authenticator app shows at the test clock's time. */
const totpNow = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });

/** Turns an authenticator app on; returns its secret and the recovery codes that came with it. */
async function enrolTotp(member: Member) {
  const memberProof = await enrolProof(t, member);
  const started = await post(member, '/api/v1/me/second-factor/totp');
  expect(started.statusCode, started.body).toBe(200);
  const { secret, otpauthUri } = started.json() as { secret: string; otpauthUri: string };
  expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/SBC%20Wallet:/);
  const confirmed = await post(member, '/api/v1/me/second-factor/totp/confirm', { code: await totpNow(secret), memberProof });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, recoveryCodes: confirmed.json().recoveryCodes as string[] };
}

async function enrolPasskey(member: Member, authenticator = new SoftAuthenticator(), secondFactor?: unknown) {
  const memberProof = secondFactor === undefined ? await enrolProof(t, member) : undefined;
  const options = await post(member, '/api/v1/me/second-factor/passkeys/options');
  expect(options.statusCode, options.body).toBe(200);
  const response = authenticator.create(options.json().options);
  const added = await post(member, '/api/v1/me/second-factor/passkeys', { label: 'Laptop', response, secondFactor, memberProof });
  return { authenticator, added };
}

async function passkeyProof(member: Member, authenticator: SoftAuthenticator) {
  const challenge = await post(member, '/api/v1/me/second-factor/passkey-challenge');
  expect(challenge.statusCode, challenge.body).toBe(200);
  return { passkey: authenticator.get(challenge.json().options) };
}

/** A guarded action: regenerating the recovery codes takes the second factor and nothing else. */
const regenerate = (member: Member, secondFactor: unknown) => post(member, '/api/v1/me/second-factor/recovery-codes', { secondFactor });

/** A password sign-in from a browser that holds `deviceCookie` (the sbc_device key of an earlier sign-in), or none. */
const loginFrom = (device: string, email: string, deviceCookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/password',
    headers: { 'user-agent': device, origin: ORIGIN, ...(deviceCookie && { cookie: `sbc_device=${deviceCookie}` }) },
    payload: { email, password: PASSWORD },
  });

/** The device key a sign-in's reply gave the browser. */
const deviceKeyOf = (reply: { cookies: Array<{ name: string; value: string }> }) => {
  const key = reply.cookies.find((c) => c.name === 'sbc_device')?.value;
  expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return key as string;
};

describe('authenticator app (TOTP)', () => {
  it('turns on with a code of the app, seals the secret, and gives 10 recovery codes once', async () => {
    const member = await registerUser(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/second-factor', headers: member.headers })).json()).toEqual({
      enabled: false,
      totp: null,
      passkeys: [],
      recoveryCodesLeft: 0,
      addNeeds: 'email_code',
    });
    const { secret, recoveryCodes } = await enrolTotp(member);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const status = (await t.app.inject({ method: 'GET', url: '/api/v1/me/second-factor', headers: member.headers })).json();
    expect(status).toMatchObject({ enabled: true, totp: { createdAt: clock.now().toISOString() }, recoveryCodesLeft: 10 });

    const row = await t.database.handle.db.selectFrom('totp_factors').selectAll().executeTakeFirstOrThrow();
    expect(row.secret_sealed.toString('latin1')).not.toContain(secret);
    const hashes = await t.database.handle.db.selectFrom('recovery_codes').select('code_hash').execute();
    for (const { code_hash } of hashes)
      for (const code of recoveryCodes) expect(code_hash.toString('latin1')).not.toContain(code.slice(0, 5));
  });

  it('refuses a wrong first code and a setup left for more than 15 minutes', async () => {
    const member = await registerUser(t);
    const memberProof = await enrolProof(t, member);
    const { secret } = (await post(member, '/api/v1/me/second-factor/totp')).json();
    const wrong = await post(member, '/api/v1/me/second-factor/totp/confirm', {
      code: '000000' === (await totpNow(secret)) ? '111111' : '000000',
      memberProof,
    });
    expect(wrong.json().error.code).toBe('SECOND_FACTOR_WRONG');
    clock.advance(16 * 60);
    // The emailed code lives 10 minutes: a fresh one, for the setup's own expiry to show.
    const late = await post(member, '/api/v1/me/second-factor/totp/confirm', {
      code: await totpNow(secret),
      memberProof: await enrolProof(t, member),
    });
    expect(late.json().error.code).toBe('TOTP_SETUP_EXPIRED');
  });

  it('takes a code once: the same code again is refused, the next period is taken', async () => {
    const member = await registerUser(t);
    const { secret } = await enrolTotp(member);
    // The code that turned the app on cannot be used again.
    expect((await regenerate(member, { totp: await totpNow(secret) })).json().error.code).toBe('SECOND_FACTOR_WRONG');
    clock.advance(30);
    const code = await totpNow(secret);
    expect((await regenerate(member, { totp: code })).statusCode).toBe(200);
    expect((await regenerate(member, { totp: code })).json().error.code).toBe('SECOND_FACTOR_WRONG');
    // A code of the period before is still taken for a clock a little behind, but not once a newer one was used.
    clock.advance(30);
    expect((await regenerate(member, { totp: code })).json().error.code).toBe('SECOND_FACTOR_WRONG');
    expect((await regenerate(member, { totp: await totpNow(secret) })).statusCode).toBe(200);
  });

  it('locks the second factor after 5 wrong tries, even for the right code', async () => {
    const member = await registerUser(t);
    const { secret } = await enrolTotp(member);
    clock.advance(30);
    const right = await totpNow(secret);
    const wrong = right === '123456' ? '654321' : '123456';
    for (let i = 1; i <= 4; i++)
      expect((await regenerate(member, { totp: wrong })).json().error.code, `try ${i}`).toBe('SECOND_FACTOR_WRONG');
    expect((await regenerate(member, { totp: wrong })).json().error.code).toBe('SECOND_FACTOR_LOCKED');
    const locked = await regenerate(member, { totp: right });
    expect(locked.statusCode).toBe(423);
    expect(locked.json().error.code).toBe('SECOND_FACTOR_LOCKED');
    clock.advance(15 * 60 + 1);
    expect((await regenerate(member, { totp: await totpNow(secret) })).statusCode).toBe(200);
  });
});

describe('recovery codes', () => {
  it('each works once, in any case and spacing; new codes replace the old', async () => {
    const member = await registerUser(t);
    const { recoveryCodes } = await enrolTotp(member);
    const [first, second] = recoveryCodes as [string, string];
    const renewed = await regenerate(member, { recoveryCode: ` ${first.toLowerCase().replace('-', ' ')} ` });
    expect(renewed.statusCode, renewed.body).toBe(200);
    // Regenerating replaced every code, the unused `second` too.
    expect((await regenerate(member, { recoveryCode: second })).json().error.code).toBe('SECOND_FACTOR_WRONG');
    const fresh = renewed.json().recoveryCodes as string[];
    expect((await regenerate(member, { recoveryCode: fresh[0] })).statusCode).toBe(200);
  });

  it('a used code does not work again', async () => {
    const member = await registerUser(t);
    await setPaymentPin(t, member);
    const { recoveryCodes } = await enrolTotp(member);
    const code = recoveryCodes[3] as string;
    const change = async () => {
      clock.advance(61);
      await sendAccountCode(t, member.token, 'change_address');
      return post(member, '/api/v1/me/address', {
        network: 'BSC',
        address: BSC_ADDRESS,
        code: await lastCode(t, member.email),
        paymentPassword: PIN,
        secondFactor: { recoveryCode: code },
      });
    };
    expect((await change()).statusCode).toBe(200);
    const status = (await t.app.inject({ method: 'GET', url: '/api/v1/me/second-factor', headers: member.headers })).json();
    expect(status.recoveryCodesLeft).toBe(9);
    expect((await regenerate(member, { recoveryCode: code })).json().error.code).toBe('SECOND_FACTOR_WRONG');
  });
});

describe('passkeys', () => {
  it('registers a passkey and proves with it; an assertion answers its challenge once', async () => {
    const member = await registerUser(t);
    const { authenticator, added } = await enrolPasskey(member);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().recoveryCodes).toHaveLength(10);
    expect(added.json().status.passkeys).toEqual([
      expect.objectContaining({ label: 'Laptop', transports: ['internal'], lastUsedAt: null }),
    ]);
    const proof = await passkeyProof(member, authenticator);
    expect((await regenerate(member, proof)).statusCode).toBe(200);
    expect((await regenerate(member, proof)).json().error.code).toBe('SECOND_FACTOR_WRONG');
    const status = (await t.app.inject({ method: 'GET', url: '/api/v1/me/second-factor', headers: member.headers })).json();
    expect(status.passkeys[0].lastUsedAt).toBe(clock.now().toISOString());
  });

  it('refuses an assertion signed by another key, for another site, or of another member', async () => {
    const member = await registerUser(t);
    const { authenticator } = await enrolPasskey(member);
    const other = await registerUser(t);
    const { authenticator: othersKey } = await enrolPasskey(other);

    const challenge = (await post(member, '/api/v1/me/second-factor/passkey-challenge')).json().options;
    const forged = { ...authenticator.get(challenge), response: othersKey.get(challenge).response };
    expect((await regenerate(member, { passkey: forged })).json().error.code).toBe('SECOND_FACTOR_WRONG');

    const phished = authenticator.get((await post(member, '/api/v1/me/second-factor/passkey-challenge')).json().options, {
      origin: 'https://evil.example',
    });
    expect((await regenerate(member, { passkey: phished })).json().error.code).toBe('SECOND_FACTOR_WRONG');

    // The other member's own passkey, answering the member's challenge.
    const stolen = othersKey.get((await post(member, '/api/v1/me/second-factor/passkey-challenge')).json().options);
    expect((await regenerate(member, { passkey: stolen })).json().error.code).toBe('SECOND_FACTOR_WRONG');
  });

  it('adding a second factor takes the first; removing the last turns the second factor off', async () => {
    const member = await registerUser(t);
    const { secret } = await enrolTotp(member);
    const without = await enrolPasskey(member);
    expect(without.added.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    // Proof of the member is for the first factor only: once one is on, it does not replace it.
    const options = (await post(member, '/api/v1/me/second-factor/passkeys/options')).json().options;
    const memberOnly = await post(member, '/api/v1/me/second-factor/passkeys', {
      label: 'Thief key',
      response: new SoftAuthenticator().create(options),
      memberProof: { emailCode: '123456' },
    });
    expect(memberOnly.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    clock.advance(30);
    const withProof = await enrolPasskey(member, new SoftAuthenticator(), { totp: await totpNow(secret) });
    expect(withProof.added.statusCode, withProof.added.body).toBe(200);
    // Recovery codes came with the first factor only.
    expect(withProof.added.json().recoveryCodes).toBeNull();

    const passkeyId = withProof.added.json().status.passkeys[0].id as string;
    const removeTotp = await post(member, '/api/v1/me/second-factor/totp/remove', {
      secondFactor: await passkeyProof(member, withProof.authenticator),
    });
    expect(removeTotp.json()).toMatchObject({ enabled: true, totp: null });
    const removeKey = await post(member, `/api/v1/me/second-factor/passkeys/${passkeyId}/remove`, {
      secondFactor: await passkeyProof(member, withProof.authenticator),
    });
    expect(removeKey.json()).toEqual({ enabled: false, totp: null, passkeys: [], recoveryCodesLeft: 0, addNeeds: 'email_code' });
  });
});

describe('sign-in with the second factor on', () => {
  it('asks on a new device, not on a device with a live session; members without a factor sign in at once', async () => {
    const plain = await registerUser(t);
    const direct = await loginFrom('Brand-new phone', plain.email);
    expect(direct.json()).toMatchObject({ token: expect.any(String), profile: { uid: plain.profile.uid } });

    const member = await registerUser(t);
    const laptop = deviceKeyOf(await loginFrom('Laptop', member.email));
    const { secret } = await enrolTotp(member);
    // The laptop's key belongs to a live session: a known device.
    expect((await loginFrom('Laptop', member.email, laptop)).json().token).toEqual(expect.any(String));

    // The same user-agent without the key proves nothing: asked, as is a made-up key.
    expect((await loginFrom('Laptop', member.email, 'x'.repeat(43))).json().secondFactorRequired).toBe(true);
    const asked = await loginFrom('Laptop', member.email);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({
      secondFactorRequired: true,
      ticket: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expiresInSeconds: 300,
      methods: { totp: true, passkey: false, recoveryCode: true },
    });
    const ticket = asked.json().ticket as string;
    const finish = (secondFactor: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login/second-factor',
        headers: { 'user-agent': 'Thief laptop' },
        payload: { ticket, secondFactor },
      });
    expect((await finish({ totp: '000000' === (await totpNow(secret)) ? '111111' : '000000' })).json().error.code).toBe(
      'SECOND_FACTOR_WRONG',
    );
    clock.advance(30);
    const done = await finish({ totp: await totpNow(secret) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().profile.uid).toBe(member.profile.uid);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${done.json().token}` } });
    expect(me.statusCode).toBe(200);
    // The ticket is used up; the device now has a live session and its key, and is asked no more.
    clock.advance(30);
    expect((await finish({ totp: await totpNow(secret) })).json().error.code).toBe('SECOND_FACTOR_TICKET_INVALID');
    const newKey = deviceKeyOf(done);
    expect((await loginFrom('Thief laptop', member.email, newKey)).json().token).toEqual(expect.any(String));

    // Once the laptop's sessions end, its key is a new device again.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/sessions/revoke-others',
      headers: { authorization: `Bearer ${done.json().token}` },
    });
    expect((await loginFrom('Laptop', member.email, laptop)).json().secondFactorRequired).toBe(true);
  });

  it('signs in with a passkey, and the ticket expires after 5 minutes', async () => {
    const member = await registerUser(t);
    const { authenticator } = await enrolPasskey(member);
    const ticket = (await loginFrom('Other browser', member.email)).json().ticket as string;
    const options = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/passkey-options',
      headers: { origin: ORIGIN },
      payload: { ticket },
    });
    expect(options.statusCode, options.body).toBe(200);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/second-factor',
      headers: { 'user-agent': 'Other browser' },
      payload: { ticket, secondFactor: { passkey: authenticator.get(options.json().options) } },
    });
    expect(done.statusCode, done.body).toBe(200);

    const late = (await loginFrom('Third browser', member.email)).json().ticket as string;
    clock.advance(5 * 60 + 1);
    const expired = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/passkey-options', payload: { ticket: late } });
    expect(expired.json().error.code).toBe('SECOND_FACTOR_TICKET_INVALID');
  });
});

describe('guarded actions', () => {
  it('a bound-address change needs the second factor once it is on', async () => {
    const member = await registerUser(t);
    await setPaymentPin(t, member);
    const { secret } = await enrolTotp(member);
    clock.advance(61);
    await sendAccountCode(t, member.token, 'change_address');
    const code = await lastCode(t, member.email);
    const body = { network: 'BSC', address: BSC_ADDRESS, code, paymentPassword: PIN };
    const refused = await post(member, '/api/v1/me/address', body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    clock.advance(30);
    // The emailed code was not spent by the refusal.
    const done = await post(member, '/api/v1/me/address', { ...body, secondFactor: { totp: await totpNow(secret) } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().network).toBe('BSC');
  });
});

describe('turning on the first factor takes proof of the member', () => {
  const status = async (member: Member) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/me/second-factor', headers: member.headers })).json();

  it('asks the payment password of a member who has one, counts a wrong one, and stores nothing before it', async () => {
    const member = await registerUser(t);
    await setPaymentPin(t, member);
    expect((await status(member)).addNeeds).toBe('payment_password');
    const authenticator = new SoftAuthenticator();
    const response = authenticator.create((await post(member, '/api/v1/me/second-factor/passkeys/options')).json().options);
    const add = (memberProof?: object) => post(member, '/api/v1/me/second-factor/passkeys', { label: 'Laptop', response, memberProof });

    const none = await add();
    expect(none.statusCode).toBe(403);
    expect(none.json().error.code).toBe('ENROL_PAYMENT_PASSWORD_REQUIRED');
    // An emailed code is no way round a payment password the member has.
    expect((await add({ emailCode: '123456' })).json().error.code).toBe('ENROL_PAYMENT_PASSWORD_REQUIRED');
    const wrong = await add({ paymentPassword: '000000' });
    expect(wrong.json().error).toMatchObject({ code: 'PAYMENT_PASSWORD_WRONG', details: { remainingAttempts: 4 } });
    // The same count as every money movement's: the next wrong try anywhere has one fewer left.
    const reveal = await add({ paymentPassword: '000001' });
    expect(reveal.json().error).toMatchObject({ code: 'PAYMENT_PASSWORD_WRONG', details: { remainingAttempts: 3 } });
    expect(await status(member)).toMatchObject({ enabled: false, passkeys: [] });
    expect(await mailsTo(t, member.email)).not.toContainEqual(expect.objectContaining({ subject: expect.stringContaining('passkey') }));

    // Nothing was taken by the refusals, the passkey's challenge included: the same ceremony now goes through.
    const added = await add({ paymentPassword: PIN });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().status).toMatchObject({ enabled: true, addNeeds: 'second_factor' });
  });

  it('asks a member without a payment password for a code emailed for it, spent with the factor', async () => {
    const member = await registerUser(t);
    expect((await status(member)).addNeeds).toBe('email_code');
    const { secret } = (await post(member, '/api/v1/me/second-factor/totp')).json();
    const none = await post(member, '/api/v1/me/second-factor/totp/confirm', { code: await totpNow(secret) });
    expect(none.statusCode).toBe(403);
    expect(none.json().error.code).toBe('ENROL_EMAIL_CODE_REQUIRED');
    expect(
      (
        await post(member, '/api/v1/me/second-factor/totp/confirm', { code: await totpNow(secret), memberProof: { paymentPassword: PIN } })
      ).json().error.code,
    ).toBe('ENROL_EMAIL_CODE_REQUIRED');

    await sendAccountCode(t, member.token, 'second_factor');
    const code = await lastCode(t, member.email);
    const codeMail = (await mailsTo(t, member.email)).at(-1);
    expect(codeMail?.text_body).toContain('turn on two-step verification');
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await post(member, '/api/v1/me/second-factor/totp/confirm', {
      code: await totpNow(secret),
      memberProof: { emailCode: wrongCode },
    });
    expect(wrong.json().error.code).toBe('CODE_INVALID');
    const tries = await t.database.handle.db
      .selectFrom('secret_attempts')
      .selectAll()
      .where('kind', '=', 'email_code')
      .where('subject', '=', `a:second_factor:${member.email}`)
      .executeTakeFirst();
    expect(tries).toMatchObject({ failures: 1 });
    expect((await status(member)).enabled).toBe(false);

    const done = await post(member, '/api/v1/me/second-factor/totp/confirm', {
      code: await totpNow(secret),
      memberProof: { emailCode: code },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().status).toMatchObject({ enabled: true, totp: expect.any(Object) });
    const spent = await t.database.handle.db
      .selectFrom('email_codes')
      .select('consumed_at')
      .where('email', '=', member.email)
      .where('purpose', '=', 'second_factor')
      .executeTakeFirstOrThrow();
    expect(spent.consumed_at).not.toBeNull();
  });
});

describe('the member is told of every change to the second factor', () => {
  const notices = async (member: Member) => (await mailsTo(t, member.email)).filter((mail) => !/\d{6}$/.test(mail.subject));

  it('by notification and email in their language, with where from and a lock link that locks the account', async () => {
    const member = await registerUser(t);
    const userId = await userIdOf(t, member.email);
    await setLanguage(t, userId, 'ja');
    await setPaymentPin(t, member);
    const before = (await notices(member)).length;

    const device = 'Mozilla/5.0 (Thief Phone)';
    const from = { ...member.headers, origin: ORIGIN, 'user-agent': device };
    const memberProof = await enrolProof(t, member);
    const authenticator = new SoftAuthenticator();
    const options = (await t.app.inject({ method: 'POST', url: '/api/v1/me/second-factor/passkeys/options', headers: from })).json();
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/second-factor/passkeys',
      headers: from,
      payload: { label: 'Thief key', response: authenticator.create(options.options), memberProof },
    });
    expect(added.statusCode, added.body).toBe(200);
    const passkeyId = added.json().status.passkeys[0].id as string;

    const mails = await notices(member);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1);
    expect(mail?.subject).toBe('SBC Wallet：パスキーが追加されました');
    expect(mail?.text_body).toContain('「Thief key」');
    // A user-agent the parser does not know is no description: the mail says so in its language.
    expect(mail?.text_body).toContain('端末：不明な端末\n');
    expect(mail?.text_body).not.toContain('Mozilla/5.0');
    expect(mail?.text_body).toContain('場所：');
    expect(mail?.text_body).toContain(clock.now().toISOString().slice(0, 16).replace('T', ' '));
    expect(await notificationsOf(t, userId, 'passkey_added')).toEqual([
      expect.objectContaining({ params: expect.objectContaining({ label: 'Thief key', device }) }),
    ]);
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/me/notifications', headers: member.headers });
    expect(listed.json().notifications.find((n: { code: string }) => n.code === 'passkey_added').params).toEqual({
      label: 'Thief key',
      device: '',
      ip: '127.0.0.1',
    });

    // A second factor added, then the passkey removed, then recovery codes renewed: each told.
    const { secret } = (await post(member, '/api/v1/me/second-factor/totp')).json();
    const proof = async () => ({
      passkey: authenticator.get((await post(member, '/api/v1/me/second-factor/passkey-challenge')).json().options),
    });
    const totp = await post(member, '/api/v1/me/second-factor/totp/confirm', { code: await totpNow(secret), secondFactor: await proof() });
    expect(totp.statusCode, totp.body).toBe(200);
    const removed = await post(member, `/api/v1/me/second-factor/passkeys/${passkeyId}/remove`, { secondFactor: await proof() });
    expect(removed.statusCode, removed.body).toBe(200);
    clock.advance(30);
    expect((await regenerate(member, { totp: await totpNow(secret) })).statusCode).toBe(200);
    clock.advance(30);
    const totpOff = await post(member, '/api/v1/me/second-factor/totp/remove', { secondFactor: { totp: await totpNow(secret) } });
    expect(totpOff.statusCode, totpOff.body).toBe(200);

    expect((await notices(member)).slice(before).map((m) => m.subject)).toEqual([
      'SBC Wallet：パスキーが追加されました',
      'SBC Wallet：認証アプリがオンになりました',
      'SBC Wallet：パスキーが削除されました',
      'SBC Wallet：リカバリーコードが再発行されました',
      'SBC Wallet：認証アプリが削除されました',
    ]);
    const codes = (await notificationsOf(t, userId)).map((n) => n.code);
    for (const code of ['passkey_added', 'totp_added', 'passkey_removed', 'recovery_codes_renewed', 'totp_removed'])
      expect(codes).toContain(code);

    // The link of the first mail locks the account: the thief's session ends.
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail?.text_body ?? '')?.[1];
    expect(token).toBeDefined();
    const locked = await t.app.inject({ method: 'POST', url: '/api/v1/account/lock', payload: { token } });
    expect(locked.statusCode, locked.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: member.headers })).statusCode).toBe(401);
  });

  it('writes nothing when the notice cannot be written: the change and its notice go together', async () => {
    const member = await registerUser(t);
    const memberProof = await enrolProof(t, member);
    const { secret } = (await post(member, '/api/v1/me/second-factor/totp')).json();
    const { failNotificationWrites } = await import('../../../../test/notifications');
    const restore = await failNotificationWrites(t);
    try {
      const failed = await post(member, '/api/v1/me/second-factor/totp/confirm', { code: await totpNow(secret), memberProof });
      expect(failed.statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/second-factor', headers: member.headers })).json()).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
    });
  });
});
