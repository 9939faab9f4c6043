import { randomUUID } from 'node:crypto';
import type { CardChannel, CardControlsBody } from '@wallet/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../../test/accounts';
import { activeCard } from '../../../../test/card-fixtures';
import { type CardWorld, createCardWorld } from '../../../../test/cards';
import { ManualClock } from '../../../../test/clock';
import { ledgerViolations } from '../../ledger';
import { DecisionQueue } from '../authorizations/decision-queue';
import { decideBatch } from '../authorizations/service';
import type { DecisionItem } from '../authorizations/types';
import { authorizationRequestOf } from '../webhooks/service';
import { setControls } from './service';

/**
 * The member's spending controls in the authorization decision, each declining with its own reason
 * and moving no money, the monthly limit counted exactly within a batch and across batches, and the
 * routes that set them (the member's own card only, limits checked).
 */
let t: CardWorld;
const clock = new ManualClock(new Date('2026-11-22T08:00:00.000Z'));
let cards = 0;

beforeAll(async () => {
  t = await createCardWorld({ clock, jobs: false });
});
afterAll(() => t?.close());

const card = (balance: string) => activeCard(t.database.handle.db, { uid: 81_000_000 + ++cards, tag: 'controls', balance });
type Card = Awaited<ReturnType<typeof card>>;

const OPEN: CardControlsBody = { perPurchaseLimit: null, monthlyLimit: null, onlineEnabled: true, atmEnabled: true, blockedCategories: [] };
const control = (c: Card, body: Partial<CardControlsBody>) => setControls(t.deps, c.user_id, c.id, { ...OPEN, ...body }, '127.0.0.1');

const item = (c: Card, amount: string, more: { mcc?: string; channel?: CardChannel } = {}): DecisionItem => ({
  request: {
    authorizationId: `iauth_${randomUUID()}`,
    issuerCardId: c.issuerId,
    amount,
    currency: 'USD',
    merchant: { name: 'Controls Shop', ...(more.mcc ? { mcc: more.mcc } : {}) },
    ...(more.channel ? { channel: more.channel } : {}),
  },
});

const answers = (results: Awaited<ReturnType<typeof decideBatch>>) =>
  results.map((r) => (r.status === 'fulfilled' ? (r.value.approved ? 'approved' : r.value.reason) : 'error'));

async function balances(c: Card) {
  const rows = await t.database.handle.db
    .selectFrom('ledger_accounts')
    .select(['id', 'balance'])
    .where('id', 'in', [c.accounts.available, c.accounts.hold])
    .execute();
  const of = (id: string) => rows.find((r) => r.id === id)?.balance;
  return { available: of(c.accounts.available), held: of(c.accounts.hold) };
}

const declineNotices = async (c: Card) =>
  (
    await t.database.handle.db
      .selectFrom('notifications')
      .select('params')
      .where('user_id', '=', c.user_id)
      .where('code', '=', 'card_declined')
      .orderBy('id')
      .execute()
  ).map((n) => (typeof n.params === 'string' ? JSON.parse(n.params) : n.params).reason);

describe('spending controls in the authorization decision', () => {
  it('declines over the per-purchase limit, recorded and notified, moving no money', async () => {
    const c = await card('100');
    await control(c, { perPurchaseLimit: '10' });
    expect(answers(await decideBatch(t.deps, [item(c, '10'), item(c, '10.01')]))).toEqual(['approved', 'over_purchase_limit']);
    expect(await balances(c)).toEqual({ available: expect.stringMatching(/^90(\.0+)?$/), held: expect.stringMatching(/^10(\.0+)?$/) });
    const rows = await t.database.handle.db
      .selectFrom('card_transactions')
      .select(['approved', 'decline_reason', 'held', 'balance_change'])
      .where('card_id', '=', c.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.approved, r.decline_reason, Number(r.held), Number(r.balance_change)])).toEqual([
      [true, null, 10, -10],
      [false, 'over_purchase_limit', 0, 0],
    ]);
    expect(await declineNotices(c)).toEqual(['over_purchase_limit']);
    // The member's own limit says nothing about the card's funds: the funds-failure count stays.
    const row = await t.database.handle.db
      .selectFrom('cards')
      .select('consecutive_funds_failures')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(row.consecutive_funds_failures).toBe(0);
  });

  it('counts two authorizations of one batch against the monthly limit, and the approvals of earlier batches', async () => {
    const c = await card('1000');
    await control(c, { monthlyLimit: '30' });
    expect(answers(await decideBatch(t.deps, [item(c, '12')]))).toEqual(['approved']);
    // 12 spent: 10 fits, then 8 would make 30.01... 12 + 10 + 8 = 30 exactly fits, one cent more does not.
    expect(answers(await decideBatch(t.deps, [item(c, '10'), item(c, '8.01'), item(c, '8'), item(c, '0.01')]))).toEqual([
      'approved',
      'over_monthly_limit',
      'approved',
      'over_monthly_limit',
    ]);
    expect(await balances(c)).toEqual({ available: expect.stringMatching(/^970(\.0+)?$/), held: expect.stringMatching(/^30(\.0+)?$/) });
    expect(await declineNotices(c)).toEqual(['over_monthly_limit', 'over_monthly_limit']);
  });

  it('counts the calendar month in UTC: last month spend does not count, a reversal gives the limit back', async () => {
    const c = await card('1000');
    await control(c, { monthlyLimit: '50' });
    const october = { ...t.deps, clock: new ManualClock(new Date('2026-10-31T23:59:59.000Z')) };
    const november = { ...t.deps, clock: new ManualClock(new Date('2026-11-01T00:00:00.000Z')) };
    expect(answers(await decideBatch(october, [item(c, '50')]))).toEqual(['approved']);
    expect(answers(await decideBatch(october, [item(c, '0.01')]))).toEqual(['over_monthly_limit']);
    const first = item(c, '40');
    expect(answers(await decideBatch(november, [first, item(c, '10.01')]))).toEqual(['approved', 'over_monthly_limit']);
    // The merchant cancels 15 of the 40: what is no longer held is no longer spent.
    await t.database.handle.db
      .updateTable('card_transactions')
      .set({ held: '25' })
      .where('type', '=', 'authorization')
      .where('issuer_ref', '=', first.request.authorizationId)
      .execute();
    expect(answers(await decideBatch(november, [item(c, '25'), item(c, '0.01')]))).toEqual(['approved', 'over_monthly_limit']);
  });

  it('declines online and ATM use when switched off, and blocked merchant categories', async () => {
    const c = await card('1000');
    await control(c, { onlineEnabled: false, atmEnabled: false, blockedCategories: ['gambling', 'crypto'] });
    const results = await decideBatch(t.deps, [
      item(c, '5', { channel: 'online' }),
      item(c, '5', { channel: 'atm' }),
      item(c, '5', { mcc: '6011' }), // the issuer did not say: ATM cash by its MCC
      item(c, '5', { mcc: '7995' }),
      item(c, '5', { mcc: '6051', channel: 'pos' }),
      item(c, '5', { mcc: '5812', channel: 'pos' }),
      item(c, '5'),
    ]);
    expect(answers(results)).toEqual([
      'online_disabled',
      'atm_disabled',
      'atm_disabled',
      'category_blocked',
      'category_blocked',
      'approved',
      'approved',
    ]);
    expect(await balances(c)).toEqual({ available: expect.stringMatching(/^990(\.0+)?$/), held: expect.stringMatching(/^10(\.0+)?$/) });
  });

  it('declines what the member forbade even on an empty card, and the card state still comes first', async () => {
    const c = await card('0');
    await control(c, { onlineEnabled: false });
    expect(answers(await decideBatch(t.deps, [item(c, '5', { channel: 'online' }), item(c, '5')]))).toEqual([
      'online_disabled',
      'insufficient_funds',
    ]);
    await t.database.handle.db.updateTable('cards').set({ frozen: true, freeze_reason: 'user' }).where('id', '=', c.id).execute();
    expect(answers(await decideBatch(t.deps, [item(c, '5', { channel: 'online' })]))).toEqual(['card_frozen']);
  });

  it('does not freeze a card for declines by its own controls, however many', async () => {
    const c = await card('100');
    await control(c, { perPurchaseLimit: '1.00' });
    // 25 over-limit tries in a row, then approvals: far past the rate and consecutive-failure rules if counted.
    for (let i = 0; i < 25; i++) expect(answers(await decideBatch(t.deps, [item(c, '2')]))).toEqual(['over_purchase_limit']);
    expect(answers(await decideBatch(t.deps, [item(c, '1')]))).toEqual(['approved']);
    const row = await t.database.handle.db.selectFrom('cards').select(['frozen']).where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(row.frozen).toBe(false);
  });

  it('applies changed controls at once, though the decision queue remembers the card it last decided', async () => {
    const c = await card('1000');
    const queue = new DecisionQueue(t.deps);
    expect((await queue.submit(item(c, '20'))).approved).toBe(true);
    expect((await queue.submit(item(c, '20'))).approved).toBe(true);
    await control(c, { perPurchaseLimit: '15' });
    expect(await queue.submit(item(c, '20'))).toMatchObject({ approved: false, reason: 'over_purchase_limit' });
    await control(c, { perPurchaseLimit: null, onlineEnabled: false });
    expect(await queue.submit(item(c, '20'))).toMatchObject({ approved: true });
    expect(await queue.submit(item(c, '1', { channel: 'online' }))).toMatchObject({ approved: false, reason: 'online_disabled' });
    expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
  });

  it('reads the channel from the issuer webhook, an unknown one as not said', () => {
    const event = (channel: unknown) => ({
      id: 'evt_1',
      type: 'authorization.request',
      created: new Date().toISOString(),
      data: { authorizationId: 'a1', cardId: 'c1', amount: '1.00', currency: 'USD', merchant: { name: 'M', mcc: '5812' }, channel },
    });
    expect(authorizationRequestOf(event('online'))?.channel).toBe('online');
    const unknown = authorizationRequestOf(event('telepathy'));
    expect(unknown).not.toBeNull();
    expect(unknown?.channel).toBeUndefined();
  });
});

describe('GET/PUT /api/v1/cards/:id/controls', () => {
  /** A member signed in, holding an active card (its own user's card, moved to the member). */
  async function memberWithCard() {
    const member = await registerUser(t);
    const c = await card('0');
    const { id } = await t.database.handle.db.selectFrom('users').select('id').where('email', '=', member.email).executeTakeFirstOrThrow();
    await t.database.handle.db.updateTable('cards').set({ user_id: id }).where('id', '=', c.id).execute();
    return { member, card: c };
  }
  const request = (member: { headers: Record<string, string> }, method: 'GET' | 'PUT', cardId: string, payload?: object, language = 'en') =>
    t.app.inject({
      method,
      url: `/api/v1/cards/${cardId}/controls`,
      headers: { ...member.headers, 'accept-language': language },
      ...(payload ? { payload } : {}),
    });

  it('starts with no limits and everything allowed, and keeps what the member sets, in the card currency decimals', async () => {
    const { member, card: c } = await memberWithCard();
    const first = await request(member, 'GET', c.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ ...OPEN, currency: 'USD', monthSpent: '0.00', updatedAt: null });
    const set = await request(member, 'PUT', c.id, {
      perPurchaseLimit: '25.5',
      monthlyLimit: '300',
      onlineEnabled: false,
      atmEnabled: true,
      blockedCategories: ['travel', 'gambling', 'travel'],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      perPurchaseLimit: '25.50',
      monthlyLimit: '300.00',
      onlineEnabled: false,
      atmEnabled: true,
      blockedCategories: ['gambling', 'travel'],
      monthSpent: '0.00',
    });
    expect((await request(member, 'GET', c.id)).json()).toEqual(set.json());
    const audit = await sql<{ action: string }>`select action from audit_log where subject = ${`card:${c.id}`}`.execute(
      t.database.handle.db,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['card.controls.update']);
    // Back to no limits.
    const cleared = await request(member, 'PUT', c.id, { ...OPEN, perPurchaseLimit: '', monthlyLimit: null });
    expect(cleared.json()).toMatchObject({ perPurchaseLimit: null, monthlyLimit: null, onlineEnabled: true });
  });

  it("answers another member's card (and a card that does not exist) as not found, changing nothing", async () => {
    const { member, card: c } = await memberWithCard();
    const other = await registerUser(t);
    for (const res of [
      await request(other, 'GET', c.id),
      await request(other, 'PUT', c.id, { ...OPEN, perPurchaseLimit: '1' }),
      await request(member, 'GET', randomUUID()),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe('CARD_NOT_FOUND');
    }
    expect((await request(member, 'GET', c.id)).json().perPurchaseLimit).toBeNull();
  });

  it('refuses bad limits with their codes, in the member language', async () => {
    const { member, card: c } = await memberWithCard();
    for (const [limits, code] of [
      [{ perPurchaseLimit: '0' }, 'CARD_CONTROLS_LIMIT_INVALID'],
      [{ perPurchaseLimit: '-5' }, 'CARD_CONTROLS_LIMIT_INVALID'],
      [{ perPurchaseLimit: '1.234' }, 'CARD_CONTROLS_LIMIT_INVALID'],
      [{ monthlyLimit: '1e3' }, 'CARD_CONTROLS_LIMIT_INVALID'],
      [{ monthlyLimit: 'ten' }, 'CARD_CONTROLS_LIMIT_INVALID'],
      [{ monthlyLimit: '1000000000.01' }, 'CARD_CONTROLS_LIMIT_INVALID'],
      [{ perPurchaseLimit: '100', monthlyLimit: '99.99' }, 'CARD_CONTROLS_MONTHLY_BELOW_PURCHASE'],
    ] as const) {
      const res = await request(member, 'PUT', c.id, { ...OPEN, ...limits }, 'zh');
      expect(res.statusCode, JSON.stringify(limits)).toBe(400);
      expect(res.json().error.code, JSON.stringify(limits)).toBe(code);
      expect(res.json().error.message).toMatch(/[\u4e00-\u9fff]/);
    }
    const category = await request(member, 'PUT', c.id, { ...OPEN, blockedCategories: ['fireworks'] });
    expect(category.statusCode).toBe(400);
    expect(JSON.stringify(category.json())).toContain('CARD_CONTROLS_CATEGORY_INVALID');
    // Equal limits are fine: one purchase may take the whole month.
    expect((await request(member, 'PUT', c.id, { ...OPEN, perPurchaseLimit: '100', monthlyLimit: '100.00' })).statusCode).toBe(200);
  });
});
