import { afterAll, beforeAll, expect, it } from 'vitest';
import { registerUser } from '../../../test/accounts';
import { type CardWorld, call, createCardWorld, type User } from '../../../test/cards';
import { ManualClock } from '../../../test/clock';

let t: CardWorld;
let user: User;
beforeAll(async () => {
  t = await createCardWorld({ clock: new ManualClock(new Date('2026-11-23T08:00:00.000Z')), jobs: false });
  user = await registerUser(t);
});
afterAll(() => t?.close());

const productNames = async (language: string) =>
  (await call(t, user, 'GET', '/api/v1/cards/products', undefined, null, language)).json().products.map((p: { name: string }) => p.name);

it("names the demo products in the reader's language", async () => {
  expect(await productNames('zh')).toContain('虚拟美元经典卡');
  expect(await productNames('ja')).toContain('バーチャルUSDクラシック');
  expect(await productNames('en')).toContain('Virtual USD Classic');
});

it("takes an operator's names per language and falls back to the product's own name", async () => {
  const body = {
    name: 'Virtual USD Black',
    names: { zh: '虚拟美元黑卡', ko: '가상 USD 블랙' },
    level: 4,
    type: 'virtual',
    currency: 'USD',
    openingFee: '50',
    monthlyFee: '0',
    rechargeFeeRate: '0.005',
    enabled: true,
  };
  const created = await call(t, t.admin, 'POST', '/api/v1/admin/card-products', body, null, 'ko');
  expect(created.statusCode, created.body).toBe(200);
  expect(created.json()).toMatchObject({ name: '가상 USD 블랙', names: body.names });
  expect(await productNames('zh')).toContain('虚拟美元黑卡');
  expect(await productNames('ja')).toContain('Virtual USD Black');

  const blank = await call(t, t.admin, 'POST', '/api/v1/admin/card-products', { ...body, names: { zh: ' ' } });
  expect(blank.statusCode).toBe(400);
});
