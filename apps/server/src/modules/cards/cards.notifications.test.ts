import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CardWorld,
  call,
  createCardWorld,
  fundedUser,
  issuerCardId,
  JPEG,
  KYC_FORM,
  PIN,
  sandboxGet,
  sandboxPost,
  type User,
  WEBHOOK_SECRET,
  waitFor,
} from '../../../test/cards';
import { ManualClock } from '../../../test/clock';
import { failNotificationWrites, mailsTo, notificationsAbout, notificationsOf, setLanguage, userIdOf } from '../../../test/notifications';
import { ledgerViolations } from '../ledger';
import { WEBHOOK_PATH } from './issuer/client';

/**
 * What a member is told of their card, over the real webhooks: opening, KYC, declined payments and a
 * freeze by the rules. Each once, in the event's transaction; redelivered and re-sent events tell
 * nothing more, and an event that rolls back tells nothing.
 */
let t: CardWorld;
const clock = new ManualClock(new Date('2026-11-22T08:00:00.000Z'));
let productId: string;
let alice: User;
let aliceId: string;
let cardId: string;
let issuerId: string;
let last4: string;

function signed(body: string) {
  const timestamp = Math.floor(Date.now() / 1000);
  const delivery = randomUUID().replaceAll('-', '');
  const mac = createHmac('sha256', WEBHOOK_SECRET).update(`${timestamp}.${delivery}.${body}`).digest('hex');
  return { 'content-type': 'application/json', 'x-webhook-signature': `t=${timestamp},d=${delivery},v1=${mac}` };
}
/** An issuer event, newly signed: the same event id again is a redelivery, a new id a re-sent event. */
async function deliver(type: string, data: object, id = `evt_${randomUUID()}`) {
  const body = JSON.stringify({ id, type, created: new Date().toISOString(), data });
  const res = await fetch(`${t.url}${WEBHOOK_PATH}`, { method: 'POST', headers: signed(body), body });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}
/** The sandbox's own event of this type about this card or cardholder, delivered again as it was. */
async function redeliverSandboxEvent(type: string, match: (data: Record<string, unknown>) => boolean) {
  const { events } = await sandboxGet<{ events: Array<{ id: string; type: string; data: Record<string, unknown> }> }>(t, '/sandbox/events');
  const event = events.find((e) => e.type === type && match(e.data));
  if (!event) throw new Error(`no ${type} event at the sandbox`);
  await sandboxPost(t, `/sandbox/events/${event.id}/redeliver`);
}
const open = (user: User) =>
  call(t, user, 'POST', '/api/v1/cards', { productId, firstName: 'Alice', lastName: 'Lee', paymentPassword: PIN }, randomUUID());
const card = async (user: User, id: string) => (await call(t, user, 'GET', `/api/v1/cards/${id}`, undefined, null)).json();
const purchase = (amount: string, merchant = 'Corner Shop') =>
  sandboxPost<{ id: string; approved: boolean; reason: string | null }>(t, `/sandbox/cards/${issuerId}/purchase`, { amount, merchant });
const cardNotices = async (code?: string) =>
  (await notificationsAbout(t, 'card', cardId)).filter((n) => code === undefined || n.code === code);

async function holderId(user: User) {
  const row = await t.database.handle.db
    .selectFrom('cardholders')
    .select('issuer_cardholder_id')
    .where('user_id', '=', await userIdOf(t, user.email))
    .executeTakeFirstOrThrow();
  return row.issuer_cardholder_id as string;
}

beforeAll(async () => {
  t = await createCardWorld({ clock });
  alice = await fundedUser(t, '1000');
  const products = await call(t, alice, 'GET', '/api/v1/cards/products');
  productId = products.json().products.find((p: { name: string }) => p.name === 'Virtual USD Classic').id;
  aliceId = await userIdOf(t, alice.email);
});
afterAll(() => t?.close());

describe('card notifications', () => {
  it('a failed opening: card_failed once, with the product named in the member language', async () => {
    const bo = await fundedUser(t, '100');
    const boId = await userIdOf(t, bo.email);
    await setLanguage(t, boId, 'zh');
    await sandboxPost(t, '/sandbox/openings/fail-next', { count: 1 });
    const id = (await open(bo)).json().id as string;
    await waitFor(
      () => card(bo, id),
      (c) => c.status === 'failed',
    );
    // The issuer says so again (a re-sent card.failed): the card is failed already, nothing more.
    await redeliverSandboxEvent('card.failed', (d) => d.reference === id);
    expect((await deliver('card.failed', { cardId: 'ic_none', reference: id, reason: 'issuer_failed' })).status).toBe(200);
    expect(await notificationsOf(t, boId)).toEqual([
      // The id too: the app names the product in the language the message is read in.
      { code: 'card_failed', params: { product: '虚拟美元经典卡', productId }, ref_kind: 'card', ref_id: id },
    ]);
  });

  it('an opened card: card_opened once with its product and last four digits', async () => {
    cardId = (await open(alice)).json().id;
    const opened = await waitFor(
      () => card(alice, cardId),
      (c) => c.status !== 'opening',
    );
    expect(opened.status).toBe('awaiting_kyc');
    last4 = (opened.maskedNumber as string).slice(-4);
    issuerId = await issuerCardId(t, cardId);
    await redeliverSandboxEvent('card.opened', (d) => d.reference === cardId);
    const again = await deliver('card.opened', { cardId: issuerId, reference: cardId, last4, expMonth: 1, expYear: 2030 });
    expect(again.status).toBe(200);
    expect(await notificationsOf(t, aliceId)).toEqual([
      { code: 'card_opened', params: { product: 'Virtual USD Classic', productId, last4 }, ref_kind: 'card', ref_id: cardId },
    ]);
  });

  it('KYC: kyc_failed with the stored reason, then kyc_passed; each once however often the issuer sends it', async () => {
    for (const side of ['front', 'back'])
      await t.app.inject({
        method: 'PUT',
        url: `/api/v1/cards/kyc/photos/${side}`,
        headers: { ...alice.headers, 'content-type': 'image/jpeg' },
        payload: JPEG,
      });
    expect((await call(t, alice, 'POST', '/api/v1/cards/kyc', { ...KYC_FORM, cardId })).statusCode).toBe(200);
    const holder = await holderId(alice);
    await sandboxPost(t, `/sandbox/cardholders/${holder}/kyc`, { decision: 'reject', reason: 'photo unreadable' });
    await redeliverSandboxEvent('kyc.rejected', (d) => d.cardholderId === holder);
    await deliver('kyc.rejected', { cardholderId: holder, reason: 'photo unreadable' });
    expect(await cardNotices('kyc_failed')).toEqual([{ user_id: aliceId, code: 'kyc_failed', params: { reason: 'photo unreadable' } }]);

    expect((await call(t, alice, 'POST', '/api/v1/cards/kyc', { ...KYC_FORM, cardId })).statusCode).toBe(200);
    await sandboxPost(t, `/sandbox/cardholders/${holder}/kyc`, { decision: 'approve' });
    expect((await card(alice, cardId)).status).toBe('active');
    await redeliverSandboxEvent('kyc.approved', (d) => d.cardholderId === holder);
    await deliver('kyc.approved', { cardholderId: holder });
    expect(await cardNotices('kyc_passed')).toEqual([{ user_id: aliceId, code: 'kyc_passed', params: { last4 } }]);
  });

  it('a declined payment: card_declined once per authorization, with amount, currency, merchant and reason', async () => {
    const recharge = await call(t, alice, 'POST', `/api/v1/cards/${cardId}/recharge`, { amount: '100', paymentPassword: PIN });
    expect(recharge.statusCode, recharge.body).toBe(200);
    expect(await purchase('3.5')).toMatchObject({ approved: true });
    expect(await cardNotices('card_declined')).toEqual([]);

    const declined = await purchase('5000.25', 'Big Store');
    expect(declined).toMatchObject({ approved: false, reason: 'insufficient_funds' });
    const expected = {
      user_id: aliceId,
      code: 'card_declined',
      params: { amount: '5000.25', currency: 'USD', merchant: 'Big Store', reason: 'insufficient_funds' },
    };
    expect(await cardNotices('card_declined')).toEqual([expected]);
    // The issuer asks again about the same authorization (re-sent, newly signed): the first answer, nothing more.
    const again = await deliver('authorization.request', {
      authorizationId: declined.id,
      cardId: issuerId,
      amount: '5000.25',
      currency: 'USD',
      merchant: { name: 'Big Store' },
    });
    expect(again.json).toMatchObject({ approved: false, reason: 'insufficient_funds' });
    expect(await cardNotices('card_declined')).toEqual([expected]);
  });

  it('a freeze by the rules: card_frozen once and a mail in the member language; later declines say card_frozen', async () => {
    await setLanguage(t, aliceId, 'ja');
    // An approval first: the count of consecutive declines for funds starts again from 0.
    expect(await purchase('1')).toMatchObject({ approved: true });
    const mailsBefore = (await mailsTo(t, alice.email)).length;
    const declinesBefore = (await cardNotices('card_declined')).length;
    for (let i = 1; i <= 6; i++) expect(await purchase('5000')).toMatchObject({ approved: false, reason: 'insufficient_funds' });
    expect(await card(alice, cardId)).toMatchObject({ frozen: true, freezeReason: 'consecutive_funds_failures' });
    expect(await purchase('1')).toMatchObject({ approved: false, reason: 'card_frozen' });

    expect(await cardNotices('card_frozen')).toEqual([{ user_id: aliceId, code: 'card_frozen', params: { last4 } }]);
    const mails = (await mailsTo(t, alice.email)).slice(mailsBefore);
    expect(mails).toEqual([{ subject: `末尾 ${last4} のカードを凍結しました`, text_body: expect.stringContaining(last4) }]);
    const declines = (await cardNotices('card_declined')).slice(declinesBefore);
    expect(declines.map((n) => n.params.reason)).toEqual([...Array(6).fill('insufficient_funds'), 'card_frozen']);

    // Frozen by the member themselves: no card_frozen notice (they know).
    await call(t, alice, 'POST', `/api/v1/cards/${cardId}/freeze`, { frozen: false });
    await call(t, alice, 'POST', `/api/v1/cards/${cardId}/freeze`, { frozen: true });
    await call(t, alice, 'POST', `/api/v1/cards/${cardId}/freeze`, { frozen: false });
    expect(await cardNotices('card_frozen')).toHaveLength(1);
    await setLanguage(t, aliceId, 'en');
  });

  it('the issuer stood in and declined: card_declined (issuer_timeout) once, whichever arrives first', async () => {
    const request = (authorizationId: string) =>
      deliver('authorization.request', {
        authorizationId,
        cardId: issuerId,
        amount: '2',
        currency: 'USD',
        merchant: { name: 'Late Cafe' },
      });
    const expired = (authorizationId: string) =>
      deliver('authorization.expired', {
        authorizationId,
        cardId: issuerId,
        amount: '2',
        currency: 'USD',
        merchant: { name: 'Late Cafe' },
        approved: false,
      });
    const standIns = async () => (await cardNotices('card_declined')).filter((n) => n.params.reason === 'issuer_timeout');

    // We approved, but too late: the issuer declined in our place.
    const approvedLate = `iauth_${randomUUID()}`;
    expect((await request(approvedLate)).json).toMatchObject({ approved: true });
    expect((await expired(approvedLate)).status).toBe(200);
    expect((await expired(approvedLate)).status).toBe(200); // the issuer says so again, as a new event
    expect(await standIns()).toEqual([
      {
        user_id: aliceId,
        code: 'card_declined',
        params: { amount: '2', currency: 'USD', merchant: 'Late Cafe', reason: 'issuer_timeout' },
      },
    ]);
    // The stand-in arrives before our decision: the late decision finds it and decides nothing.
    const expiredFirst = `iauth_${randomUUID()}`;
    expect((await expired(expiredFirst)).status).toBe(200);
    expect((await request(expiredFirst)).json).toMatchObject({ approved: false, reason: 'issuer_timeout' });
    expect(await standIns()).toHaveLength(2);
    // Stood in with an approval: no decline to tell.
    const approvedByIssuer = `iauth_${randomUUID()}`;
    await deliver('authorization.expired', {
      authorizationId: approvedByIssuer,
      cardId: issuerId,
      amount: '2',
      currency: 'USD',
      merchant: { name: 'Late Cafe' },
      approved: true,
    });
    expect(await standIns()).toHaveLength(2);
  });

  it('a decision that rolls back tells nothing; decided again, it tells once', async () => {
    const authorizationId = `iauth_${randomUUID()}`;
    const data = { authorizationId, cardId: issuerId, amount: '99999', currency: 'USD', merchant: { name: 'Rollback Mart' } };
    const before = (await cardNotices('card_declined')).length;
    const restore = await failNotificationWrites(t);
    const failed = await deliver('authorization.request', data);
    await restore();
    expect(failed.status).toBe(500);
    const rows = await t.database.handle.db
      .selectFrom('card_transactions')
      .select('id')
      .where('issuer_ref', '=', authorizationId)
      .execute();
    expect(rows).toEqual([]);
    expect(await cardNotices('card_declined')).toHaveLength(before);
    expect((await deliver('authorization.request', data)).json).toMatchObject({ approved: false, reason: 'insufficient_funds' });
    expect((await cardNotices('card_declined')).slice(before).map((n) => n.params.merchant)).toEqual(['Rollback Mart']);
    expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
  });
});
