import { ERRORS } from '@wallet/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type CardWorld,
  call,
  createCardWorld,
  fundedUser,
  issuerCardId,
  JPEG,
  KYC_FORM,
  PIN,
  SHIPPING,
  sandboxGet,
  sandboxPost,
  type User,
  waitFor,
} from '../../../test/cards';
import { ManualClock } from '../../../test/clock';
import { testOperator } from '../../../test/operators';
import { ledgerViolations } from '../ledger';
import { cardNumberFingerprint } from './number-fingerprint';

/**
 * A physical card: the opening form with shipping, production, shipping with tracking, delivery, KYC,
 * binding the printed number (checked by the issuer only), PIN.
 */
let t: CardWorld;
let bob: User;
let clock: ManualClock;
let cardId: string;
let issuerId: string;

beforeAll(async () => {
  clock = new ManualClock();
  t = await createCardWorld({ clock });
  bob = await fundedUser(t, '500');
});
afterAll(() => t?.close());

it('opens, ships and delivers a physical card; its details are read on the card itself', async () => {
  const products = (await call(t, bob, 'GET', '/api/v1/cards/products')).json().products;
  const productId = products.find((p: { type: string }) => p.type === 'physical').id;
  const body = { productId, firstName: 'Bob', lastName: 'Chan', paymentPassword: PIN };
  expect((await call(t, bob, 'POST', '/api/v1/cards', body)).json().error.code).toBe('SHIPPING_REQUIRED');
  const res = await call(t, bob, 'POST', '/api/v1/cards', { ...body, shipping: SHIPPING });
  expect(res.statusCode, res.body).toBe(200);
  cardId = res.json().id;
  const opened = await waitFor(
    () => call(t, bob, 'GET', `/api/v1/cards/${cardId}`).then((r) => r.json()),
    (c) => c.status !== 'opening',
  );
  expect(opened).toMatchObject({ type: 'physical', status: 'awaiting_kyc', shippingStatus: 'produced', trackingNumber: null });
  issuerId = await issuerCardId(t, cardId);
  const bind = (cardNumber: string) => call(t, bob, 'POST', `/api/v1/cards/${cardId}/bind`, { cardNumber });
  expect((await bind('4999 9912 0000 0000')).json().error.code).toBe('CARD_NOT_DELIVERED');
  const shipped = await sandboxPost<{ shipping: { trackingNumber: string } }>(t, `/sandbox/cards/${issuerId}/ship`);
  const card = (await call(t, bob, 'GET', `/api/v1/cards/${cardId}`)).json();
  expect(card).toMatchObject({ shippingStatus: 'shipped', trackingNumber: shipped.shipping.trackingNumber });
  await sandboxPost(t, `/sandbox/cards/${issuerId}/deliver`);
  expect((await call(t, bob, 'GET', `/api/v1/cards/${cardId}`)).json()).toMatchObject({
    shippingStatus: 'delivered',
    boundAt: null,
    pinSet: false,
  });
  // Delivered, but the card is usable (and bindable) only once KYC has passed.
  expect((await bind('4999 9912 0000 0000')).json().error.code).toBe('KYC_REQUIRED');

  expect((await call(t, bob, 'POST', `/api/v1/cards/${cardId}/reveal`, { paymentPassword: PIN })).json().error.code).toBe(
    'CARD_DETAILS_ON_CARD',
  );
  // The PIN needs an active card (KYC passed) and is 6 digits.
  expect((await call(t, bob, 'POST', `/api/v1/cards/${cardId}/pin`, { pin: '12345', paymentPassword: PIN })).json().error.code).toBe(
    'VALIDATION_FAILED',
  );
  expect((await call(t, bob, 'POST', `/api/v1/cards/${cardId}/pin`, { pin: '123456', paymentPassword: PIN })).json().error.code).toBe(
    'KYC_REQUIRED',
  );
  expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
});

it('shows the real KYC status in the profile', async () => {
  const me = async () => (await call(t, bob, 'GET', '/api/v1/me')).json().kycStatus;
  expect(await me()).toBe('none');
  for (const side of ['front', 'back'])
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/v1/cards/kyc/photos/${side}`,
          headers: { ...bob.headers, 'content-type': 'image/jpeg' },
          payload: JPEG,
        })
      ).statusCode,
    ).toBe(200);
  const submitted = await call(t, bob, 'POST', '/api/v1/cards/kyc', { ...KYC_FORM, firstName: 'Bob', lastName: 'Chan', cardId });
  expect(submitted.statusCode, submitted.body).toBe(200);
  expect(await me()).toBe('in_progress');
  const { cardholders } = await sandboxGet<{ cardholders: Array<{ id: string; firstName: string }> }>(t, '/sandbox/cardholders');
  const holder = cardholders.find((h) => h.firstName === 'Bob') as { id: string };
  await sandboxPost(t, `/sandbox/cardholders/${holder.id}/kyc`, { decision: 'approve' });
  expect(await me()).toBe('passed');
  expect((await call(t, bob, 'GET', `/api/v1/cards/${cardId}`)).json().status).toBe('active');
  // Usable now: the invitation programme counts it as a physical card opened, once.
  const events = await t.database.handle.db
    .selectFrom('reward_events')
    .select(['kind', 'source_key'])
    .where('source_ref', '=', `card:${cardId}`)
    .execute();
  expect(events).toEqual([{ kind: 'physical_card_opened', source_key: `card-opened:${cardId}` }]);
});

it('binds the delivered card by its printed number: wrong numbers refused and counted, the right one bound once, then the PIN', async () => {
  const bind = (cardNumber: string, language = 'en') =>
    call(t, bob, 'POST', `/api/v1/cards/${cardId}/bind`, { cardNumber }, null, language);
  const { pan } = await sandboxGet<{ pan: string }>(t, `/sandbox/cards/${issuerId}/printed`);
  const card = (await call(t, bob, 'GET', `/api/v1/cards/${cardId}`)).json();
  expect(card.maskedNumber).toBe(`**** **** **** ${pan.slice(-4)}`);
  // The PIN of a physical card comes after binding.
  expect((await call(t, bob, 'POST', `/api/v1/cards/${cardId}/pin`, { pin: '246810', paymentPassword: PIN })).json().error.code).toBe(
    'CARD_NOT_BOUND',
  );

  const format = await bind('4999-9912-12');
  expect(format.statusCode).toBe(400);
  expect(format.json().error.details.fields[0]).toMatchObject({ path: 'body.cardNumber', code: 'CARD_NUMBER_FORMAT' });
  // A typo the Luhn check catches: refused before anything is counted or the issuer is asked.
  // One digit changed, the last four kept: without the check it would reach the issuer and count.
  const typo = `${pan.slice(0, 9)}${(Number(pan[9]) + 1) % 10}${pan.slice(10)}`;
  // Wrong numbers are counted by the shared secret limits, per card (platform/secret-limits.ts).
  const failures = async () =>
    (
      await t.database.handle.db
        .selectFrom('secret_attempts')
        .select('failures')
        .where('kind', '=', 'card_number')
        .where('subject', '=', `a:${cardId}`)
        .executeTakeFirst()
    )?.failures ?? 0;
  for (const number of [typo, typo, typo, typo, typo, typo]) {
    const refused = await bind(number, 'ko');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'CARD_NUMBER_INVALID', message: ERRORS.CARD_NUMBER_INVALID.message.ko });
  }
  expect(await failures()).toBe(0);
  // Same last four digits, another Luhn-valid number: only the issuer can tell, and it says no.
  const otherMiddle = shiftDigits(pan, 9, 11);
  const wrong = await bind(otherMiddle, 'zh');
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json().error).toMatchObject({ code: 'CARD_NUMBER_MISMATCH', message: '卡号与您的卡片不符，请核对卡片上印制的卡号。' });
  expect(wrong.json().error.details.remainingAttempts).toBe(4);
  // A wrong last four is refused without asking the issuer.
  const lastFour = shiftDigits(pan, 13, 11);
  expect((await bind(lastFour)).json().error.details.remainingAttempts).toBe(3);
  expect(
    (await sandboxGet<{ cards: Array<{ id: string; bound: boolean }> }>(t, '/sandbox/cards')).cards.find((c) => c.id === issuerId)?.bound,
  ).toBe(false);
  for (const remaining of [2, 1]) expect((await bind(otherMiddle)).json().error.details.remainingAttempts).toBe(remaining);
  const locked = await bind(otherMiddle);
  expect(locked.statusCode).toBe(429);
  expect(locked.json().error.code).toBe('CARD_BIND_LOCKED');
  // Locked: even the right number waits.
  expect((await bind(pan)).json().error.code).toBe('CARD_BIND_LOCKED');
  clock.advance(15 * 60 + 1);
  const fingerprint = async () =>
    (await t.database.handle.db.selectFrom('cards').select('number_fingerprint').where('id', '=', cardId).executeTakeFirstOrThrow())
      .number_fingerprint;
  // Wrong numbers leave no trace of themselves.
  expect(await fingerprint()).toBeNull();

  const bound = await bind(pan.replace(/(\d{4})(?=\d)/g, '$1 '));
  expect(bound.statusCode, bound.body).toBe(200);
  expect(bound.json()).toMatchObject({ id: cardId, status: 'active', pinSet: false });
  const boundAt = bound.json().boundAt;
  expect(boundAt).toBe(clock.now().toISOString());
  clock.advance(60);
  const again = await bind(pan);
  expect(again.statusCode).toBe(200);
  expect(again.json().boundAt).toBe(boundAt);
  expect(
    (await sandboxGet<{ cards: Array<{ id: string; bound: boolean }> }>(t, '/sandbox/cards')).cards.find((c) => c.id === issuerId)?.bound,
  ).toBe(true);
  // The app never stored the number: only the last four digits are in its card row.
  const row = await t.database.handle.db.selectFrom('cards').selectAll().where('id', '=', cardId).executeTakeFirstOrThrow();
  expect(JSON.stringify(row)).not.toContain(pan);
  expect(t.logs.join('\n')).not.toContain(pan);
  // Its keyed fingerprint is kept for the abuse rules: the same printed number gives the same one, under this server's secret only.
  expect(await fingerprint()).toEqual(cardNumberFingerprint({ APP_SECRET: t.deps.secret }, pan));
  expect(cardNumberFingerprint({ APP_SECRET: t.deps.secret }, pan.replace(/(\d{4})(?=\d)/g, '$1 '))).toEqual(await fingerprint());
  expect(cardNumberFingerprint({ APP_SECRET: `${t.deps.secret}-other` }, pan)).not.toEqual(await fingerprint());
  expect(cardNumberFingerprint({ APP_SECRET: t.deps.secret }, otherMiddle)).not.toEqual(await fingerprint());

  for (const simple of ['000000', '123456', '987654']) {
    const refused = await call(t, bob, 'POST', `/api/v1/cards/${cardId}/pin`, { pin: simple, paymentPassword: PIN });
    expect(refused.json().error.code).toBe('CARD_PIN_TOO_SIMPLE');
  }
  const pin = await call(t, bob, 'POST', `/api/v1/cards/${cardId}/pin`, { pin: '246810', paymentPassword: PIN });
  expect(pin.statusCode, pin.body).toBe(200);
  expect((await call(t, bob, 'GET', `/api/v1/cards/${cardId}`)).json().pinSet).toBe(true);
  expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
});

/**
 * Another Luhn-valid number: digit `up` one higher and digit `down` one lower, both at positions the
 * Luhn sum does not double (odd indexes of a 16-digit number), so the sum stays a multiple of 10.
 */
function shiftDigits(pan: string, up: number, down: number): string {
  const digits = [...pan].map(Number);
  digits[up] = ((digits[up] as number) + 1) % 10;
  digits[down] = ((digits[down] as number) + 9) % 10;
  return digits.join('');
}

it('binds only physical cards of their owner', async () => {
  const carol = await fundedUser(t, '0');
  expect((await call(t, carol, 'POST', `/api/v1/cards/${cardId}/bind`, { cardNumber: '4999991200000000' })).json().error.code).toBe(
    'CARD_NOT_FOUND',
  );
});

it('manages card products through the admin API', async () => {
  const created = await call(t, t.admin, 'POST', '/api/v1/admin/card-products', {
    name: 'Virtual HKD Black',
    level: 4,
    type: 'virtual',
    currency: 'HKD',
    openingFee: '50',
    monthlyFee: '0',
    rechargeFeeRate: '0.005',
    enabled: false,
  });
  expect(created.statusCode, created.body).toBe(200);
  const offered = async () => (await call(t, bob, 'GET', '/api/v1/cards/products')).json().products.map((p: { name: string }) => p.name);
  expect(await offered()).not.toContain('Virtual HKD Black');
  const id = created.json().id;
  await call(t, t.admin, 'PUT', `/api/v1/admin/card-products/${id}`, { ...created.json(), id: undefined, enabled: true });
  expect(await offered()).toContain('Virtual HKD Black');
  const audit = await t.database.handle.db
    .selectFrom('operator_audit')
    .select(['action', 'operator_id', 'before', 'after'])
    .where('object', '=', `card_product:${id}`)
    .orderBy('seq')
    .execute();
  expect(audit).toEqual([
    {
      action: 'card_product.create',
      operator_id: t.admin.id,
      before: null,
      after: expect.objectContaining({ enabled: false, openingFee: '50' }),
    },
    {
      action: 'card_product.update',
      operator_id: t.admin.id,
      before: expect.objectContaining({ enabled: false }),
      after: expect.objectContaining({ enabled: true, name: 'Virtual HKD Black' }),
    },
  ]);
  // A member's session is nobody on the console's API; finance reads the catalogue but does not change it.
  expect((await call(t, bob, 'POST', '/api/v1/admin/card-products', created.json())).statusCode).toBe(401);
  const finance = await testOperator(t, ['finance']);
  expect((await call(t, finance, 'GET', '/api/v1/admin/card-products')).statusCode).toBe(200);
  expect((await call(t, finance, 'POST', '/api/v1/admin/card-products', created.json())).statusCode).toBe(403);
});
