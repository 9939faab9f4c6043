import balancesJson from 'virtual:json-schema/balancesReplySchema';
import cardFundingListJson from 'virtual:json-schema/cardFundingListSchema';
import cardJson from 'virtual:json-schema/cardSchema';
import cardTransactionListJson from 'virtual:json-schema/cardTransactionListSchema';
import errorJson from 'virtual:json-schema/errorReplySchema';
import popupsJson from 'virtual:json-schema/helpPopupsReplySchema';
import notificationsJson from 'virtual:json-schema/notificationListReplySchema';
import profileJson from 'virtual:json-schema/profileSchema';
import recordListJson from 'virtual:json-schema/recordListReplySchema';
import unreadJson from 'virtual:json-schema/unreadCountReplySchema';
import {
  balancesReplySchema,
  cardFundingListSchema,
  cardSchema,
  cardTransactionListSchema,
  errorReplySchema,
  helpPopupsReplySchema,
  notificationListReplySchema,
  profileSchema,
  recordListReplySchema,
  unreadCountReplySchema,
} from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { physicalCard as card } from './card.fixture';
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

const notification = {
  id: '0194f5a2-7c3e-7000-8000-000000000009',
  code: 'deposit_credited',
  params: { amount: '5', currency: 'USDT' },
  ref: { kind: 'deposit', id: '0194f5a2-7c3e-7000-8000-00000000000a' },
  createdAt: '2026-01-01T00:00:00.000Z',
  read: false,
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

const record = {
  id: '42',
  typeCode: 3,
  label: 'Transfer out',
  currency: 'USDT',
  amount: '-20.00',
  balanceAfter: '1230.50',
  reference: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const cardTransaction = {
  id: '7',
  type: 'authorization',
  merchant: 'Coffee',
  time: '2026-01-01T00:00:00.000Z',
  currency: 'USD',
  amount: '4.50',
  balanceChange: '-4.50',
  fee: '0',
  approved: true,
  declineReason: null,
  settled: false,
  settledAmount: null,
};

const funding = { id: '9', typeCode: 15, label: 'Card recharge', currency: 'USD', amount: '50.00', time: '2026-01-01T00:00:00.000Z' };

/**
 * The first screen's replies, and the records' and a card's, are checked by Ajv-compiled checks of the
 * contract's schemas: they must judge as zod does.
 */
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
  {
    // Its ref is an anyOf (a thing or null), whose branches collect errors before one is kept.
    name: 'notifications',
    zod: notificationListReplySchema,
    json: notificationsJson,
    values: [
      { notifications: [notification, { ...notification, ref: null }], nextCursor: null, unread: 1 },
      { notifications: [{ ...notification, ref: { kind: 'rumour', id: '1' } }], nextCursor: null, unread: 1 },
      { notifications: [{ ...notification, ref: { kind: 'card' } }], nextCursor: null, unread: 1 },
      { notifications: [{ ...notification, ref: 'card' }], nextCursor: null, unread: 1 },
      { notifications: [{ ...notification, params: { amount: 5 } }], nextCursor: null, unread: 1 },
      { notifications: [{ ...notification, code: 'prize_won' }], nextCursor: '9', unread: 0 },
    ],
  },
  { name: 'unread', zod: unreadCountReplySchema, json: unreadJson, values: [{ unread: 3 }, { unread: 1.5 }, { unread: '3' }, {}] },
  {
    name: 'records',
    zod: recordListReplySchema,
    json: recordListJson,
    values: [
      { records: [], nextCursor: null },
      { records: [record], nextCursor: '41' },
      { records: [{ ...record, amount: -20 }], nextCursor: null },
      { records: [{ ...record, currency: 'XXX' }], nextCursor: null },
      { records: [{ ...record, balanceAfter: '1e3' }], nextCursor: null },
      { records: [record] },
    ],
  },
  {
    name: 'card',
    zod: cardSchema,
    json: cardJson,
    values: [
      card,
      { ...card, status: 'lost' },
      { ...card, product: { ...card.product, names: { fr: 'Carte' } } },
      { ...card, balance: 100 },
      { ...card, frozen: 'no' },
      { ...card, maskedNumber: undefined },
      { ...card, shippingStatus: 'shipped', trackingNumber: 'SF123' },
    ],
  },
  {
    name: 'card transactions',
    zod: cardTransactionListSchema,
    json: cardTransactionListJson,
    values: [
      { transactions: [cardTransaction], nextCursor: null },
      { transactions: [{ ...cardTransaction, type: 'gift' }], nextCursor: null },
      { transactions: [{ ...cardTransaction, settledAmount: '4.5' }], nextCursor: '6' },
      { transactions: [{ ...cardTransaction, approved: undefined }], nextCursor: null },
    ],
  },
  {
    name: 'card funding',
    zod: cardFundingListSchema,
    json: cardFundingListJson,
    values: [
      { funding: [funding], nextCursor: null },
      { funding: [{ ...funding, typeCode: 1.5 }], nextCursor: null },
      { funding: [{ ...funding, currency: 'USDT' }], nextCursor: null },
      { funding: [], nextCursor: 3 },
    ],
  },
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

describe('JSON Schema checks of the replies pages draw first', () => {
  it.each(CASES)('agree with the contract’s zod schema on $name replies', ({ zod, json, values }) => {
    // The first value of each case is a reply the server sends, so agreement is not only on refusals.
    expect(zod.safeParse(values[0]).success).toBe(true);
    for (const value of values) expect(json(value), JSON.stringify(value)).toBe(zod.safeParse(value).success);
  });
});
