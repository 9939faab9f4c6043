import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';

// Registered as app.ts registers it: the session and device-key cookies rely on what is checked here.

const app = Fastify();
beforeAll(async () => {
  await app.register(fastifyCookie);
  app.get('/read', async (request) => ({ cookies: request.cookies }));
  app.get('/set', async (_request, reply) => {
    reply.setCookie('a', 'first', { path: '/api', httpOnly: true });
    reply.setCookie('b', 'other', { path: '/api' });
    reply.setCookie('a', 'second', { path: '/api', httpOnly: true, sameSite: 'strict', maxAge: 60 });
    reply.setCookie('a', 'elsewhere', { path: '/docs' });
    return {};
  });
  app.get('/clear', async (_request, reply) => reply.clearCookie('a', { path: '/api' }).send({}));
  await app.ready();
});
afterAll(() => app.close());

it("reads the request's cookies, and none when it sends no Cookie header", async () => {
  const read = await app.inject({ method: 'GET', url: '/read', headers: { cookie: 'a=1; b=two%20words' } });
  expect(read.json()).toEqual({ cookies: { a: '1', b: 'two words' } });
  const none = await app.inject({ method: 'GET', url: '/read' });
  expect(none.json()).toEqual({ cookies: {} });
});

it('sets each cookie once per name and path, the last setting winning, Lax unless told otherwise', async () => {
  const res = await app.inject({ method: 'GET', url: '/set' });
  // The order of lines for different cookies means nothing to a browser.
  expect([...(res.headers['set-cookie'] as string[])].sort()).toEqual([
    'a=elsewhere; Path=/docs; SameSite=Lax',
    'a=second; Max-Age=60; Path=/api; HttpOnly; SameSite=Strict',
    'b=other; Path=/api; SameSite=Lax',
  ]);
});

it('clears a cookie with an empty value already expired', async () => {
  const res = await app.inject({ method: 'GET', url: '/clear' });
  const [cleared] = res.cookies;
  expect(cleared).toMatchObject({ name: 'a', value: '', path: '/api', maxAge: 0 });
  expect(cleared?.expires?.getTime()).toBe(0);
});
