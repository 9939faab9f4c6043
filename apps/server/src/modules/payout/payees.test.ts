import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, sendAccountCode } from '../../../test/accounts';
import { loggedStrings } from '../../../test/app';
import { ManualClock } from '../../../test/clock';
import {
  addPayee,
  alipayPayee,
  bankPayee,
  call,
  createPayoutWorld,
  fundedMember,
  idNumberBornOn,
  type Member,
  type PayoutWorld,
  PIN,
} from '../../../test/payout';

/** Receiving accounts: every rule and refusal, sealed numbers, masks, the KYC name rule, soft delete. */
let t: PayoutWorld;
let alice: Member;

beforeAll(async () => {
  t = await createPayoutWorld({ clock: new ManualClock(), partner: false });
  alice = await fundedMember(t, '0');
});
afterAll(() => t?.close());

const save = (member: Member, body: object, id?: string, language = 'en') =>
  call(t, member, id ? 'PUT' : 'POST', id ? `/api/v1/payout/payees/${id}` : '/api/v1/payout/payees', body, undefined, language);

describe('adding a payee', () => {
  it('keeps the numbers sealed: the raw row holds no ID, account or phone in clear, and no log line does', async () => {
    const alipay = alipayPayee();
    const bank = bankPayee();
    const a = await addPayee(t, alice, alipay);
    const b = await addPayee(t, alice, bank);
    const rows = await sql<{
      row: string;
    }>`select row_to_json(p)::text as row, encode(secret, 'escape') as raw from payees p where id in (${a.id}, ${b.id})`.execute(
      t.database.handle.db,
    );
    expect(rows.rows).toHaveLength(2);
    const everything = rows.rows.map((r) => JSON.stringify(r)).join('\n');
    for (const secret of [alipay.idNumber, alipay.alipayAccount, bank.idNumber, bank.accountNumber, bank.phone]) {
      expect(everything).not.toContain(secret);
      expect(loggedStrings(t.logs).join('\n')).not.toContain(secret);
    }
    const keyIds = await t.database.handle.db.selectFrom('payees').select('key_id').where('id', 'in', [a.id, b.id]).execute();
    expect(keyIds.map((k) => k.key_id)).toEqual(['dev1', 'dev1']);
  });

  it('lists payees masked to the last 4, default first per kind', async () => {
    const res = await call(t, alice, 'GET', '/api/v1/payout/payees?kind=bank');
    expect(res.statusCode, res.body).toBe(200);
    const [bank] = res.json().payees;
    expect(bank).toMatchObject({
      kind: 'bank',
      isDefault: true,
      name: '张三',
      accountLast4: '0123',
      phoneLast4: '9000',
      bankName: '中国工商银行',
    });
    expect(JSON.stringify(res.json())).not.toContain('6222021234567890123');
  });

  it('lists an email account by its start and domain, a phone or card by its last 4', async () => {
    const bob = await fundedMember(t, '0');
    const email = await addPayee(t, bob, alipayPayee({ alipayAccount: 'zhangsan88@qq.com' }));
    await addPayee(t, bob, bankPayee());
    const { payees } = (await call(t, bob, 'GET', '/api/v1/payout/payees')).json();
    const masks = Object.fromEntries(payees.map((p: { id: string; kind: string; accountMasked: string }) => [p.kind, p.accountMasked]));
    expect(masks).toEqual({ alipay: 'zh•••@qq.com', bank: '•••• 0123' });
    expect(payees.find((p: { id: string }) => p.id === email.id)).toMatchObject({ accountLast4: '.com' });
    expect(JSON.stringify(payees)).not.toContain('zhangsan88');
  });

  it('shows every field after the payment password only', async () => {
    const [payee] = (await call(t, alice, 'GET', '/api/v1/payout/payees?kind=alipay')).json().payees;
    const wrong = await call(t, alice, 'POST', `/api/v1/payout/payees/${payee.id}/reveal`, { paymentPassword: '000000' });
    expect(wrong.json().error.code).toBe('PAYMENT_PASSWORD_WRONG');
    const res = await call(t, alice, 'POST', `/api/v1/payout/payees/${payee.id}/reveal`, { paymentPassword: PIN });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().details).toEqual(alipayPayee());
  });

  it('refuses each bad field with its own code, in the member language', async () => {
    const cases: Array<[object, string]> = [
      [alipayPayee({ alipayAccount: 'not an account' }), 'PAYEE_ALIPAY_ACCOUNT_INVALID'],
      [alipayPayee({ lastName: '' }), 'PAYEE_NAME_INVALID'],
      [alipayPayee({ firstName: 'R2-D2' }), 'PAYEE_NAME_INVALID'],
      [alipayPayee({ birthDate: '2015-01-01', idNumber: idNumberBornOn('20150101') }), 'PAYEE_BIRTH_DATE_INVALID'],
      [alipayPayee({ birthDate: '1991-03-07' }), 'PAYEE_BIRTH_DATE_MISMATCH'],
      [alipayPayee({ city: ' ' }), 'PAYEE_CITY_REQUIRED'],
      [alipayPayee({ address: '' }), 'PAYEE_ADDRESS_REQUIRED'],
      [alipayPayee({ idNumber: '110105199003071230' }), 'PAYEE_ID_NUMBER_INVALID'],
      [bankPayee({ bankName: '' }), 'PAYEE_BANK_NAME_REQUIRED'],
      [bankPayee({ accountNumber: '6222-abc' }), 'PAYEE_ACCOUNT_NUMBER_INVALID'],
      [bankPayee({ phone: '12345' }), 'PAYEE_PHONE_INVALID'],
    ];
    for (const [payee, code] of cases) {
      const res = await save(alice, { payee, paymentPassword: PIN }, undefined, 'zh');
      expect(res.statusCode, `${code}: ${res.body}`).toBe(400);
      const fields = res.json().error.details.fields as Array<{ message: string }>;
      expect(fields.map((f) => f.message).join(' ')).toMatch(/[\u4e00-\u9fff]/);
    }
    const none = await save(alice, { payee: alipayPayee() });
    expect(none.json().error.details.fields[0].message).toBe('Confirm with your payment password or the emailed code.');
  });

  it('takes the emailed code instead of the payment password, and spends it', async () => {
    const bob = await fundedMember(t, '0');
    await sendAccountCode(t, bob.token, 'payee');
    const code = await lastCode(t, bob.email);
    const first = await save(bob, { payee: alipayPayee(), code });
    expect(first.statusCode, first.body).toBe(200);
    const again = await save(bob, { payee: bankPayee(), code });
    expect(again.json().error.code).toBe('CODE_EXPIRED');
    const wrongPin = await save(bob, { payee: bankPayee(), paymentPassword: '000000' });
    expect(wrongPin.json().error.code).toBe('PAYMENT_PASSWORD_WRONG');
    expect((await call(t, bob, 'GET', '/api/v1/payout/payees')).json().payees).toHaveLength(1);
  });

  it('pays only to the member themself once a card KYC has passed', async () => {
    const carol = await fundedMember(t, '0');
    await t.database.handle.db
      .insertInto('cardholders')
      .values({ user_id: await userIdOf(carol), kyc_status: 'passed', kyc_data: JSON.stringify({ firstName: 'San', lastName: 'Zhang' }) })
      .execute();
    const someoneElse = await save(carol, { payee: alipayPayee(), paymentPassword: PIN }, undefined, 'ja');
    expect(someoneElse.statusCode).toBe(403);
    expect(someoneElse.json().error).toMatchObject({ code: 'PAYEE_NAME_MISMATCH' });
    expect(someoneElse.json().error.message).toMatch(/[\u3040-\u30ff]/);
    const herself = await save(carol, { payee: alipayPayee({ lastName: 'Zhang', firstName: 'San' }), paymentPassword: PIN });
    expect(herself.statusCode, herself.body).toBe(200);
    const bankHerself = await save(carol, { payee: bankPayee({ name: 'Zhang San' }), paymentPassword: PIN });
    expect(bankHerself.statusCode, bankHerself.body).toBe(200);
  });
});

async function userIdOf(member: Member) {
  const row = await t.database.handle.db.selectFrom('users').select('id').where('email', '=', member.email).executeTakeFirstOrThrow();
  return row.id;
}

describe('changing payees', () => {
  it('edits in place, moves the default, deletes softly and refuses someone else', async () => {
    const dan = await fundedMember(t, '0');
    const first = await addPayee(t, dan, alipayPayee());
    const second = await addPayee(t, dan, alipayPayee({ alipayAccount: 'dan@example.com' }));
    let list = (await call(t, dan, 'GET', '/api/v1/payout/payees')).json().payees;
    expect(list.map((p: { id: string; isDefault: boolean }) => [p.id, p.isDefault])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
    expect((await call(t, dan, 'POST', `/api/v1/payout/payees/${second.id}/default`)).statusCode).toBe(200);
    const edited = await save(dan, { payee: alipayPayee({ alipayAccount: 'dan2@example.com' }), paymentPassword: PIN }, first.id);
    expect(edited.json()).toMatchObject({ accountLast4: '.com', isDefault: false });
    const kindChange = await save(dan, { payee: bankPayee(), paymentPassword: PIN }, first.id);
    expect(kindChange.json().error.code).toBe('PAYEE_KIND_MISMATCH');
    expect((await call(t, alice, 'DELETE', `/api/v1/payout/payees/${first.id}`)).json().error.code).toBe('PAYEE_NOT_FOUND');
    expect((await call(t, dan, 'DELETE', `/api/v1/payout/payees/${first.id}`)).statusCode).toBe(200);
    list = (await call(t, dan, 'GET', '/api/v1/payout/payees')).json().payees;
    expect(list.map((p: { id: string }) => p.id)).toEqual([second.id]);
    const kept = await t.database.handle.db.selectFrom('payees').select('deleted_at').where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(kept.deleted_at).not.toBeNull();
  });
});
