import { randomInt, randomUUID } from 'node:crypto';
import { insertUser } from '../../apps/server/src/modules/auth/queries';
import { accountId, type Posting, post, SYSTEM_PURPOSES, USER_WALLET } from '../../apps/server/src/modules/ledger';
import type { Db } from '../../apps/server/src/platform/db/database';

/** Users with a funded USDT wallet, created straight in the database. */
export async function fundedWallets(db: Db, count: number): Promise<string[]> {
  const adjustments = await accountId(db, { userId: null, currency: 'USDT', purpose: SYSTEM_PURPOSES.adjustments });
  const wallets: string[] = [];
  for (let i = 0; i < count; i++) {
    const user = await insertUser(db, {
      uid: String(10_000_000 + i),
      email: `bench-${i}@example.com`,
      password_hash: 'x',
      bound_network: 'TRON',
      bound_address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      invite_code: `B${i}`,
    });
    const wallet = await accountId(db, { userId: user.id, currency: 'USDT', purpose: USER_WALLET });
    await post(db, {
      typeCode: 13,
      userId: user.id,
      idempotencyKey: `bench-fund-${i}`,
      legs: [
        { accountId: adjustments, amount: '-1000000' },
        { accountId: wallet, amount: '1000000' },
      ],
    });
    wallets.push(wallet);
  }
  return wallets;
}

/**
 * Postings per second straight into the ledger (no HTTP, no checks before it), one transaction each,
 * with `clients` concurrent posters for `seconds`; `pick` chooses the two accounts of each.
 */
export async function postingsPerSecond(db: Db, clients: number, seconds: number, pick: () => [string, string]): Promise<number> {
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < deadline) {
        const [from, to] = pick();
        const posting: Posting = {
          typeCode: 23,
          userId: null,
          idempotencyKey: randomUUID(),
          legs: [
            { accountId: from, amount: '-0.01' },
            { accountId: to, amount: '0.01' },
          ],
        };
        await post(db, posting);
        done += 1;
      }
    }),
  );
  return done / seconds;
}

export function uniformPick(wallets: string[]): () => [string, string] {
  return () => {
    const a = randomInt(wallets.length);
    let b = randomInt(wallets.length - 1);
    if (b >= a) b += 1;
    return [wallets[a] as string, wallets[b] as string];
  };
}
