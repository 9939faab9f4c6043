import { describe, expect, it } from 'vitest';
import { ERRORS } from '../errors';
import { openCardBodySchema } from './cards';

const SHIPPING = {
  recipient: 'Chan Tai Man',
  phoneAreaCode: '+852',
  phone: '91234567',
  postalCode: '999077',
  country: 'Hong Kong',
  province: 'Hong Kong Island',
  city: 'Hong Kong',
  district: '',
  address: '18 Queen Road Central',
  pickup: 'mail',
};
const BODY = {
  productId: '5e1f0000-0000-4000-8000-000000000001',
  firstName: 'Tai Man',
  lastName: 'Chan',
  paymentPassword: '135790',
  shipping: SHIPPING,
};

/** The message of each issue: an error code the member reads as a sentence, or zod's own wording. */
const messages = (body: unknown) => {
  const result = openCardBodySchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('opening a card', () => {
  it('accepts a well-formed opening', () => {
    expect(messages(BODY)).toEqual([]);
  });

  it('names each field pattern by an error code, so no pattern reaches the member', () => {
    expect(messages({ ...BODY, firstName: '张' })).toEqual(['firstName: NAME_NOT_ENGLISH']);
    expect(messages({ ...BODY, shipping: { ...SHIPPING, phone: '9123-4567' } })).toEqual(['shipping.phone: PHONE_INVALID']);
    expect(messages({ ...BODY, shipping: { ...SHIPPING, phoneAreaCode: '852a' } })).toEqual(['shipping.phoneAreaCode: PHONE_INVALID']);
    expect(ERRORS.PHONE_INVALID.message.zh).not.toMatch(/[A-Za-z]/);
  });
});
