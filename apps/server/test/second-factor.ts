import { generate } from 'otplib';
import { expect } from 'vitest';
import type { Clock } from '../src/platform/clock';
import { lastCode, PIN } from './accounts';
import type { TestApp } from './app';
import type { ManualClock } from './clock';

type Signed = { email: string; headers: Record<string, string> };

/**
 * The proof the member's first factor takes, as the status asks it: their payment password (`pin`),
 * or, without one, a code emailed for `second_factor` and read from the outbox. None once a factor is on.
 */
export async function enrolProof(t: TestApp, member: Signed, pin = PIN) {
  const status = await t.app.inject({ method: 'GET', url: '/api/v1/me/second-factor', headers: member.headers });
  const needs = status.json().addNeeds as string;
  // A factor already on is the proof of the next; the caller sends that instead.
  if (needs === 'second_factor') return undefined;
  if (needs === 'payment_password') return { paymentPassword: pin };
  expect(needs).toBe('email_code');
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/v1/me/codes',
    headers: member.headers,
    payload: { purpose: 'second_factor' },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return { emailCode: await lastCode(t, member.email) };
}

/**
 * Turns an authenticator app on for a member through the API, as their first factor. `code()` gives
 * the app's next code: it moves the clock a period on first, since a code is taken once.
 */
export async function turnOnTotp(t: TestApp, member: Signed, clock: ManualClock) {
  const totpAt = (secret: string, at: Clock) => generate({ secret, epoch: Math.floor(at.now().getTime() / 1000) });
  const memberProof = await enrolProof(t, member);
  const started = await t.app.inject({ method: 'POST', url: '/api/v1/me/second-factor/totp', headers: member.headers });
  expect(started.statusCode, started.body).toBe(200);
  const secret = started.json().secret as string;
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/v1/me/second-factor/totp/confirm',
    headers: member.headers,
    payload: { code: await totpAt(secret, clock), memberProof },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return {
    secret,
    recoveryCodes: confirmed.json().recoveryCodes as string[],
    code: async () => {
      clock.advance(30);
      return totpAt(secret, clock);
    },
  };
}
