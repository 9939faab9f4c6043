import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CardWorld, call, createCardWorld, fundedUser, PIN, type User } from '../../../../test/cards';
import { ManualClock } from '../../../../test/clock';
import { openActiveCard } from '../../../../test/open-card';
import { addPayee, alipayPayee } from '../../../../test/payout';
import { turnOnTotp } from '../../../../test/second-factor';

/** Card details and payee changes, once the member has a second factor: refused without it. */
let t: CardWorld;
const clock = new ManualClock();
let alice: User;
let cardId: string;

beforeAll(async () => {
  t = await createCardWorld({ clock });
  alice = await fundedUser(t, '1000');
  ({ cardId } = await openActiveCard(t, alice));
});
afterAll(() => t?.close());

describe('with the second factor on', () => {
  it('reveals card details only with the second factor', async () => {
    const totp = await turnOnTotp(t, alice, clock);
    const refused = await call(t, alice, 'POST', `/api/v1/cards/${cardId}/reveal`, { paymentPassword: PIN });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    const wrong = await call(t, alice, 'POST', `/api/v1/cards/${cardId}/reveal`, {
      paymentPassword: PIN,
      secondFactor: { recoveryCode: 'AAAAA-AAAAA' },
    });
    expect(wrong.json().error.code).toBe('SECOND_FACTOR_WRONG');
    const shown = await call(t, alice, 'POST', `/api/v1/cards/${cardId}/reveal`, {
      paymentPassword: PIN,
      secondFactor: { totp: await totp.code() },
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().pan).toMatch(/^\d{16}$/);
  });

  it('adds, changes and deletes a payee only with the second factor', async () => {
    const bob = await fundedUser(t, '0');
    const kept = await addPayee(t, bob, alipayPayee());
    const totp = await turnOnTotp(t, bob, clock);

    const add = (secondFactor?: object) =>
      call(t, bob, 'POST', '/api/v1/payout/payees', {
        payee: alipayPayee({ alipayAccount: 'bob@example.com' }),
        paymentPassword: PIN,
        secondFactor,
      });
    expect((await add()).json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    expect((await add({ totp: await totp.code() })).statusCode).toBe(200);

    const change = (secondFactor?: object) =>
      call(t, bob, 'PUT', `/api/v1/payout/payees/${kept.id}`, {
        payee: alipayPayee({ alipayAccount: '13900139000' }),
        paymentPassword: PIN,
        secondFactor,
      });
    expect((await change()).json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    expect((await change({ totp: await totp.code() })).statusCode).toBe(200);

    const remove = (payload?: object) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/payout/payees/${kept.id}`, headers: bob.headers, ...(payload && { payload }) });
    expect((await remove()).json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    expect((await remove({ secondFactor: { recoveryCode: totp.recoveryCodes[0] } })).statusCode).toBe(200);
    const left = await call(t, bob, 'GET', '/api/v1/payout/payees');
    expect(left.json().payees.map((p: { id: string }) => p.id)).not.toContain(kept.id);
  });
});
