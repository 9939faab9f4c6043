import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { ConfigError, loadConfig } from './config';

describe('TRUST_PROXY setting', () => {
  const parse = (TRUST_PROXY?: string) =>
    loadConfig({ NODE_ENV: 'test', ...(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }) }).TRUST_PROXY;

  it('is off unless set, and takes a hop count or proxy addresses', () => {
    expect(parse()).toBe(false);
    expect(parse('false')).toBe(false);
    expect(parse('1')).toBe(1);
    expect(parse('loopback, 10.0.0.0/8,2001:db8::/32')).toEqual(['loopback', '10.0.0.0/8', '2001:db8::/32']);
  });

  it('refuses "true" and anything that is not an address', () => {
    for (const bad of ['true', 'proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/2', ',']) expect(() => parse(bad), bad).toThrow(ConfigError);
  });
});

/** The client address the server saw, as the sessions list records it. */
async function addressSeen(t: TestApp, headers: Record<string, string>, remoteAddress: string) {
  const user = await registerUser(t);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/password',
    headers,
    remoteAddress,
    payload: { email: user.email, password: PASSWORD },
  });
  expect(login.statusCode, login.body).toBe(200);
  const sessions = await t.app.inject({
    method: 'GET',
    url: '/api/v1/me/sessions',
    headers: { authorization: `Bearer ${login.json().token}` },
  });
  return sessions.json().sessions.find((s: { current: boolean }) => s.current).ip as string;
}

describe('the client address', () => {
  let plain: TestApp;
  let behindProxy: TestApp;
  let oneHop: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
    behindProxy = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8', RATE_LIMIT_LOGINS_PER_MINUTE: '2' } });
    oneHop = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await plain.close();
    await behindProxy.close();
    await oneHop.close();
  });

  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    expect(await addressSeen(plain, { 'x-forwarded-for': '203.0.113.7' }, '10.1.2.3')).toBe('10.1.2.3');
  });

  it('takes X-Forwarded-For from a trusted proxy, and only from one', async () => {
    expect(await addressSeen(behindProxy, { 'x-forwarded-for': '203.0.113.7' }, '10.1.2.3')).toBe('203.0.113.7');
    // Sent by a client that is not a listed proxy: ignored.
    expect(await addressSeen(behindProxy, { 'x-forwarded-for': '203.0.113.7' }, '198.51.100.4')).toBe('198.51.100.4');
  });

  it('with a hop count, takes the address the nearest proxy saw, not one the client wrote in front', async () => {
    expect(await addressSeen(oneHop, { 'x-forwarded-for': '192.0.2.66, 203.0.113.8' }, '10.1.2.3')).toBe('203.0.113.8');
  });

  it('gives each member behind the proxy their own rate-limit bucket', async () => {
    const login = (client: string) =>
      behindProxy.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login/password',
        headers: { 'x-forwarded-for': client },
        remoteAddress: '10.9.9.9',
        payload: { email: 'nobody@example.com', password: 'whatever 12' },
      });
    expect((await login('203.0.113.20')).statusCode).toBe(400);
    expect((await login('203.0.113.20')).statusCode).toBe(400);
    expect((await login('203.0.113.20')).statusCode).toBe(429);
    // Another member through the same proxy has a bucket of their own.
    expect((await login('203.0.113.21')).statusCode).toBe(400);
  });
});
