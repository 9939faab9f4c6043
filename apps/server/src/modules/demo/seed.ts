import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database';
import { insertAddress } from '../address-book/book';
import { hashSecret } from '../auth/passwords';
import type { PaymentPins } from '../auth/payment-pins';
import { findUserByEmail, insertUser } from '../auth/service';
import { accountId, post, SYSTEM_PURPOSES, USER_WALLET } from '../ledger';
import { placeDemoWithdrawal } from '../wallet/demo-withdrawal';
import { seedAppRelease } from './app-release-content';
import { seedHelpContent } from './help-content';

export const DEMO_ACCOUNTS = [
  {
    email: 'demo@sbc-wallet.local',
    password: 'demo12345',
    paymentPassword: '123456',
    nickname: 'Demo',
    // BSC, so the demo account can send test USDT on the local chain (which plays BSC) at once.
    network: 'BSC',
    address: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
    funds: { USDT: '1250.5', USD: '320', HKD: '1500', JPY: '48000' },
  },
  {
    email: 'friend@sbc-wallet.local',
    password: 'demo12345',
    paymentPassword: '123456',
    nickname: 'Friend',
    network: 'TRON',
    address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    // Enough for the demo card (opening fee and a recharge, friend-card.ts) with some left to try things.
    funds: { USDT: '150' },
    // In the demo member's team, so the invitation screen has a member and rewards to show.
    invitedBy: 'demo@sbc-wallet.local',
  },
] as const;

/**
 * Demo data for a local `npm start`: two accounts with money, so a newcomer can try transfers and
 * exchanges at once, the friend invited by the demo member (friend-card.ts then gives the friend card
 * activity, once the app listens). Runs at every start and adds only what is missing; never in
 * production.
 */
export async function seedDemoData(db: Db, log: FastifyBaseLogger, pins: PaymentPins): Promise<void> {
  for (const demo of DEMO_ACCOUNTS) {
    if (await findUserByEmail(db, demo.email)) continue;
    // The inviter is fixed when the member is inserted (the database refuses a change later), so an
    // account seeded before invitations existed keeps having none. The inviter comes first in the list.
    const inviter = 'invitedBy' in demo ? await findUserByEmail(db, demo.invitedBy) : undefined;
    // The payment password's hash is keyed by the member's id, so the id is chosen here.
    const id = randomUUID();
    const user = await insertUser(db, {
      id,
      uid: String(randomInt(10_000_000, 100_000_000)),
      email: demo.email,
      password_hash: await hashSecret(demo.password),
      payment_password_hash: pins.hash(id, demo.paymentPassword),
      nickname: demo.nickname,
      // Each its own address: a sender bound by two users could be either, so its deposits wait for an operator.
      bound_network: demo.network,
      bound_address: demo.address,
      invite_code: `DEMO${randomInt(1000, 10000)}`,
      invited_by: inviter?.id ?? null,
    });
    for (const [currency, amount] of Object.entries(demo.funds) as Array<[keyof typeof demo.funds, string]>) {
      await post(db, {
        typeCode: 13,
        userId: user.id,
        reference: 'demo-seed',
        idempotencyKey: `demo-seed:${demo.email}:${currency}`,
        memo: { reason: 'demo data' },
        legs: [
          { accountId: await accountId(db, { userId: user.id, currency, purpose: USER_WALLET }), amount },
          { accountId: await accountId(db, { userId: null, currency, purpose: SYSTEM_PURPOSES.adjustments }), amount: `-${amount}` },
        ],
      });
    }
    log.info({ email: demo.email, uid: user.uid }, 'demo account created');
  }
  await seedSavedAddresses(db);
  await seedPendingWithdrawal(db, log);
  await seedAppRelease(db);
  await seedHelpContent(db, log);
}

/**
 * Each demo account has the other's address in its withdrawal address book, saved two days ago, so a
 * withdrawal to it can be tried at once (a newly saved address waits a day).
 */
async function seedSavedAddresses(db: Db): Promise<void> {
  const [demo, friend] = await Promise.all(DEMO_ACCOUNTS.map((account) => findUserByEmail(db, account.email)));
  if (!demo || !friend) return;
  const savedAt = new Date(Date.now() - 2 * 24 * 3600 * 1000);
  for (const [owner, other] of [
    [demo, friend],
    [friend, demo],
  ] as const) {
    await insertAddress(db, {
      user_id: owner.id,
      network: other.bound_network,
      address: other.bound_address,
      label: other.nickname,
      created_at: savedAt,
      usable_from: savedAt,
    });
  }
}

/**
 * A withdrawal from the demo account to the friend's address, waiting for review, so a newcomer has
 * one to approve in the console at once (below approvals.withdrawal_above: one operator decides it).
 * Made once: after it is decided, it stays decided.
 */
async function seedPendingWithdrawal(db: Db, log: FastifyBaseLogger): Promise<void> {
  const [demo, friend] = await Promise.all(DEMO_ACCOUNTS.map((account) => findUserByEmail(db, account.email)));
  if (!demo || !friend) return;
  const id = await placeDemoWithdrawal(db, {
    userId: demo.id,
    network: friend.bound_network,
    address: friend.bound_address,
    amount: DEMO_WITHDRAWAL.amount,
    fee: DEMO_WITHDRAWAL.fee,
    key: 'demo-seed:pending-withdrawal',
    at: new Date(Date.now() - 3600 * 1000),
  });
  log.info({ withdrawalId: id }, 'demo withdrawal waiting for review');
}

/** The seeded withdrawal: 120 USDT on TRON with TRON's default fee (WITHDRAW_FEES). */
export const DEMO_WITHDRAWAL = { amount: '120', fee: '1' } as const;
