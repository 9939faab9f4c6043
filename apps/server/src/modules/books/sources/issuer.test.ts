import { type SandboxIssuer, startSandboxIssuer, toMinor } from '@wallet/sandbox-issuer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activeCard } from '../../../../test/card-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../../test/database';
import { HttpIssuer } from '../../cards/issuer/http-issuer';
import { type BooksSource, type ReadInput, SourceUnavailable } from '../source';
import { issuerSource } from './issuer';

const API_KEY = 'issuer-source-test-key';

let database: TestDatabase;
let sandbox: SandboxIssuer & { url: string; close(): Promise<void> };
let source: BooksSource;
let uid = 71_000_000;

const input = (): ReadInput => ({ db: database.handle.db, cutoffAt: new Date(), runId: 'run', open: [], previousPoints: [] });

/** A card in the app's ledger with `balance` available, and its twin at the issuer with the same money (float included). */
async function cardAtBoth(balance: string, issuerBalance = balance) {
  uid += 1;
  const card = await activeCard(database.handle.db, { uid, tag: 'books', balance });
  plantAtIssuer(card.issuerId, issuerBalance);
  return card;
}

function plantAtIssuer(id: string, balance: string) {
  sandbox.store.cards.set(id, {
    id,
    cardholderId: 'ich_test',
    reference: id,
    type: 'virtual',
    currency: 'USD',
    state: 'open',
    pan: null,
    cvv: null,
    expMonth: null,
    expYear: null,
    pinSet: false,
    balanceMinor: toMinor(balance),
    shipping: { status: 'none', trackingNumber: null, address: null },
    createdAt: new Date().toISOString(),
  });
  sandbox.store.moveFloat('USD', toMinor(balance));
}

const sandboxPost = (url: string, payload: object) => sandbox.app.inject({ method: 'POST', url, payload });

beforeAll(async () => {
  database = await createTestDatabase();
  sandbox = await startSandboxIssuer({
    webhookUrl: 'http://127.0.0.1:9/hook',
    webhookSecret: 's',
    apiKey: API_KEY,
    authorizationTimeoutMs: 200,
    defaultDecision: 'approve',
    retryDelayMs: 1,
  });
  source = issuerSource({ db: database.handle.db, issuer: new HttpIssuer(sandbox.url, API_KEY, { timeoutMs: 2000 }) });
});
afterAll(async () => {
  await sandbox?.close();
  await database?.drop();
});
beforeEach(async () => {
  // Each test starts from books that agree: no cards on either side (ledger accounts of deleted cards are never read).
  await database.handle.db.deleteFrom('cards').execute();
  sandbox.store.cards.clear();
  sandbox.store.float.clear();
  await sandbox.app.inject({ method: 'DELETE', url: '/sandbox/faults' });
});

describe('the card issuer against the ledger', () => {
  it('finds nothing when every card and the float agree, and says where the issuer stood', async () => {
    await cardAtBoth('25.5');
    await cardAtBoth('0');
    await cardAtBoth('100');
    const reading = await source.reconcile(input());
    expect(reading.differences).toEqual([]);
    expect(reading.points).toEqual([{ source: 'issuer', asOf: expect.any(String), checked: 3 }]);
    expect(await source.reserves({ db: database.handle.db, cutoffAt: new Date() })).toEqual([
      { source: 'issuer', currency: 'USD', amount: '125.5', asOf: expect.any(String) },
    ]);
  });

  it('finds a card loaded at the issuer only, with its cause, and the float that no longer matches the cards', async () => {
    const card = await cardAtBoth('10');
    await cardAtBoth('3');
    expect((await sandboxPost(`/sandbox/cards/${card.issuerId}/load-at-issuer-only`, { amount: '7.25' })).statusCode).toBe(200);
    const { differences } = await source.reconcile(input());
    expect(differences).toEqual([
      expect.objectContaining({
        identity: `issuer:card:${card.id}`,
        source: 'issuer',
        kind: 'card_balance',
        currency: 'USD',
        subject: card.id,
        expected: '10',
        observed: '17.25',
        difference: '7.25',
        cause: 'loaded_at_issuer_only',
      }),
      expect.objectContaining({
        identity: 'issuer:float:USD',
        kind: 'issuer_float',
        expected: '13',
        observed: '20.25',
        difference: '7.25',
        cause: 'float_differs_from_cards',
      }),
    ]);
  });

  it('names money gone at the issuer only as unloaded there, counting holds on both sides', async () => {
    const card = await cardAtBoth('40', '30');
    // A purchase holds 5 at the issuer (the default decision stands in: no app answers here): the sum stays 30.
    expect((await sandboxPost(`/sandbox/cards/${card.issuerId}/purchase`, { amount: '5' })).json()).toMatchObject({ approved: true });
    const { differences } = await source.reconcile(input());
    expect(differences.find((d) => d.kind === 'card_balance')).toMatchObject({
      expected: '40',
      observed: '30',
      difference: '-10',
      cause: 'unloaded_at_issuer_only',
    });
  });

  it('finds a card the ledger does not know and an open card the issuer does not know', async () => {
    await cardAtBoth('5');
    plantAtIssuer('ic_stranger', '12');
    uid += 1;
    const lost = await activeCard(database.handle.db, { uid, tag: 'books', balance: '8' });
    const { differences } = await source.reconcile(input());
    expect(differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          identity: 'issuer:unknown_card:ic_stranger',
          kind: 'card_unknown_to_ledger',
          observed: '12',
          expected: null,
          difference: '12',
          cause: 'card_missing_in_ledger',
        }),
        expect.objectContaining({
          identity: `issuer:card:${lost.id}`,
          kind: 'card_unknown_to_issuer',
          expected: '8',
          observed: null,
          difference: '-8',
          cause: 'card_missing_at_issuer',
        }),
      ]),
    );
    // The float holds 17 for cards the ledger puts at 13.
    expect(differences.find((d) => d.kind === 'issuer_float')).toMatchObject({ expected: '13', observed: '17' });
    expect(differences).toHaveLength(3);
  });

  it('reads every page of a listing larger than one page', async () => {
    for (let i = 0; i < 5003; i++) plantAtIssuer(`ic_many_${String(i).padStart(5, '0')}`, '0');
    const card = await cardAtBoth('1', '2');
    const { differences, points } = await source.reconcile(input());
    expect(points[0]?.checked).toBe(1);
    expect(differences.map((d) => d.identity)).toEqual([`issuer:card:${card.id}`, 'issuer:float:USD']);
  });

  it('fails as the issuer unavailable when it cannot be read, never as matched', async () => {
    await cardAtBoth('5');
    await sandboxPost('/sandbox/faults', { mode: 'down', ms: 60_000 });
    await expect(source.reconcile(input())).rejects.toBeInstanceOf(SourceUnavailable);
    await expect(source.reconcile(input())).rejects.toMatchObject({ source: 'issuer' });
    await expect(source.reserves({ db: database.handle.db, cutoffAt: new Date() })).rejects.toBeInstanceOf(SourceUnavailable);
    const unreachable = issuerSource({ db: database.handle.db, issuer: new HttpIssuer('http://127.0.0.1:1', API_KEY, { timeoutMs: 500 }) });
    await expect(unreachable.reconcile(input())).rejects.toMatchObject({ name: 'SourceUnavailable', source: 'issuer' });
  });
});
