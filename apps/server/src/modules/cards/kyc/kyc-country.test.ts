import { randomUUID } from 'node:crypto';
import { ERRORS } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CardWorld, call, createCardWorld, fundedUser, JPEG, KYC_FORM, PIN, type User, waitFor } from '../../../../test/cards';
import { ManualClock } from '../../../../test/clock';
import { isCountryCode } from './service';

/** The KYC form names countries by ISO 3166 numeric code: only codes of real countries reach the issuer. */
let t: CardWorld;
let alice: User;
let cardId: string;
const clock = new ManualClock(new Date('2026-11-22T08:00:00.000Z'));

beforeAll(async () => {
  t = await createCardWorld({ clock });
  alice = await fundedUser(t, '100');
  const products = await call(t, alice, 'GET', '/api/v1/cards/products');
  const productId = products.json().products.find((p: { name: string }) => p.name === 'Virtual USD Classic').id;
  const opened = await call(t, alice, 'POST', '/api/v1/cards', { productId, firstName: 'Alice', lastName: 'Lee', paymentPassword: PIN });
  expect(opened.statusCode, opened.body).toBe(200);
  cardId = opened.json().id;
  await waitFor(
    async () => (await call(t, alice, 'GET', `/api/v1/cards/${cardId}`, undefined, null)).json(),
    (c) => c.status !== 'opening',
  );
  for (const side of ['front', 'back'])
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/cards/kyc/photos/${side}`,
      headers: { ...alice.headers, 'content-type': 'image/jpeg' },
      payload: JPEG,
    });
}, 60_000);
afterAll(() => t?.close());

describe('the countries of the KYC form', () => {
  it('knows real numeric codes from look-alikes', () => {
    expect(['344', '156', '410', '392', '840', '004'].every(isCountryCode)).toBe(true);
    expect(['999', '000', '4', 'HK', 'HKG', '', '3440'].some(isCountryCode)).toBe(false);
  });

  it.each([
    ['country', { country: '999' }],
    ['address country', { address: { ...KYC_FORM.address, country: '000' } }],
    ['nationality', { nationality: '901' }],
  ])('refuses a made-up %s code in the member language, sending nothing', async (_what, change) => {
    for (const language of ['en', 'zh', 'ko', 'ja'] as const) {
      const res = await call(t, alice, 'POST', '/api/v1/cards/kyc', { ...KYC_FORM, ...change, cardId }, randomUUID(), language);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'KYC_COUNTRY_INVALID', message: ERRORS.KYC_COUNTRY_INVALID.message[language] });
    }
    expect((await call(t, alice, 'GET', '/api/v1/cards/kyc')).json().status).toBe('none');
  });

  it('refuses a code of the wrong shape with the same sentence', async () => {
    const res = await call(t, alice, 'POST', '/api/v1/cards/kyc', { ...KYC_FORM, nationality: 'HKG', cardId });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error)).toContain('KYC_COUNTRY_INVALID');
  });

  it('accepts real countries (Hong Kong, residence in Korea, Japanese nationality)', async () => {
    const res = await call(t, alice, 'POST', '/api/v1/cards/kyc', {
      ...KYC_FORM,
      country: '410',
      address: { ...KYC_FORM.address, country: '410' },
      nationality: '392',
      cardId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('in_progress');
  });
});
