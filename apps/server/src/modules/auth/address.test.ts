import { afterAll, beforeAll, expect, it } from 'vitest';
import { BSC_ADDRESS, lastCode, registerUser, sendAccountCode, setPaymentPin, TRON_ADDRESS } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setPin = (user: Awaited<ReturnType<typeof registerUser>>, pin: string) => setPaymentPin(t, user, pin);

const changeAddress = (user: { headers: Record<string, string> }, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/me/address', headers: user.headers, payload });

it('changes the bound address with an emailed code and the payment password, keeping the history', async () => {
  const user = await registerUser(t);
  await setPin(user, '424242');
  await sendAccountCode(t, user.token, 'change_address');
  const code = await lastCode(t, user.email);

  const wrongPin = await changeAddress(user, { network: 'BSC', address: BSC_ADDRESS, code, paymentPassword: '000000' });
  expect(wrongPin.json().error.code).toBe('PAYMENT_PASSWORD_WRONG');

  const res = await changeAddress(user, { network: 'BSC', address: BSC_ADDRESS, code, paymentPassword: '424242' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ network: 'BSC', address: BSC_ADDRESS });

  const history = await t.app.inject({ method: 'GET', url: '/api/v1/me/address/history', headers: user.headers });
  expect(history.json().entries).toEqual([
    { oldNetwork: 'TRON', oldAddress: TRON_ADDRESS, newNetwork: 'BSC', newAddress: BSC_ADDRESS, changedAt: expect.any(String) },
  ]);
  const audit = await t.database.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'user.address.change').execute();
  expect(audit).toHaveLength(1);

  const again = await changeAddress(user, { network: 'BSC', address: BSC_ADDRESS.toLowerCase(), code, paymentPassword: '424242' });
  expect(again.json().error.code).toBe('ADDRESS_UNCHANGED');
});

it('needs a payment password set first, and a valid address', async () => {
  const user = await registerUser(t);
  await sendAccountCode(t, user.token, 'change_address');
  const code = await lastCode(t, user.email);
  const noPin = await changeAddress(user, { network: 'BSC', address: BSC_ADDRESS, code, paymentPassword: '123456' });
  expect(noPin.json().error.code).toBe('PAYMENT_PASSWORD_NOT_SET');
  const invalid = await changeAddress(user, { network: 'TRON', address: BSC_ADDRESS, code, paymentPassword: '123456' });
  expect(invalid.json().error.details.fields[0].code).toBe('ADDRESS_INVALID');
});

it('never lets one user change another user address', async () => {
  const alice = await registerUser(t);
  const bob = await registerUser(t);
  await setPin(bob, '111111');
  await sendAccountCode(t, bob.token, 'change_address');
  await changeAddress(bob, { network: 'BSC', address: BSC_ADDRESS, code: await lastCode(t, bob.email), paymentPassword: '111111' });
  const aliceNow = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: alice.headers });
  expect(aliceNow.json()).toMatchObject({ network: 'TRON', address: TRON_ADDRESS });
  const aliceHistory = await t.app.inject({ method: 'GET', url: '/api/v1/me/address/history', headers: alice.headers });
  expect(aliceHistory.json().entries).toEqual([]);
});
