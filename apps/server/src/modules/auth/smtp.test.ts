import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD, TRON_ADDRESS, uniqueEmail } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';

let server: SMTPServer;
let port = 0;
const received: Array<{ to: string[]; raw: string }> = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

it('sends codes through a real SMTP server when SMTP_URL is set, and the received code works', async () => {
  const t: TestApp = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Wallet <no-reply@wallet.test>' } });
  const email = uniqueEmail('smtp');
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/codes',
    headers: { 'accept-language': 'en' },
    payload: { email, purpose: 'register' },
  });
  expect(sent.statusCode, sent.body).toBe(200);

  const message = received.find((m) => m.to.includes(email));
  expect(message?.raw).toContain('From: Wallet <no-reply@wallet.test>');
  const code = /Code: (\d{6})/.exec(message?.raw ?? '')?.[1];
  expect(code).toMatch(/^\d{6}$/);
  // Nothing went to the development outbox.
  expect(await t.database.handle.db.selectFrom('mail_outbox').selectAll().execute()).toEqual([]);

  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { email, code, password: PASSWORD, confirmPassword: PASSWORD, network: 'TRON', address: TRON_ADDRESS },
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.close();
});

it('answers MAIL_SEND_FAILED and keeps no code when the mail server is down', async () => {
  const t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
  const email = uniqueEmail('down');
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/codes', payload: { email, purpose: 'register' } });
  expect(res.statusCode).toBe(503);
  expect(res.json().error.code).toBe('MAIL_SEND_FAILED');
  expect(await t.database.handle.db.selectFrom('email_codes').selectAll().where('email', '=', email).execute()).toEqual([]);
  await t.close();
});
