import { randomUUID } from 'node:crypto';
import { errorReplySchema } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMember, type Member, PIN, requestCode, TRON_ADDRESS, uniqueEmail } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { type TestOperator, testOperator } from '../../test/operators';

/**
 * The malformed requests that once reached the database and were answered 500: each is now refused
 * by its schema with 400 and a sentence in the member's language for the field, and stores nothing.
 */
let t: TestApp;
let admin: TestOperator;
let member: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await testOperator(t);
  member = await fundedMember(t, '100');
});
afterAll(() => t.close());

type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  url: string;
  payload?: object;
  as?: { headers: { authorization: string } } | null;
  language?: string;
};

async function refused({ method, url, payload, as = member, language = 'en' }: Call) {
  const res = await t.app.inject({
    method,
    url,
    headers: {
      'accept-language': language,
      'idempotency-key': randomUUID(),
      ...(as ? as.headers : {}),
    },
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBe(400);
  const body = errorReplySchema.parse(res.json());
  expect(body.error.code).toBe('VALIDATION_FAILED');
  return body.error.details?.fields ?? [];
}

const PRODUCT = {
  name: 'Fuzz Card',
  names: {},
  level: 1,
  type: 'virtual',
  currency: 'USD',
  openingFee: '10',
  monthlyFee: '1',
  rechargeFeeRate: '0.015',
  enabled: false,
};

describe('text with control characters', () => {
  it('refuses a NUL in the invite code at registration, signed out, in the member language', async () => {
    const email = uniqueEmail();
    await requestCode(t, email, 'register');
    const fields = await refused({
      method: 'POST',
      url: '/api/v1/auth/register',
      as: null,
      language: 'zh',
      payload: {
        email,
        code: '000000',
        password: 'correct horse 42',
        confirmPassword: 'correct horse 42',
        network: 'TRON',
        address: TRON_ADDRESS,
        inviteCode: 'AB\u0000CD',
      },
    });
    expect(fields).toContainEqual({
      path: 'body.inviteCode',
      code: 'TEXT_INVALID_CHARACTERS',
      message: '该文本包含不可见的控制字符，请删除后重试。',
    });
  });

  it('refuses a NUL in the nickname and keeps the old one', async () => {
    const fields = await refused({ method: 'PATCH', url: '/api/v1/me', payload: { nickname: 'Al\u0000ice' }, language: 'ja' });
    expect(fields).toEqual([
      {
        path: 'body.nickname',
        code: 'TEXT_INVALID_CHARACTERS',
        message: 'このテキストには目に見えない制御文字が含まれています。削除してからもう一度お試しください。',
      },
    ]);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: member.headers });
    expect(me.json().nickname).toBeNull();
  });

  it('refuses a NUL or 100,000 characters in a card product name, and stores no product', async () => {
    const before = await t.database.handle.db.selectFrom('card_products').select('id').execute();
    const nul = await refused({
      method: 'POST',
      url: '/api/v1/admin/card-products',
      as: admin,
      payload: { ...PRODUCT, name: 'Fuzz\u0000' },
    });
    expect(nul.map((f) => [f.path, f.code])).toEqual([['body.name', 'TEXT_INVALID_CHARACTERS']]);
    const long = await refused({
      method: 'POST',
      url: '/api/v1/admin/card-products',
      as: admin,
      payload: { ...PRODUCT, name: 'x'.repeat(100_000) },
    });
    expect(long).toEqual([{ path: 'body.name', code: 'too_big', message: 'Please use at most 60 characters.' }]);
    expect(await t.database.handle.db.selectFrom('card_products').select('id').execute()).toEqual(before);
  });

  it('keeps line breaks in a ticket description and refuses other control characters there', async () => {
    const fields = await refused({
      method: 'POST',
      url: '/api/v1/tickets',
      payload: { type: 'other', description: 'The app shows\nan error \u001b[31m here' },
    });
    expect(fields.map((f) => [f.path, f.code])).toEqual([['body.description', 'TEXT_INVALID_CHARACTERS']]);
  });
});

describe('ids, cursors and values the database would refuse', () => {
  it('refuses a product id that is not a UUID when opening a card', async () => {
    const fields = await refused({
      method: 'POST',
      url: '/api/v1/cards',
      payload: { productId: "1' or '1'='1", firstName: 'Alice', lastName: 'Lee', paymentPassword: PIN },
      language: 'ko',
    });
    expect(fields).toEqual([{ path: 'body.productId', code: 'invalid_format', message: '올바르지 않은 번호입니다.' }]);
  });

  it('refuses a card id that is not a UUID in the KYC form', async () => {
    const fields = await refused({ method: 'POST', url: '/api/v1/cards/kyc', payload: { cardId: 'card-1' } });
    expect(fields.map((f) => f.path)).toContain('body.cardId');
  });

  it('refuses a records cursor beyond the bigint range', async () => {
    const fields = await refused({ method: 'GET', url: '/api/v1/wallet/records?cursor=99999999999999999999' });
    expect(fields.map((f) => f.path)).toEqual(['querystring.cursor']);
  });

  it('refuses a price of 0, which the rates table does not hold', async () => {
    const fields = await refused({ method: 'PUT', url: '/api/v1/admin/rates/HKD', as: admin, payload: { usdPrice: '0' } });
    expect(fields).toEqual([{ path: 'body.usdPrice', code: 'AMOUNT_NOT_POSITIVE', message: 'The amount must be greater than 0.' }]);
  });

  it('refuses a card recharge fee rate of 1 or more, and an adjustment of 0', async () => {
    const rate = await refused({
      method: 'POST',
      url: '/api/v1/admin/card-products',
      as: admin,
      payload: { ...PRODUCT, rechargeFeeRate: '1' },
    });
    expect(rate.map((f) => [f.path, f.code])).toEqual([['body.rechargeFeeRate', 'AMOUNT_INVALID']]);
    const zero = await refused({
      method: 'POST',
      url: `/api/v1/admin/users/${member.profile.uid}/adjustments`,
      as: admin,
      payload: { currency: 'USDT', amount: '-0.00', reason: 'nothing at all' },
    });
    expect(zero.map((f) => [f.path, f.code])).toEqual([['body.amount', 'AMOUNT_INVALID']]);
  });

  it('refuses an amount with more whole digits than any balance', async () => {
    const fields = await refused({
      method: 'POST',
      url: '/api/v1/wallet/exchange/quotes',
      payload: { from: 'USDT', to: 'HKD', amount: '9'.repeat(40) },
    });
    expect(fields).toEqual([{ path: 'body.amount', code: 'AMOUNT_INVALID', message: 'Enter a valid amount.' }]);
  });
});
