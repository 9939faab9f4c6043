import { hash, randomUUID } from 'node:crypto';
import { ADDRESS_BOOK_LIMITS } from '@wallet/contract';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BSC_ADDRESS,
  fundedMember,
  lastCode,
  type Member,
  PASSWORD,
  PIN,
  requestCode,
  sendAccountCode,
  TRON_ADDRESS,
} from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { ManualClock } from '../../../test/clock';
import { mailsTo, userIdOf } from '../../../test/notifications';
import { type TestOperator, testOperator } from '../../../test/operators';
import { enrolProof } from '../../../test/second-factor';
import { ledgerViolations } from '../ledger';

/*
 * The address book and its waits, against the real app with a 24-hour delay and a clock the tests
 * move: a new address waits, a changed password or bound address holds every withdrawal, the mail
 * of each carries a single-use link that locks the account until support unlocks it.
 */

const DAY = 24 * 3600;
const clock = new ManualClock();
let t: TestApp & { admin: TestOperator };

const call = (user: { headers: Record<string, string> } | null, method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(user?.headers ?? {}), 'idempotency-key': randomUUID() },
    ...(payload ? { payload } : {}),
  });

/** A fresh EVM address: checksummed by the server, so compared in lower case. */
const newBscAddress = () => `0x${randomUUID().replaceAll('-', '')}${'ab'.repeat(4)}`;

async function balance(user: Member): Promise<string> {
  const res = await call(user, 'GET', '/api/v1/wallet/balances');
  return res.json().balances.find((b: { currency: string }) => b.currency === 'USDT')?.balance ?? '0';
}

async function code(user: Member, purpose: string): Promise<string> {
  clock.advance(61);
  await sendAccountCode(t, user.token, purpose);
  return lastCode(t, user.email);
}

async function withdraw(user: Member, network: 'TRON' | 'BSC', address: string, extra: Record<string, unknown> = {}) {
  return call(user, 'POST', '/api/v1/wallet/withdrawals', {
    network,
    address,
    amount: '10',
    paymentPassword: PIN,
    code: await code(user, 'withdraw'),
    ...extra,
  });
}

/** The newest mail to the member that is not an emailed code. */
async function lastNotice(user: Member) {
  return (await mailsTo(t, user.email)).filter((mail) => !/\d{6}$/.test(mail.subject)).at(-1);
}

async function lockLinks(user: Member): Promise<string[]> {
  return (await mailsTo(t, user.email)).flatMap((mail) =>
    [...mail.text_body.matchAll(/token=([A-Za-z0-9_-]{43})/g)].map((m) => m[1] as string),
  );
}

beforeAll(async () => {
  const app = await createTestApp({
    clock,
    env: { WITHDRAW_NEW_ADDRESS_DELAY_HOURS: '24', APP_URL: 'https://wallet.example.com' },
  });
  t = Object.assign(app, { admin: await testOperator(app, ['compliance']) });
});
afterAll(() => t.close());

describe('the address book', () => {
  it('saves an address with the payment password; it waits 24 hours, and the member is emailed with a lock link', async () => {
    const member = await fundedMember(t);
    const address = newBscAddress();
    const added = await call(member, 'POST', '/api/v1/wallet/address-book', {
      network: 'BSC',
      address,
      label: 'My Ledger',
      paymentPassword: PIN,
    });
    expect(added.statusCode, added.body).toBe(200);
    const usableFrom = new Date(clock.now().getTime() + DAY * 1000).toISOString();
    expect(added.json()).toMatchObject({ network: 'BSC', label: 'My Ledger', usable: false, usableFrom });
    expect(added.json().address.toLowerCase()).toBe(address.toLowerCase());

    const book = await call(member, 'GET', '/api/v1/wallet/address-book');
    expect(book.json()).toMatchObject({
      maximum: 50,
      delayHours: 24,
      withdrawalsHeldUntil: null,
      addresses: [{ id: added.json().id, usable: false }],
    });
    const mail = await lastNotice(member);
    expect(mail?.subject).toBe('SBC Wallet: a new withdrawal address was added');
    expect(mail?.text_body).toContain(added.json().address);
    expect(mail?.text_body).toContain(`${usableFrom.slice(0, 16).replace('T', ' ')} UTC`);
    expect(mail?.text_body).toMatch(/https:\/\/wallet\.example\.com\/#\/pages\/lockAccount\/index\?token=[A-Za-z0-9_-]{43}/);

    const again = await call(member, 'POST', '/api/v1/wallet/address-book', {
      network: 'BSC',
      address,
      label: 'Twice',
      paymentPassword: PIN,
    });
    expect(again.json().error.code).toBe('ADDRESS_ALREADY_SAVED');
  });

  it('saves with the emailed code instead, renames, deletes, and refuses bad input before the database', async () => {
    const member = await fundedMember(t, '0');
    const added = await call(member, 'POST', '/api/v1/wallet/address-book', {
      network: 'BSC',
      address: BSC_ADDRESS,
      label: 'Exchange',
      code: await code(member, 'address_book'),
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().id as string;
    const renamed = await call(member, 'PATCH', `/api/v1/wallet/address-book/${id}`, { label: 'Cold wallet' });
    expect(renamed.json()).toMatchObject({ id, label: 'Cold wallet' });

    const neither = await call(member, 'POST', '/api/v1/wallet/address-book', { network: 'BSC', address: newBscAddress(), label: 'x' });
    expect(neither.json().error.details.fields).toEqual([expect.objectContaining({ code: 'ADDRESS_BOOK_VERIFICATION_REQUIRED' })]);
    const wrongNetwork = await call(member, 'POST', '/api/v1/wallet/address-book', {
      network: 'TRON',
      address: BSC_ADDRESS,
      label: 'x',
      paymentPassword: PIN,
    });
    expect(wrongNetwork.json().error.details.fields).toEqual([expect.objectContaining({ code: 'ADDRESS_INVALID' })]);
    const nul = await call(member, 'PATCH', `/api/v1/wallet/address-book/${id}`, { label: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    const long = await call(member, 'PATCH', `/api/v1/wallet/address-book/${id}`, { label: 'x'.repeat(41) });
    expect(long.statusCode).toBe(400);
    expect((await call(member, 'PATCH', '/api/v1/wallet/address-book/not-a-uuid', { label: 'x' })).statusCode).toBe(400);

    expect((await call(member, 'DELETE', `/api/v1/wallet/address-book/${id}`)).statusCode).toBe(200);
    expect((await call(member, 'DELETE', `/api/v1/wallet/address-book/${id}`)).json().error.code).toBe('SAVED_ADDRESS_NOT_FOUND');
    expect((await call(member, 'GET', '/api/v1/wallet/address-book')).json().addresses).toEqual([]);
    // Another member's address is not found either.
    const other = await fundedMember(t, '0');
    expect((await call(other, 'PATCH', `/api/v1/wallet/address-book/${id}`, { label: 'mine' })).json().error.code).toBe(
      'SAVED_ADDRESS_NOT_FOUND',
    );
  });

  it('holds at most 50 live addresses', async () => {
    const member = await fundedMember(t, '0');
    const userId = await userIdOf(t, member.email);
    const now = clock.now();
    await t.database.handle.db
      .insertInto('withdrawal_addresses')
      .values(
        Array.from({ length: ADDRESS_BOOK_LIMITS.maxAddresses }, () => ({
          user_id: userId,
          network: 'BSC' as const,
          address: newBscAddress(),
          label: 'filler',
          created_at: now,
          usable_from: now,
        })),
      )
      .execute();
    const full = await call(member, 'POST', '/api/v1/wallet/address-book', {
      network: 'BSC',
      address: newBscAddress(),
      label: 'one more',
      paymentPassword: PIN,
    });
    expect(full.json().error.code).toBe('ADDRESS_BOOK_FULL');
  });
});

describe('the wait before an address can be used', () => {
  it('refuses a withdrawal to a saved address until it has matured, holding nothing, then sends it', async () => {
    const member = await fundedMember(t);
    const address = newBscAddress();
    const added = await call(member, 'POST', '/api/v1/wallet/address-book', {
      network: 'BSC',
      address,
      label: 'Later',
      paymentPassword: PIN,
    });
    const early = await withdraw(member, 'BSC', address);
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toMatchObject({ code: 'WITHDRAW_ADDRESS_NOT_YET_USABLE', details: { until: added.json().usableFrom } });
    expect(await balance(member)).toBe('1000');

    clock.advance(DAY - 200);
    expect((await withdraw(member, 'BSC', address)).json().error.code).toBe('WITHDRAW_ADDRESS_NOT_YET_USABLE');
    clock.advance(200);
    const sent = await withdraw(member, 'BSC', address);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await balance(member)).toBe('989.5');
  });

  it('saves an address not in the book when a withdrawal names it, refuses until it matures, and spends the code', async () => {
    const member = await fundedMember(t);
    const address = newBscAddress();
    const withdrawCode = await code(member, 'withdraw');
    const body = { network: 'BSC', address, amount: '10', paymentPassword: PIN, code: withdrawCode };
    const first = await call(member, 'POST', '/api/v1/wallet/withdrawals', body);
    const until = new Date(clock.now().getTime() + DAY * 1000).toISOString();
    expect(first.json().error).toMatchObject({ code: 'WITHDRAW_ADDRESS_SAVED_WAIT', details: { until } });
    expect(await balance(member)).toBe('1000');
    const book = (await call(member, 'GET', '/api/v1/wallet/address-book')).json();
    expect(book.addresses).toEqual([expect.objectContaining({ label: null, usable: false, usableFrom: until })]);
    expect((await lastNotice(member))?.subject).toBe('SBC Wallet: a new withdrawal address was added');
    // The same request again: now a saved address still waiting, and the code was used up by the save.
    const again = await call(member, 'POST', '/api/v1/wallet/withdrawals', body);
    expect(again.json().error.code).toBe('WITHDRAW_ADDRESS_NOT_YET_USABLE');
    clock.advance(DAY);
    expect((await call(member, 'POST', '/api/v1/wallet/withdrawals', body)).json().error.code).toBe('CODE_EXPIRED');
    expect((await withdraw(member, 'BSC', address)).statusCode).toBe(200);
  });

  it('lets the bound address through at once', async () => {
    const member = await fundedMember(t);
    const sent = await withdraw(member, 'TRON', TRON_ADDRESS);
    expect(sent.statusCode, sent.body).toBe(200);
  });
});

describe('holds after a changed password or bound address', () => {
  it('holds every withdrawal for 24 hours after the login password is changed, and says so by email', async () => {
    const member = await fundedMember(t);
    const changed = await call(member, 'POST', '/api/v1/me/password', {
      oldPassword: PASSWORD,
      password: 'new password 7',
      confirmPassword: 'new password 7',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const until = new Date(clock.now().getTime() + DAY * 1000).toISOString();
    const held = await withdraw(member, 'TRON', TRON_ADDRESS);
    expect(held.statusCode).toBe(403);
    expect(held.json().error).toMatchObject({ code: 'WITHDRAWALS_HELD_PASSWORD_CHANGED', details: { until } });
    expect((await call(member, 'GET', '/api/v1/wallet/address-book')).json()).toMatchObject({
      withdrawalsHeldUntil: until,
      withdrawalsHeldReason: 'password_changed',
    });
    const mail = await lastNotice(member);
    expect(mail?.subject).toBe('SBC Wallet: your login password was changed');
    expect(mail?.text_body).toContain('all withdrawals are paused until');
    expect(await balance(member)).toBe('1000');
    clock.advance(DAY);
    expect((await withdraw(member, 'TRON', TRON_ADDRESS)).statusCode).toBe(200);
  });

  it('holds them after a reset with an emailed code', async () => {
    const member = await fundedMember(t);
    clock.advance(61);
    await requestCode(t, member.email, 'reset_password');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/reset',
      payload: { email: member.email, code: await lastCode(t, member.email), password: 'reset pass 9', confirmPassword: 'reset pass 9' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const session = { headers: { authorization: `Bearer ${reset.json().token}` } };
    clock.advance(61);
    await sendAccountCode(t, reset.json().token, 'withdraw');
    const held = await call(session, 'POST', '/api/v1/wallet/withdrawals', {
      network: 'TRON',
      address: TRON_ADDRESS,
      amount: '10',
      paymentPassword: PIN,
      code: await lastCode(t, member.email),
    });
    expect(held.json().error.code).toBe('WITHDRAWALS_HELD_PASSWORD_RESET');
  });

  it('holds them after the bound address changes', async () => {
    const member = await fundedMember(t);
    const address = newBscAddress();
    const changed = await call(member, 'POST', '/api/v1/me/address', {
      network: 'BSC',
      address,
      code: await code(member, 'change_address'),
      paymentPassword: PIN,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const held = await withdraw(member, 'BSC', changed.json().address);
    expect(held.json().error.code).toBe('WITHDRAWALS_HELD_ADDRESS_CHANGED');
    expect((await lastNotice(member))?.text_body).toContain(changed.json().address);
    clock.advance(DAY);
    // The new bound address is then trusted like a matured one.
    expect((await withdraw(member, 'BSC', changed.json().address)).statusCode).toBe(200);
  });
});

describe('with a second factor', () => {
  /** The member's authenticator app, turned on through the API; codes follow the test clock. */
  async function withTotp(member: Member) {
    const memberProof = await enrolProof(t, member);
    const setup = await call(member, 'POST', '/api/v1/me/second-factor/totp');
    expect(setup.statusCode, setup.body).toBe(200);
    const secret = setup.json().secret as string;
    const totp = () => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000), period: 30 });
    const confirmed = await call(member, 'POST', '/api/v1/me/second-factor/totp/confirm', { code: await totp(), memberProof });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return async () => {
      // A code is accepted once per 30-second step.
      clock.advance(30);
      return { totp: await totp() };
    };
  }

  it('sends to a matured address with the second factor and no emailed code; a new address still needs the code', async () => {
    const member = await fundedMember(t);
    const nextTotp = await withTotp(member);
    const base = { network: 'TRON', address: TRON_ADDRESS, amount: '10', paymentPassword: PIN };

    const noFactor = await call(member, 'POST', '/api/v1/wallet/withdrawals', base);
    expect(noFactor.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    const sent = await call(member, 'POST', '/api/v1/wallet/withdrawals', { ...base, secondFactor: await nextTotp() });
    expect(sent.statusCode, sent.body).toBe(200);

    const saved = newBscAddress();
    const added = await call(member, 'POST', '/api/v1/wallet/address-book', {
      network: 'BSC',
      address: saved,
      label: 'Hardware',
      paymentPassword: PIN,
      secondFactor: await nextTotp(),
    });
    expect(added.statusCode, added.body).toBe(200);
    const toSaved = { ...base, network: 'BSC', address: saved };
    expect(
      (await call(member, 'POST', '/api/v1/wallet/withdrawals', { ...toSaved, secondFactor: await nextTotp() })).json().error.code,
    ).toBe('WITHDRAW_ADDRESS_NOT_YET_USABLE');
    clock.advance(DAY);
    const matured = await call(member, 'POST', '/api/v1/wallet/withdrawals', { ...toSaved, secondFactor: await nextTotp() });
    expect(matured.statusCode, matured.body).toBe(200);

    const unknown = { ...base, network: 'BSC', address: newBscAddress(), secondFactor: await nextTotp() };
    expect((await call(member, 'POST', '/api/v1/wallet/withdrawals', unknown)).json().error.code).toBe('WITHDRAW_CODE_REQUIRED');
  });

  it('still asks the emailed code of a member without a second factor', async () => {
    const member = await fundedMember(t);
    const res = await call(member, 'POST', '/api/v1/wallet/withdrawals', {
      network: 'TRON',
      address: TRON_ADDRESS,
      amount: '10',
      paymentPassword: PIN,
    });
    expect(res.json().error.code).toBe('WITHDRAW_CODE_REQUIRED');
    expect(await balance(member)).toBe('1000');
  });
});

describe('the lock link', () => {
  it('locks once: ends every session, refuses sign-in, reset and money until support unlocks', async () => {
    const member = await fundedMember(t);
    const otherDevice = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/password',
      payload: { email: member.email, password: PASSWORD },
    });
    expect(otherDevice.statusCode).toBe(200);
    await call(member, 'POST', '/api/v1/wallet/address-book', {
      network: 'BSC',
      address: newBscAddress(),
      label: 'x',
      paymentPassword: PIN,
    });
    const [token] = (await lockLinks(member)).slice(-1);

    const locked = await t.app.inject({ method: 'POST', url: '/api/v1/account/lock', payload: { token } });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json()).toEqual({ locked: true, lockedAt: clock.now().toISOString() });
    expect((await call(member, 'GET', '/api/v1/me')).statusCode).toBe(401);
    expect((await call({ headers: { authorization: `Bearer ${otherDevice.json().token}` } }, 'GET', '/api/v1/me')).statusCode).toBe(401);
    expect((await lastNotice(member))?.subject).toBe('SBC Wallet: your account is locked');

    const used = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/lock',
      payload: { token },
      headers: { 'accept-language': 'ja' },
    });
    expect(used.json().error).toMatchObject({ code: 'LOCK_LINK_USED', message: expect.stringContaining('既に使用') });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/v1/account/lock', payload: { token: 'A'.repeat(43) } });
    expect(unknown.json().error.code).toBe('LOCK_LINK_INVALID');

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/password',
      payload: { email: member.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(423);
    expect(login.json().error.code).toBe('ACCOUNT_LOCKED');
    clock.advance(61);
    await requestCode(t, member.email, 'login');
    const byCode = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/code',
      payload: { email: member.email, code: await lastCode(t, member.email) },
    });
    expect(byCode.json().error.code).toBe('ACCOUNT_LOCKED');
    clock.advance(61);
    await requestCode(t, member.email, 'reset_password');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/reset',
      payload: { email: member.email, code: await lastCode(t, member.email), password: 'taken over 1', confirmPassword: 'taken over 1' },
    });
    expect(reset.json().error.code).toBe('ACCOUNT_LOCKED');

    // Even a session that slipped past the lock (made straight in the database) moves no money.
    const userId = await userIdOf(t, member.email);
    const sneaky = randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', '');
    await t.database.handle.db
      .insertInto('sessions')
      .values({
        user_id: userId,
        token_hash: hash('sha256', sneaky, 'buffer'),
        device: 'test',
        ip: null,
        created_at: clock.now(),
        last_used_at: clock.now(),
      })
      .execute();
    const transfer = await call({ headers: { authorization: `Bearer ${sneaky}` } }, 'POST', '/api/v1/wallet/transfers', {
      toUid: (await fundedMember(t, '0')).profile.uid,
      currency: 'USDT',
      amount: '10',
      code: '000000',
      paymentPassword: PIN,
    });
    expect(transfer.json().error.code).toBe('ACCOUNT_LOCKED');

    // Support: only operators, with a note; then the member signs in again.
    const bystander = await fundedMember(t, '0');
    expect((await call(bystander, 'GET', `/api/v1/admin/users/${member.profile.uid}/lock`)).statusCode).toBe(401);
    const finance = await testOperator(t, ['finance']);
    expect((await call(finance, 'POST', `/api/v1/admin/users/${member.profile.uid}/unlock`, { note: 'not mine to lift' })).statusCode).toBe(
      403,
    );
    const state = await call(t.admin, 'GET', `/api/v1/admin/users/${member.profile.uid}/lock`);
    expect(state.json()).toMatchObject({ locked: true, reason: 'member_link:address_saved' });
    const noNote = await call(t.admin, 'POST', `/api/v1/admin/users/${member.profile.uid}/unlock`, { note: '' });
    expect(noNote.statusCode).toBe(400);
    const unlocked = await call(t.admin, 'POST', `/api/v1/admin/users/${member.profile.uid}/unlock`, { note: 'called back, ID checked' });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect((await call(t.admin, 'POST', `/api/v1/admin/users/${member.profile.uid}/unlock`, { note: 'again' })).json().error.code).toBe(
      'ACCOUNT_NOT_LOCKED',
    );
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/password',
      payload: { email: member.email, password: PASSWORD },
    });
    expect(back.statusCode, back.body).toBe(200);
    const audit = await t.database.handle.db
      .selectFrom('audit_log')
      .select(['action', 'actor_kind'])
      .where('subject', '=', `user:${userId}`)
      .where('action', '=', 'user.account.locked')
      .execute();
    expect(audit).toEqual([{ action: 'user.account.locked', actor_kind: 'user' }]);
    const unlockedBy = await t.database.handle.db
      .selectFrom('operator_audit')
      .select(['action', 'operator_id', 'after'])
      .where('member_uid', '=', member.profile.uid)
      .execute();
    expect(unlockedBy).toEqual([{ action: 'member.unlock', operator_id: t.admin.id, after: { locked: false } }]);
  });

  it('does not work after 7 days', async () => {
    const member = await fundedMember(t, '0');
    await call(member, 'POST', '/api/v1/wallet/address-book', {
      network: 'BSC',
      address: newBscAddress(),
      label: 'x',
      paymentPassword: PIN,
    });
    const [token] = (await lockLinks(member)).slice(-1);
    clock.advance(7 * DAY + 1);
    const late = await t.app.inject({ method: 'POST', url: '/api/v1/account/lock', payload: { token } });
    expect(late.json().error.code).toBe('LOCK_LINK_INVALID');
    expect((await call(member, 'GET', '/api/v1/me')).statusCode).toBe(200);
  });

  it('leaves the ledger whole', async () => {
    expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
  });
});
