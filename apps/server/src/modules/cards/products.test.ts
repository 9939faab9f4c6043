import { sql } from 'kysely';
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

it('keeps a product and its audit entry together: no audit, no product', async () => {
  const db = t.database.handle.db;
  // Read first: an API key's reads are audited too, and the audit log is about to refuse everything.
  const classic = (await call(t, t.admin, 'GET', '/api/v1/admin/card-products')).json().products[0];
  await sql`create or replace function refuse_operator_audit() returns trigger language plpgsql as $$
    begin raise exception 'audit log unavailable'; end $$`.execute(db);
  await sql`create trigger refuse_operator_audit before insert on operator_audit for each row execute function refuse_operator_audit()`.execute(
    db,
  );
  const body = {
    name: 'Virtual USD Unrecorded',
    level: 2,
    type: 'virtual',
    currency: 'USD',
    openingFee: '5',
    monthlyFee: '0',
    rechargeFeeRate: '0.01',
    enabled: true,
  };
  try {
    expect((await call(t, t.admin, 'POST', '/api/v1/admin/card-products', body)).statusCode).toBe(500);
    const change = { ...classic, id: undefined, openingFee: '999' };
    expect((await call(t, t.admin, 'PUT', `/api/v1/admin/card-products/${classic.id}`, change)).statusCode).toBe(500);
  } finally {
    await sql`drop trigger refuse_operator_audit on operator_audit`.execute(db);
  }
  const after = (await call(t, t.admin, 'GET', '/api/v1/admin/card-products')).json().products;
  expect(after.map((p: { name: string }) => p.name)).not.toContain('Virtual USD Unrecorded');
  expect(after.find((p: { id: string }) => p.id === classic.id)).toEqual(classic);
});
