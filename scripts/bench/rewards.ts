import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/platform/db/database';
import { loadInChild } from './child';
import type { RewardsWork, RewardsWorked } from './rewards-work';

/**
 * The rewards engine on a backlog (issue 43): `events` reward events of members of a `members` tree
 * (four generations, some inviters with agency roles), the holding window at 0 days so every reward
 * is due at once. The engine then works in its own process as the job worker does (rewards-work.ts):
 * every event turned into rewards (a row per event, beneficiary and level, paid or not), then every
 * payable reward released, one ledger journal each. Seeding is not timed.
 */
export interface RewardsFigures {
  members: number;
  events: number;
  /** Rewards rows written (paid or not_paid), and those released into wallets (a journal each, or offset). */
  rewards: number;
  released: number;
  journals: number;
  processSeconds: number;
  releaseSeconds: number;
  /** Rewards computed and released, per second of both phases together. */
  rewardsPerSecond: number;
  journalsPerSecond: number;
  seedSeconds: number;
}

const BATCH = 1000;
const RELEASERS = 2;

export async function rewardsBench(db: Db, url: string, { members, events }: { members: number; events: number }): Promise<RewardsFigures> {
  const seeding = performance.now();
  const ids = await seedTree(db, members);
  await seedEvents(db, ids.slice(Math.max(1, Math.floor(members / 100))), events);
  await sql`insert into console_settings (key, value) values ('rewards.holding_days', '0')
    on conflict (key) do update set value = excluded.value`.execute(db);
  const seedSeconds = (performance.now() - seeding) / 1000;

  const worked = await loadInChild<RewardsWork, RewardsWorked>('./rewards-work.ts', { url, batch: BATCH, releasers: RELEASERS });
  const counts = await sql<{ rewards: number; journals: number; waiting: number }>`
    select (select count(*)::int from rewards) as rewards,
      (select count(*)::int from rewards where journal_id is not null) as journals,
      (select count(*)::int from reward_events where processed_at is null) as waiting`.execute(db);
  const { rewards, journals, waiting } = counts.rows[0] as { rewards: number; journals: number; waiting: number };
  if (waiting > 0 || worked.processed !== events)
    throw new Error(`rewards bench: ${waiting} events left waiting, ${worked.processed} of ${events} processed`);
  const seconds = worked.processSeconds + worked.releaseSeconds;
  return {
    members,
    events,
    rewards,
    released: worked.released,
    journals,
    processSeconds: worked.processSeconds,
    releaseSeconds: worked.releaseSeconds,
    rewardsPerSecond: rewards / seconds,
    journalsPerSecond: journals / seconds,
    seedSeconds,
  };
}

/**
 * Members in four generations (1%, 9%, 30%, 60%), each invited by a member of the generation above,
 * one statement per generation (the users trigger writes team_links from the inviter's, committed by
 * then). One inviter in ten of the upper generations has an agency role. Each member its own bound
 * address: one shared by inviter and invitee would hold their rewards for review (abuse rules).
 */
async function seedTree(db: Db, count: number): Promise<string[]> {
  const shares = [0.01, 0.09, 0.3, 0.6];
  const generations: string[][] = [];
  let made = 0;
  for (const [g, share] of shares.entries()) {
    const size = g === shares.length - 1 ? count - made : Math.max(1, Math.floor(count * share));
    const above = generations[g - 1];
    const index = Array.from({ length: size }, (_, i) => made + i);
    const inviters = index.map(() => (above ? (above[randomInt(above.length)] as string) : null));
    const rows = await sql<{ id: string }>`
      insert into users (uid, email, password_hash, bound_network, bound_address, invite_code, invited_by)
      select (90000000 + n)::text, 'bench-reward-' || n || '@example.com', 'x', 'BSC', '0x' || lpad(to_hex(n), 40, '0'), 'RW' || n, inviter
      from unnest(${index}::int[], ${inviters}::uuid[]) as v(n, inviter)
      returning id`.execute(db);
    generations.push(rows.rows.map((r) => r.id));
    made += size;
  }
  const upper = [...(generations[0] ?? []), ...(generations[1] ?? []), ...(generations[2] ?? [])].filter((_, i) => i % 10 === 0);
  const roles = ['agent', 'promotion_manager', 'city_partner'];
  await sql`insert into agency_roles (user_id, role)
    select * from unnest(${upper}::uuid[], ${upper.map((_, i) => roles[i % roles.length])}::text[])`.execute(db);
  return generations.flat();
}

/** The backlog: openings, recharges and settled spending (USDT and USD), and a refund for one spend in a hundred. */
async function seedEvents(db: Db, members: string[], count: number): Promise<void> {
  const CHUNK = 10_000;
  const occurred = new Date(Date.now() - 60_000);
  for (let start = 0; start < count; start += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, count - start) }, (_, k) => {
      const n = start + k;
      const memberId = members[randomInt(members.length)] as string;
      const roll = n % 100;
      if (roll < 8) return { n, memberId, kind: 'card_opened', amount: null, currency: null, refundOf: null };
      if (roll < 10) return { n, memberId, kind: 'physical_card_opened', amount: null, currency: null, refundOf: null };
      if (roll < 35) return { n, memberId, kind: 'card_recharge', amount: `${randomInt(10, 2000)}`, currency: 'USDT', refundOf: null };
      // A refund of the spend just before it (n - 1 is a spend when roll is 99), for part of it.
      if (roll === 99) return { n, memberId: '', kind: 'card_refund', amount: '1', currency: 'USD', refundOf: `bench-reward:${n - 1}` };
      return { n, memberId, kind: 'card_spend', amount: `${randomInt(1, 500)}.${randomInt(0, 100)}`, currency: 'USD', refundOf: null };
    });
    // A refund is the spending member's: the spend before it in the same chunk.
    rows.forEach((row, i) => {
      if (row.kind === 'card_refund') row.memberId = (rows[i - 1] ?? rows[0])?.memberId as string;
    });
    await sql`insert into reward_events (kind, member_id, source_key, source_ref, refund_of, amount, currency, occurred_at)
      select kind, member_id, 'bench-reward:' || n, 'card:bench', refund_of, amount, currency, ${occurred}
      from unnest(${rows.map((r) => r.n)}::int[], ${rows.map((r) => r.memberId)}::uuid[], ${rows.map((r) => r.kind)}::text[],
        ${rows.map((r) => r.refundOf)}::text[], ${rows.map((r) => r.amount)}::numeric[], ${rows.map((r) => r.currency)}::text[])
        as v(n, member_id, kind, refund_of, amount, currency)
      order by n`.execute(db);
  }
}
