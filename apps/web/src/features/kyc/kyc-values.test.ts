import { KYC_NO_EXPIRY } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { checkKyc, type KycValues, kycValues } from './kyc-values';

const now = new Date(2026, 10, 24, 12, 0);
const text = (key: string) => `text:${key}`;
const FILLED: KycValues = {
  documentType: 'passport',
  firstName: 'Tai Man',
  lastName: 'Chan',
  nationality: '344',
  documentNumber: 'K1234567',
  issueDate: '2020-01-15',
  expiryDate: '2030-01-14',
  noExpiry: false,
  phoneAreaCode: '+852',
  phone: '91234567',
  email: 'tm@example.com',
  country: '344',
  houseNumber: 'Flat 12A',
  street: '18 Queen Road',
  district: '',
  postcode: '999077',
  city: 'Hong Kong',
};

describe('checking the KYC form before the summary', () => {
  it('turns complete values into the contract body, the residence country in the address too', () => {
    const result = checkKyc(FILLED, 'card-1', now, text);
    expect(result).toEqual({
      ok: true,
      body: expect.objectContaining({
        cardId: 'card-1',
        country: '344',
        address: expect.objectContaining({ country: '344', city: 'Hong Kong', district: '' }),
        expiryDate: '2030-01-14',
        documentType: 'passport',
      }),
    });
  });

  it('sends the agreed far date for a document without expiry', () => {
    const result = checkKyc({ ...FILLED, noExpiry: true, expiryDate: '' }, 'card-1', now, text);
    expect(result.ok && result.body.expiryDate).toBe(KYC_NO_EXPIRY);
  });

  it('gives one sentence per field, never the schema pattern', () => {
    const result = checkKyc(kycValues({}), 'card-1', now, text);
    expect(result.ok).toBe(false);
    const issues = result.ok ? [] : result.issues;
    const byField = Object.fromEntries(issues.map((i) => [i.field, i.message]));
    expect(byField).toMatchObject({
      firstName: 'text:firstName',
      lastName: 'text:lastName',
      phone: 'text:phone',
      email: 'text:email',
      country: 'text:country',
      nationality: 'text:nationality',
      documentNumber: 'text:documentNumber',
      houseNumber: 'text:houseNumber',
      street: 'text:street',
      postcode: 'text:postcode',
      city: 'text:city',
      issueDate: 'text:issueMissing',
      expiryDate: 'text:expiryMissing',
    });
    expect(byField.district).toBeUndefined();
    expect(issues.every((i) => i.message.startsWith('text:'))).toBe(true);
  });

  it('refuses Chinese characters in names, made-up countries and dates against today', () => {
    const result = checkKyc(
      { ...FILLED, firstName: '大文', country: '999', nationality: 'HKG', issueDate: '2026-12-01', expiryDate: '2026-11-24' },
      'card-1',
      now,
      text,
    );
    const byField = Object.fromEntries((result.ok ? [] : result.issues).map((i) => [i.field, i.message]));
    expect(byField).toEqual({
      firstName: 'text:firstName',
      country: 'text:country',
      nationality: 'text:nationality',
      issueDate: 'text:issueFuture',
      expiryDate: 'text:expiryPast',
    });
  });

  it('reads antd values: untouched fields are blank, an ID card unless passport is chosen', () => {
    expect(kycValues({ firstName: 'A', noExpiry: true })).toMatchObject({
      firstName: 'A',
      lastName: '',
      documentType: 'id_card',
      noExpiry: true,
    });
    expect(kycValues({ documentType: 'passport' }).documentType).toBe('passport');
  });
});
