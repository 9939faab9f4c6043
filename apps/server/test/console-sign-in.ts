import { generate } from 'otplib';
import { expect } from 'vitest';
import type { TestApp } from './app';
import type { ManualClock } from './clock';
import type { TestOperator } from './operators';

/**
 * A browser on the console: keeps the sbc_console cookie and the CSRF token the replies carry, sends
 * the console's Origin and its own user-agent, as the console app does.
 */
export const CONSOLE_ORIGIN = 'http://localhost';
export const OPERATOR_PASSWORD = 'a long operator password';

export class ConsoleBrowser {
  cookie: string | undefined;
  csrfToken: string | undefined;
  constructor(
    readonly t: TestApp,
    readonly userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    readonly remoteAddress = '127.0.0.1',
  ) {}

  async call(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    { csrf = true, headers = {} as Record<string, string> } = {},
  ) {
    const response = await this.t.app.inject({
      method,
      url: `/api/v1/admin/${url}`,
      remoteAddress: this.remoteAddress,
      headers: {
        host: 'localhost',
        origin: CONSOLE_ORIGIN,
        'user-agent': this.userAgent,
        ...(this.cookie && { cookie: `sbc_console=${this.cookie}` }),
        ...(csrf && this.csrfToken && { 'x-csrf-token': this.csrfToken }),
        ...headers,
      },
      ...(payload !== undefined && { payload }),
    });
    const set = response.cookies.find((c) => c.name === 'sbc_console');
    if (set) this.cookie = set.value || undefined;
    const body = response.headers['content-type']?.toString().includes('json') ? response.json() : undefined;
    const csrfToken = body?.csrfToken ?? body?.operator?.csrfToken;
    if (typeof csrfToken === 'string' && csrfToken) this.csrfToken = csrfToken;
    return response;
  }
}

/** The authenticator app's code at the test clock's time. */
export const totpAt = (secret: string, clock: ManualClock) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });

/** An operator invited by `admin` (an API key) who set their password through the enrolment link. */
export async function enrolledOperator(t: TestApp, admin: TestOperator, email: string, roles: string[] = ['admin']) {
  const invited = await t.app.inject({ method: 'POST', url: '/api/v1/admin/operators', headers: admin.headers, payload: { email, roles } });
  expect(invited.statusCode, invited.body).toBe(200);
  const token = new URL(invited.json().enrolUrl.replace('#/', '')).searchParams.get('token') as string;
  const browser = new ConsoleBrowser(t);
  const enrolled = await browser.call('POST', 'auth/enrol', { token, password: OPERATOR_PASSWORD });
  expect(enrolled.statusCode, enrolled.body).toBe(200);
  return { id: invited.json().operator.id as string, email, token };
}

/** First sign-in of an enrolled operator: password, then the new authenticator's first code. */
export async function firstSignIn(t: TestApp, clock: ManualClock, email: string, browser = new ConsoleBrowser(t)) {
  const password = await browser.call('POST', 'auth/password', { email, password: OPERATOR_PASSWORD });
  expect(password.statusCode, password.body).toBe(200);
  expect(password.json().stage).toBe('enrol_totp');
  const secret = password.json().secret as string;
  const enrolled = await browser.call('POST', 'auth/totp/enrol', { code: await totpAt(secret, clock) });
  expect(enrolled.statusCode, enrolled.body).toBe(200);
  return { browser, secret, recoveryCodes: enrolled.json().recoveryCodes as string[], me: enrolled.json().operator };
}
