import { createHmac, randomUUID } from 'node:crypto';
import { Decimal } from '@wallet/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, sendAccountCode, TRON_ADDRESS } from '../../../test/accounts';
import { type CardWorld, call, createCardWorld, fundedUser, PIN, type User, WEBHOOK_SECRET } from '../../../test/cards';
import { ManualClock } from '../../../test/clock';
import { openActiveCard } from '../../../test/open-card';
import { dayIn } from '../../platform/time-zone';
import { WEBHOOK_PATH } from '../cards/issuer/client';
import { creditDeposit } from '../chain/crediting';
import { upsertDeposits } from '../chain/queries';
import { buildStatement } from './service';

/**
 * Statements of a member who funded, received a deposit, exchanged, transferred, opened and
 * recharged a card and paid a merchant with it: every record once, amounts to the last digit, and
 * per currency opening + in - out = closing = the balance the wallet shows.
 */
let t: CardWorld;
// Entries take the database's time, so the clock follows the real one.
const clock = new ManualClock(new Date());
let alice: User;
let bob: User;
let cardId: string;
const TX_HASH = 'a1'.repeat(32);
const FORMULA_MERCHANT = '=HYPERLINK("http://evil.example","Coffee")';

const today = () => dayIn(new Date(), 'UTC');
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

const statement = (user: User, query: string, language = 'en') =>
  t.app.inject({ method: 'GET', url: `/api/v1/me/statements?${query}`, headers: { ...user.headers, 'accept-language': language } });

/** The CSV as rows of cells (none of this test's cells hold a line break or a doubled quote). */
function parseCsv(body: string): string[][] {
  return body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => (line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? []).slice(0, 7).map((cell) => cell.replace(/,$/, '')));
}

async function walletBalance(user: User, currency: string): Promise<string> {
  const res = await call(t, user, 'GET', '/api/v1/wallet/balances');
  return res.json().balances.find((b: { currency: string }) => b.currency === currency)?.balance ?? '0';
}

async function depositToAlice(amount: string) {
  const user = await t.database.handle.db.selectFrom('users').select('id').where('email', '=', alice.email).executeTakeFirstOrThrow();
  const [row] = await upsertDeposits(
    t.database.handle.db,
    [
      {
        network: 'TRON',
        currency: 'USDT',
        tx_hash: TX_HASH,
        log_index: 0,
        from_address: TRON_ADDRESS,
        to_address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
        amount,
        raw_amount: new Decimal(amount).mul(1e6).toFixed(),
        block_number: '100',
        block_hash: 'b'.repeat(64),
        user_id: user.id,
        attributed_by: 'bound_address',
      },
    ],
    clock.now(),
  );
  expect(await creditDeposit(t.database.handle.db, row?.id as string, clock.now(), '+08:00')).toBe('credited');
}

/** A signed issuer webhook, as the issuer sends it. */
async function issuerEvent(type: string, authorizationId: string, issuerId: string, amount: string, merchant: string) {
  const body = JSON.stringify({
    id: `evt_${randomUUID()}`,
    type,
    created: new Date().toISOString(),
    data: { authorizationId, cardId: issuerId, amount, currency: 'USD', merchant: { name: merchant } },
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const delivery = randomUUID().replaceAll('-', '');
  const mac = createHmac('sha256', WEBHOOK_SECRET).update(`${timestamp}.${delivery}.${body}`).digest('hex');
  const res = await fetch(`${t.url}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-webhook-signature': `t=${timestamp},d=${delivery},v1=${mac}` },
    body,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createCardWorld({ clock });
  alice = await fundedUser(t, '1000');
  bob = await fundedUser(t, '0');
  // History is append-only; the funding is moved back in time (triggers off, for this test only) so
  // that a period after it has an opening balance.
  await t.database.handle.db.transaction().execute(async (trx) => {
    await sql`alter table ledger_entries disable trigger ledger_entries_append_only`.execute(trx);
    await sql`update ledger_entries set created_at = now() - interval '10 days'
      where account_id in (select id from ledger_accounts where purpose = 'wallet' and user_id = (select id from users where email = ${alice.email}))`.execute(
      trx,
    );
    await sql`alter table ledger_entries enable trigger ledger_entries_append_only`.execute(trx);
  });

  await depositToAlice('123.456789');
  const quote = await call(t, alice, 'POST', '/api/v1/wallet/exchange/quotes', { from: 'USDT', to: 'USD', amount: '33.33' });
  expect(quote.statusCode, quote.body).toBe(200);
  const exchanged = await call(t, alice, 'POST', '/api/v1/wallet/exchange', { quoteId: quote.json().id, paymentPassword: PIN });
  expect(exchanged.statusCode, exchanged.body).toBe(200);

  clock.advance(61);
  await sendAccountCode(t, alice.token, 'transfer');
  const sent = await call(t, alice, 'POST', '/api/v1/wallet/transfers', {
    toUid: bob.profile.uid,
    currency: 'USDT',
    amount: '25.5',
    code: await lastCode(t, alice.email),
    paymentPassword: PIN,
  });
  expect(sent.statusCode, sent.body).toBe(200);

  let issuerId: string;
  ({ cardId, issuerId } = await openActiveCard(t, alice));
  const recharged = await call(t, alice, 'POST', `/api/v1/cards/${cardId}/recharge`, { amount: '100', paymentPassword: PIN });
  expect(recharged.json().operation?.status, recharged.body).toBe('succeeded');
  const authorization = `iauth_${randomUUID()}`;
  expect(await issuerEvent('authorization.request', authorization, issuerId, '12.34', FORMULA_MERCHANT)).toMatchObject({ approved: true });
  await issuerEvent('authorization.clearing', authorization, issuerId, '12.34', FORMULA_MERCHANT);
}, 120_000);
afterAll(() => t?.close());

describe('wallet CSV', () => {
  it('lists every record of the period in Chinese, amounts exactly as the records show them', async () => {
    const res = await statement(alice, `from=${daysAgo(3)}&to=${today()}&format=csv`, 'zh');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="statement-${alice.profile.uid}-${daysAgo(3)}_${today()}.csv"`);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual(['时间（UTC）', '类型', '币种', '金额', '变动后余额', '详情', '状态']);

    // The same movements as the records API, oldest first (the funding is 10 days old: not in this period).
    const records = (
      await t.app.inject({ method: 'GET', url: '/api/v1/wallet/records?limit=100', headers: { ...alice.headers, 'accept-language': 'zh' } })
    )
      .json()
      .records.filter((r: { typeCode: number }) => r.typeCode !== 13)
      .reverse();
    expect(rows.map((r) => [r[1], r[2], r[3], r[4]])).toEqual(
      records.map((r: { label: string; currency: string; amount: string; balanceAfter: string }) => [
        r.label,
        r.currency,
        r.amount,
        r.balanceAfter,
      ]),
    );
    expect(rows.map((r) => r[1])).toEqual(['USDT充值', '兑换 USDT → USD', '兑换 USDT → USD', '转出 (USDT)', '开卡', '卡充值']);
    const byType = new Map(rows.map((r) => [r[1], r]));
    expect(byType.get('USDT充值')?.slice(2)).toEqual(['USDT', '123.456789', '1123.456789', `TRON · ${TX_HASH}`, '已完成']);
    expect(byType.get('转出 (USDT)')?.[3]).toBe('-25.5');
    expect(byType.get('转出 (USDT)')?.[5]).toBe(`转给 UID ${bob.profile.uid}（${bob.profile.emailMasked}）`);
    expect(byType.get('卡充值')?.[5]).toMatch(/^卡片（尾号\d{4}）$/);
    for (const r of rows) expect(r[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    // No internal id of ours anywhere in the file.
    expect(res.body).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
  });

  it('gives times in the member zone, and one currency when asked', async () => {
    const res = await statement(
      alice,
      `from=${daysAgo(3)}&to=${dayIn(new Date(), 'Asia/Shanghai')}&format=csv&currency=USD&tz=Asia/Shanghai`,
      'ko',
    );
    const [header, ...rows] = parseCsv(res.body);
    expect(header?.[0]).toBe('일시(Asia/Shanghai)');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.[1]).toBe('환전 USDT → USD');
    expect(rows[0]?.[0]).toMatch(/\+08:00$/);
    expect(rows[0]?.[3]).toBe(await walletBalance(alice, 'USD'));
  });
});

describe('sums', () => {
  it('opening + in - out = closing, and the closing balance is what the wallet holds', async () => {
    const res = await statement(alice, `from=${daysAgo(3)}&to=${today()}&format=csv`);
    const rows = parseCsv(res.body).slice(1);
    for (const currency of ['USDT', 'USD']) {
      const mine = rows.filter((r) => r[2] === currency);
      const moved = mine.reduce((sum, r) => sum.plus(r[3] as string), new Decimal(0));
      const opening = currency === 'USDT' ? new Decimal('1000') : new Decimal(0);
      expect(opening.plus(moved).toFixed()).toBe(await walletBalance(alice, currency));
      expect(mine.at(-1)?.[4]).toBe(await walletBalance(alice, currency));
    }
  });

  it("the PDF's summary: opening + in - out = closing per currency, closing = the wallet balance", async () => {
    const user = await t.database.handle.db.selectFrom('users').select('id').where('email', '=', alice.email).executeTakeFirstOrThrow();
    const built = await buildStatement(t.deps, user.id, { from: daysAgo(3), to: today(), format: 'pdf' }, 'en');
    expect(built.summaries.map((s) => s.currency)).toEqual(['USD', 'USDT']);
    for (const s of built.summaries) {
      expect(new Decimal(s.opening).plus(s.totalIn).minus(s.totalOut).toFixed()).toBe(s.closing);
      expect(s.closing).toBe(await walletBalance(alice, s.currency));
    }
    const usdt = built.summaries.find((s) => s.currency === 'USDT');
    expect(usdt).toMatchObject({ opening: '1000', totalIn: '123.456789' });
    // Out: the exchange's 33.33, the transfer's 25.5, the card's opening fee and its recharge.
    const out = built.rows.filter((r) => r.currency === 'USDT' && r.amount.startsWith('-')).map((r) => r.amount);
    expect(out).toHaveLength(4);
    expect(usdt?.totalOut).toBe(out.reduce((sum, a) => sum.minus(a), new Decimal(0)).toFixed());
  });

  it('a period before the movements holds the funding only', async () => {
    const res = await statement(alice, `from=${daysAgo(12)}&to=${daysAgo(5)}&format=csv`);
    const rows = parseCsv(res.body).slice(1);
    expect(rows.map((r) => [r[1], r[3], r[4]])).toEqual([['System addition', '1000', '1000']]);
  });
});

describe('card CSV', () => {
  it("lists the card's own movements in its currency, and makes a formula merchant harmless", async () => {
    const res = await statement(alice, `from=${daysAgo(1)}&to=${today()}&format=csv&cardId=${cardId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="statement-\d+-card-\d{4}-/);
    const rows = parseCsv(res.body).slice(1);
    expect(rows.map((r) => [r[1], r[2], r[3]])).toEqual([
      ['Card top-up', 'USD', expect.stringMatching(/^\d+(\.\d+)?$/)],
      ['Card authorization hold', 'USD', '-12.34'],
    ]);
    expect(rows[0]?.[5]).toBe('Wallet');
    expect(rows[1]?.[5]).toBe(`"'${FORMULA_MERCHANT.replaceAll('"', '""')}"`);
    const card = (await call(t, alice, 'GET', `/api/v1/cards/${cardId}`)).json();
    expect(rows.at(-1)?.[4]).toBe(card.balance);
  });

  it("refuses another member's card as not found", async () => {
    const res = await statement(bob, `from=${daysAgo(1)}&to=${today()}&format=csv&cardId=${cardId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('CARD_NOT_FOUND');
  });
});

describe('errors', () => {
  const code = async (query: string, language = 'en') => {
    const res = await statement(alice, query, language);
    return { status: res.statusCode, code: res.json().error.code, message: res.json().error.message };
  };

  it('refuses periods that are reversed, too long, in the future or not dates, in the member language', async () => {
    expect(await code(`from=${today()}&to=${daysAgo(1)}&format=csv`)).toMatchObject({ status: 400, code: 'STATEMENT_RANGE_REVERSED' });
    expect(await code(`from=${daysAgo(366)}&to=${today()}&format=pdf`, 'ja')).toMatchObject({
      status: 400,
      code: 'STATEMENT_RANGE_TOO_LONG',
      message: '取引明細書の期間は最長366日です。期間を短くしてください。',
    });
    expect((await statement(alice, `from=${daysAgo(365)}&to=${today()}&format=csv`)).statusCode).toBe(200);
    expect(await code(`from=2999-01-01&to=2999-01-02&format=csv`)).toMatchObject({ code: 'STATEMENT_IN_FUTURE' });
    expect(await code('from=2026-02-30&to=2026-03-01&format=csv')).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await code(`from=${today()}&to=${today()}&format=xls`)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await code(`from=${today()}&to=${today()}&format=csv&tz=Mars/Olympus`)).toMatchObject({ code: 'STATEMENT_TIME_ZONE_INVALID' });
    expect(await code(`from=${today()}&to=${today()}&format=csv&currency=USD&cardId=${cardId}`)).toMatchObject({
      code: 'STATEMENT_CARD_AND_CURRENCY',
    });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/me/statements?from=${today()}&to=${today()}&format=csv` });
    expect(res.statusCode).toBe(401);
  });
});

describe('PDF', () => {
  const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

  it('is an A4 PDF with the Chinese font embedded as a subset', async () => {
    const res = await statement(alice, `from=${daysAgo(3)}&to=${today()}&format=pdf&tz=Asia/Shanghai`, 'zh');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="statement-\d+-.+\.pdf"$/);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toMatch(/%%EOF/);
    const text = pdf.toString('latin1');
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC-Regular/);
    expect(text).toContain('/MediaBox [0 0 595.28 841.89]');
    expect(pages(pdf)).toBe(1);
    // A subset, not the 10 MB font.
    expect(pdf.length).toBeLessThan(300_000);
  });

  it('uses the Korean font for Korean', async () => {
    const res = await statement(alice, `from=${daysAgo(3)}&to=${today()}&format=pdf`, 'ko');
    expect(res.rawPayload.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansKR-Regular/);
  });
});
