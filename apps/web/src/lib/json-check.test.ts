import balancesJson from 'virtual:json-schema/balancesReplySchema';
import errorJson from 'virtual:json-schema/errorReplySchema';
import popupsJson from 'virtual:json-schema/helpPopupsReplySchema';
import profileJson from 'virtual:json-schema/profileSchema';
import unreadJson from 'virtual:json-schema/unreadCountReplySchema';
import { balancesReplySchema, errorReplySchema, helpPopupsReplySchema, profileSchema, unreadCountReplySchema } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import type { CompiledCheck } from './json-check';

const balances = {
  displayCurrency: 'USD',
  totalEstimate: '1570.50',
  balances: [{ currency: 'USDT', balance: '1250.5', estimate: '1250.50' }],
};
const profile = {
  uid: '12345678',
  email: 'demo@sbc-wallet.local',
  emailMasked: 'd***@sbc-wallet.local',
  nickname: null,
  phoneAreaCode: null,
  phone: null,
  language: 'en',
  displayCurrency: 'USD',
  network: 'BSC',
  address: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  inviteCode: 'DEMO1234',
  paymentPasswordSet: true,
  kycStatus: 'none',
  createdAt: '2026-01-01T00:00:00.000Z',
};

const popup = {
  id: '0194f5a2-7c3e-7000-8000-000000000001',
  kind: 'announcement',
  category: null,
  title: 'Maintenance',
  body: 'Cards pause **tonight**.',
  language: 'en',
  pinned: false,
  popup: true,
  publishedAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The first screen's replies are checked by Ajv-compiled checks of the contract's schemas: they must judge as zod does. */
const CASES: Array<{ name: string; zod: { safeParse: (v: unknown) => { success: boolean } }; json: CompiledCheck; values: unknown[] }> = [
  {
    name: 'balances',
    zod: balancesReplySchema,
    json: balancesJson,
    values: [
      balances,
      { ...balances, totalEstimate: 1570.5 },
      { ...balances, totalEstimate: '1e3' },
      { ...balances, displayCurrency: 'XXX' },
      { ...balances, balances: [{ currency: 'USDT', balance: '1' }] },
      { balances: [] },
      null,
    ],
  },
  {
    name: 'profile',
    zod: profileSchema,
    json: profileJson,
    values: [profile, { ...profile, language: 'fr' }, { ...profile, nickname: 3 }, { ...profile, paymentPasswordSet: 'yes' }],
  },
  {
    // A property called "title" is a property, not the schema's annotation that the build leaves out.
    name: 'popups',
    zod: helpPopupsReplySchema,
    json: popupsJson,
    values: [
      { popups: [] },
      { popups: [popup] },
      { popups: [{ ...popup, title: 3 }] },
      { popups: [{ ...popup, title: undefined }] },
      { popups: [{ ...popup, kind: 'rumour' }] },
      { popups: [{ ...popup, category: { id: popup.id, name: 'Cards' } }] },
    ],
  },
  { name: 'unread', zod: unreadCountReplySchema, json: unreadJson, values: [{ unread: 3 }, { unread: 1.5 }, { unread: '3' }, {}] },
  {
    name: 'error',
    zod: errorReplySchema,
    json: errorJson,
    values: [
      { error: { code: 'NOT_FOUND', message: 'Not found.' } },
      { error: { code: 'VALIDATION_FAILED', message: 'x', details: { fields: [{ path: 'body.a', code: 'c', message: 'm' }] } } },
      { error: { code: 'X', message: 'y', details: { until: '2026-01-01T00:00:00Z' } } },
      { error: { code: 'X' } },
      { message: 'no' },
    ],
  },
];

describe('JSON Schema checks of first-screen replies', () => {
  it.each(CASES)('agree with the contract’s zod schema on $name replies', ({ zod, json, values }) => {
    for (const value of values) expect(json(value), JSON.stringify(value)).toBe(zod.safeParse(value).success);
  });
});
