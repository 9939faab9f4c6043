import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BSC_ADDRESS, lastCode, PASSWORD, registerUser, requestCode, TRON_ADDRESS, uniqueEmail } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function registerBody(email: string, code: string, overrides: Record<string, unknown> = {}) {
  return { email, code, password: PASSWORD, confirmPassword: PASSWORD, network: 'TRON', address: TRON_ADDRESS, ...overrides };
}

async function tryRegister(email: string, overrides: Record<string, unknown> = {}, language = 'en') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    headers: { 'accept-language': language },
    payload: registerBody(email, await lastCode(t, email), overrides),
  });
}

describe('register', () => {
  it('creates an account with an 8-digit UID, signs it in and shows the profile', async () => {
    const user = await registerUser(t);
    expect(user.profile.uid).toMatch(/^[1-9]\d{7}$/);
    expect(user.profile.emailMasked).toMatch(/^\w{2}\*\*\*@example\.com$/);
    expect(user.profile).toMatchObject({ network: 'TRON', address: TRON_ADDRESS, paymentPasswordSet: false, kycStatus: 'none' });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: user.headers });
    expect(me.json().uid).toBe(user.profile.uid);
  });

  it('gives UIDs that are unique and not sequential', async () => {
    const uids: number[] = [];
    for (let i = 0; i < 4; i++) uids.push(Number((await registerUser(t)).profile.uid));
    expect(new Set(uids).size).toBe(4);
    const steps = uids.slice(1).map((uid, i) => Math.abs(uid - (uids[i] as number)));
    expect(steps.every((s) => s === 1)).toBe(false);
  });

  it('refuses mismatched passwords with "passwords do not match" in the user language', async () => {
    const email = uniqueEmail();
    await requestCode(t, email, 'register');
    const res = await tryRegister(email, { confirmPassword: 'something else 1' }, 'zh');
    expect(res.statusCode).toBe(400);
    const field = res.json().error.details.fields.find((f: { path: string }) => f.path === 'body.confirmPassword');
    expect(field).toMatchObject({ code: 'PASSWORDS_DO_NOT_MATCH', message: '两次输入的密码不一致。' });
  });

  it('requires 8 characters with letters and digits', async () => {
    const email = uniqueEmail();
    await requestCode(t, email, 'register');
    for (const weak of ['short1', 'onlyletters', '12345678']) {
      const res = await tryRegister(email, { password: weak, confirmPassword: weak });
      expect(res.json().error.details.fields[0].code, weak).toBe('PASSWORD_TOO_WEAK');
    }
  });

  it('checks the address for its network: TRON base58check, BSC checksum', async () => {
    const email = uniqueEmail();
    await requestCode(t, email, 'register');
    const badTron = await tryRegister(email, { address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8' });
    expect(badTron.json().error.details.fields[0]).toMatchObject({ path: 'body.address', code: 'ADDRESS_INVALID' });
    const badChecksum = await tryRegister(email, { network: 'BSC', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' });
    expect(badChecksum.json().error.details.fields[0].code).toBe('ADDRESS_INVALID');
    const wrongNetwork = await tryRegister(email, { network: 'BSC', address: TRON_ADDRESS });
    expect(wrongNetwork.json().error.details.fields[0].code).toBe('ADDRESS_INVALID');
    const missing = await tryRegister(email, { address: '' });
    expect(missing.json().error.details.fields[0].code).toBe('ADDRESS_REQUIRED');

    const ok = await tryRegister(email, { network: 'BSC', address: BSC_ADDRESS.toLowerCase() });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().profile).toMatchObject({ network: 'BSC', address: BSC_ADDRESS });
  });

  it('rejects an unknown invite code without using up the emailed code', async () => {
    const email = uniqueEmail();
    await requestCode(t, email, 'register');
    const res = await tryRegister(email, { inviteCode: 'NOSUCH99' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVITE_CODE_UNKNOWN');
    expect((await tryRegister(email)).statusCode).toBe(200);
  });

  it('records who invited whom', async () => {
    const inviter = await registerUser(t);
    const invitee = await registerUser(t, { inviteCode: inviter.profile.inviteCode.toLowerCase() });
    const row = await t.database.handle.db
      .selectFrom('users')
      .select(['invited_by'])
      .where('uid', '=', invitee.profile.uid)
      .executeTakeFirstOrThrow();
    const inviterRow = await t.database.handle.db
      .selectFrom('users')
      .select(['id'])
      .where('uid', '=', inviter.profile.uid)
      .executeTakeFirstOrThrow();
    expect(row.invited_by).toBe(inviterRow.id);
  });

  it('refuses a registered email, when asking for a code and when registering', async () => {
    const user = await registerUser(t);
    const code = await requestCode(t, user.email, 'register');
    expect(code.statusCode).toBe(409);
    expect(code.json().error.code).toBe('EMAIL_TAKEN');
    const upper = await requestCode(t, user.email.toUpperCase(), 'register');
    expect(upper.json().error.code).toBe('EMAIL_TAKEN');
  });

  it('refuses a wrong code', async () => {
    const email = uniqueEmail();
    await requestCode(t, email, 'register');
    const good = await lastCode(t, email);
    const wrong = good === '000000' ? '000001' : '000000';
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: registerBody(email, wrong) });
    expect(res.json().error.code).toBe('CODE_INVALID');
  });
});
