import { afterAll, beforeAll, expect, it } from 'vitest';
import { type CardWorld, call, createCardWorld, fundedUser, issuerCardId, PIN, sandboxPost, type User, waitFor } from '../../../test/cards';
import { ManualClock } from '../../../test/clock';
import { ledgerViolations } from '../wallet/invariants';

/** A physical card: the opening form with shipping, production, shipping with tracking, delivery, PIN. */
let t: CardWorld;
let bob: User;
const SHIPPING = {
  recipient: 'Bob Chan',
  phoneAreaCode: '+852',
  phone: '61234567',
  postalCode: '999077',
  country: 'Hong Kong',
  province: 'Hong Kong Island',
  city: 'Hong Kong',
  district: 'Central',
  address: '1 Queen Road Central',
  pickup: 'mail',
};

beforeAll(async () => {
  t = await createCardWorld({ clock: new ManualClock() });
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
  const cardId = res.json().id;
  const opened = await waitFor(
    () => call(t, bob, 'GET', `/api/v1/cards/${cardId}`).then((r) => r.json()),
    (c) => c.status !== 'opening',
  );
  expect(opened).toMatchObject({ type: 'physical', status: 'awaiting_kyc', shippingStatus: 'produced', trackingNumber: null });
  const issuerId = await issuerCardId(t, cardId);
  const shipped = await sandboxPost<{ shipping: { trackingNumber: string } }>(t, `/sandbox/cards/${issuerId}/ship`);
  const card = (await call(t, bob, 'GET', `/api/v1/cards/${cardId}`)).json();
  expect(card).toMatchObject({ shippingStatus: 'shipped', trackingNumber: shipped.shipping.trackingNumber });
  await sandboxPost(t, `/sandbox/cards/${issuerId}/deliver`);
  expect((await call(t, bob, 'GET', `/api/v1/cards/${cardId}`)).json().shippingStatus).toBe('delivered');

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
  await call(t, t.admin, 'PUT', `/api/v1/admin/card-products/${created.json().id}`, { ...created.json(), id: undefined, enabled: true });
  expect(await offered()).toContain('Virtual HKD Black');
  expect((await call(t, bob, 'POST', '/api/v1/admin/card-products', created.json())).statusCode).toBe(403);
});
