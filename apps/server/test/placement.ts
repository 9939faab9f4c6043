import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { Decimal, type PriceTier } from '@wallet/contract';
import { paymentPinsFrom } from '../src/modules/auth/payment-pins';
import { insertSession, insertUser } from '../src/modules/auth/queries';
import { existingAccounts, USER_PLACEMENT, USER_WALLET } from '../src/modules/ledger';
import { loadConfig } from '../src/platform/config';
import type { Db } from '../src/platform/db/database';
import { PIN } from './accounts';
import type { TestApp } from './app';
import { creditMember } from './ledger-fixtures';

/** Rounds and members for the placement tests, written straight to the database where the API is not what is tested. */

export interface RoundSpec {
  tiers?: PriceTier[];
  min?: string;
  max?: string;
  startsAt?: Date;
  endsAt?: Date;
  kycRequired?: boolean;
  sold?: string;
}

const names = (text: string) => ({ en: text, zh: text, ko: text, ja: text });

/** A round as an operator would make it (the console's own tests make them through the API). */
export async function makeRound(db: Db, now: Date, spec: RoundSpec = {}): Promise<string> {
  const tiers = spec.tiers ?? [{ quantity: '1000', price: '0.1' }];
  const total = tiers.reduce((sum, tier) => sum.plus(tier.quantity), new Decimal(0)).toFixed();
  const row = await db
    .insertInto('placement_rounds')
    .values({
      name: JSON.stringify(names(`Round ${randomBytes(3).toString('hex')}`)),
      rules: JSON.stringify(names('Rules')),
      tiers: JSON.stringify(tiers),
      total_quantity: total,
      sold: spec.sold ?? '0',
      min_per_member: spec.min ?? '1',
      max_per_member: spec.max ?? total,
      starts_at: spec.startsAt ?? new Date(now.getTime() - 3600_000),
      ends_at: spec.endsAt ?? new Date(now.getTime() + 7 * 86400_000),
      kyc_required: spec.kycRequired ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface CheapMember {
  id: string;
  uid: string;
  email: string;
  headers: { authorization: string };
}

/**
 * Members with a session and the payment password PIN, made without the sign-up flow (its emailed
 * codes and password hashing would take minutes for hundreds), each funded with `usdt`.
 */
export async function cheapMembers(t: TestApp, count: number, usdt: string, now: Date): Promise<CheapMember[]> {
  const db = t.database.handle.db;
  const pins = paymentPinsFrom(loadConfig({ NODE_ENV: 'test', DATABASE_URL: t.database.url }));
  const made: CheapMember[] = [];
  for (let start = 0; start < count; start += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - start) }, async () => {
        const user = await insertUser(db, {
          uid: String(randomInt(10_000_000, 100_000_000)),
          email: `buyer-${randomBytes(6).toString('hex')}@example.com`,
          password_hash: 'not-a-real-hash',
          bound_network: 'BSC',
          bound_address: `0x${randomBytes(20).toString('hex')}`,
          invite_code: randomBytes(5).toString('hex').toUpperCase(),
        });
        await db
          .updateTable('users')
          .set({ payment_password_hash: pins.hash(user.id, PIN) })
          .where('id', '=', user.id)
          .execute();
        const token = randomBytes(32).toString('base64url');
        await insertSession(db, {
          user_id: user.id,
          token_hash: createHash('sha256').update(token).digest(),
          device: 'vitest',
          ip: null,
          now,
        });
        if (usdt !== '0') await creditMember(db, user.id, 'USDT', usdt);
        return { id: user.id, uid: user.uid, email: user.email, headers: { authorization: `Bearer ${token}` } };
      }),
    );
    made.push(...batch);
  }
  return made;
}

/** A member's SBC and USDT as the ledger holds them: wallet and placement account (awaiting distribution). */
export async function holdings(db: Db, userId: string) {
  const [sbc, usdt] = await Promise.all([
    existingAccounts(db, userId, 'SBC', [USER_WALLET, USER_PLACEMENT]),
    existingAccounts(db, userId, 'USDT', [USER_WALLET]),
  ]);
  const balance = async (id: string | undefined) =>
    id
      ? new Decimal(
          (await db.selectFrom('ledger_accounts').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance,
        ).toFixed()
      : '0';
  return {
    sbcWallet: await balance(sbc.get(USER_WALLET)),
    placement: await balance(sbc.get(USER_PLACEMENT)),
    usdt: await balance(usdt.get(USER_WALLET)),
  };
}

export const key = () => randomUUID();
