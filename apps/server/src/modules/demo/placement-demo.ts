import type { ConsoleRoundBody } from '@wallet/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type Clock, systemClock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { findUserByEmail } from '../auth/service';
import { accountId, post, SYSTEM_PURPOSES, USER_WALLET } from '../ledger';
import { devMakerContext } from '../operators/dev-operators';
import { createRound } from '../placement/console-rounds';
import { DEMO_ACCOUNTS } from './seed';

/**
 * Demo data for private placement and nodes (issue 44): an open round, made by the development
 * operator `ops@` through the console's own service (audited as such), and USDT for the demo member
 * to buy ten small nodes at the default price and upgrade them, so the README's walk-through works on
 * a fresh `npm start`. Runs after the development operators exist; adds only what is missing.
 */

const DAY_MS = 24 * 3600 * 1000;

export const DEMO_ROUND_NAME = 'SBC private placement, round 1';

/** The round as an operator would fill the console's form: 1,000,000 SBC in two tiers, open 90 days. */
export function demoRound(now: Date): ConsoleRoundBody {
  return {
    name: { en: DEMO_ROUND_NAME, zh: 'SBC 私募第一轮', ko: 'SBC 사모 1차', ja: 'SBC プライベートセール 第1ラウンド' },
    rules: {
      en: 'The first 400,000 SBC sell at 0.08 USDT, the next 600,000 at 0.10 USDT; one purchase may span both. Each member buys 100 to 200,000 SBC in this round, paid from the USDT wallet with the payment password. Bought SBC waits in My placement until you distribute it.',
      zh: '前 400,000 SBC 单价 0.08 USDT，其后 600,000 SBC 单价 0.10 USDT，一笔购买可跨越两档。每位会员本轮可购买 100 至 200,000 SBC，以 USDT 钱包支付并验证支付密码。购得的 SBC 在“我的私募”中等待分发。',
      ko: '처음 400,000 SBC는 0.08 USDT, 다음 600,000 SBC는 0.10 USDT에 판매되며 한 번의 구매가 두 구간에 걸칠 수 있습니다. 회원당 이번 라운드에서 100~200,000 SBC를 USDT 지갑과 결제 비밀번호로 구매합니다. 구매한 SBC는 배분할 때까지 내 사모에 보관됩니다.',
      ja: '最初の 400,000 SBC は 0.08 USDT、次の 600,000 SBC は 0.10 USDT で販売され、1 回の購入が両方にまたがることがあります。会員 1 人あたり本ラウンドで 100〜200,000 SBC を USDT ウォレットと支払いパスワードで購入できます。購入した SBC は配布するまでマイ・プライベートセールで保管されます。',
    },
    tiers: [
      { quantity: '400000', price: '0.08' },
      { quantity: '600000', price: '0.1' },
    ],
    minPerMember: '100',
    maxPerMember: '200000',
    startsAt: now.toISOString(),
    endsAt: new Date(now.getTime() + 90 * DAY_MS).toISOString(),
    kycRequired: false,
    note: 'demo data: the round a newcomer tries on npm start',
  };
}

/** What the demo member gets for nodes: ten small nodes at the default price (nodes.small_price, 1,000 USDT) with some to spare. */
export const DEMO_NODE_FUNDS = '10500';

export async function seedPlacementDemo(db: Db, log: FastifyBaseLogger, clock: Clock = systemClock): Promise<void> {
  await fundDemoNodes(db);
  await seedDemoRound(db, log, clock);
}

/** Once per database (the journal's idempotency key), as the rest of the demo money is made (seed.ts). */
async function fundDemoNodes(db: Db): Promise<void> {
  const demo = await findUserByEmail(db, DEMO_ACCOUNTS[0].email);
  if (!demo) return;
  await post(db, {
    typeCode: 13,
    userId: demo.id,
    reference: 'demo-seed',
    idempotencyKey: `demo-seed:nodes:${demo.email}:USDT`,
    memo: { reason: 'demo data: USDT for small nodes' },
    legs: [
      { accountId: await accountId(db, { userId: demo.id, currency: 'USDT', purpose: USER_WALLET }), amount: DEMO_NODE_FUNDS },
      {
        accountId: await accountId(db, { userId: null, currency: 'USDT', purpose: SYSTEM_PURPOSES.adjustments }),
        amount: `-${DEMO_NODE_FUNDS}`,
      },
    ],
  });
}

/** The demo round, made once: a round of that name, open or not, is left as it is (an operator may have closed it). */
async function seedDemoRound(db: Db, log: FastifyBaseLogger, clock: Clock): Promise<void> {
  const existing = await db
    .selectFrom('placement_rounds')
    .select('id')
    .where((eb) => eb(eb.ref('name', '->>').key('en'), '=', DEMO_ROUND_NAME))
    .executeTakeFirst();
  if (existing) return;
  const operator = await devMakerContext(db);
  if (!operator) return;
  const { round } = await createRound({ db, clock }, operator, demoRound(clock.now()));
  log.info({ roundId: round.id }, 'demo placement round created');
}
