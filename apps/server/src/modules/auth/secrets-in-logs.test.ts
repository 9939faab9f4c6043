import { afterAll, beforeAll, expect, it } from 'vitest';
import { lastCode, PASSWORD, registerUser, sendAccountCode } from '../../../test/accounts';
import { createTestApp, loggedStrings, type TestApp } from '../../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('keeps passwords, codes and tokens out of the logs through a whole account life', async () => {
  const user = await registerUser(t);
  const secrets = [PASSWORD, user.token, await lastCode(t, user.email)];
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/password',
    payload: { email: user.email, password: PASSWORD },
  });
  secrets.push(login.json().token);
  await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/password', payload: { email: user.email, password: 'a wrong one 9' } });
  secrets.push('a wrong one 9');
  await sendAccountCode(t, user.token, 'payment_password');
  const code = await lastCode(t, user.email);
  secrets.push(code, '975310');
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/me/payment-password',
    headers: user.headers,
    payload: { code, paymentPassword: '975310', confirmPaymentPassword: '975310' },
  });

  const logged = loggedStrings(t.logs);
  // The logs were written: a line for each request of the way (sign-up, codes, two sign-ins, the password).
  expect(t.logs.filter((line) => line.includes('"request completed"')).length).toBeGreaterThanOrEqual(5);
  for (const secret of secrets) {
    expect(
      logged.filter((s) => s.includes(secret)),
      secret,
    ).toEqual([]);
  }
});
