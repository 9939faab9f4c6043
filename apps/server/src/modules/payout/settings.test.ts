import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../test/clock';
import { testOperator } from '../../../test/operators';
import { createPayoutWorld, type PayoutWorld } from '../../../test/payout';

/** The console's payout settings form: it reads what PUT takes, and sends it back unchanged. */
let t: PayoutWorld;
const clock = new ManualClock(new Date());

beforeAll(async () => {
  t = await createPayoutWorld({ clock, partner: false });
});
afterAll(() => t.close());

const read = (headers: { authorization: string }) => t.app.inject({ method: 'GET', url: '/api/v1/admin/payout/settings', headers });
const write = (headers: { authorization: string }, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/admin/payout/settings', headers, payload });

describe('the flash exchange settings', () => {
  it('reads as PUT takes them, and a changed setting reads back with its time and an audit entry holding before and after', async () => {
    const finance = await testOperator(t, ['finance']);
    const initial = await read(finance.headers);
    expect(initial.statusCode, initial.body).toBe(200);
    // The migration's defaults, in PUT's formats: USDT to cents, ratios as written.
    const { updatedAt, ...asPut } = initial.json();
    expect(asPut).toEqual({
      enabled: true,
      minimum: '10.00',
      maximum: '5000.00',
      dailyLimit: '20000.00',
      spread: '0.005',
      feeRate: '0.003',
    });
    expect(Date.parse(updatedAt)).not.toBeNaN();

    // What was read goes back through PUT as it is.
    expect((await write(finance.headers, asPut)).statusCode).toBe(200);
    clock.advance(60);
    const changed = { ...asPut, enabled: false, maximum: '4000.5', spread: '0.0125' };
    expect((await write(finance.headers, changed)).statusCode).toBe(200);
    const after = (await read(finance.headers)).json();
    expect(after).toEqual({ ...changed, maximum: '4000.50', updatedAt: clock.now().toISOString() });

    const audit = await t.database.handle.db
      .selectFrom('operator_audit')
      .select(['before', 'after'])
      .where('action', '=', 'payout.settings')
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ enabled: true, maximum: '5000.00', spread: '0.005' });
    expect(audit.after).toMatchObject({ enabled: false, maximum: '4000.5', spread: '0.0125' });
  });

  it('is read with payout.read: support may not, the auditor may', async () => {
    expect((await read((await testOperator(t, ['support'])).headers)).statusCode).toBe(403);
    expect((await read((await testOperator(t, ['auditor'])).headers)).statusCode).toBe(200);
  });
});
