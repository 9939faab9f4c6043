import { sql } from 'kysely';
import type { Executor } from '../../../platform/db/database';

/*
 * SQL of the abuse rules. The signals read where each link lives: users (bound address), payees
 * (account fingerprints, written by payout), cards (number fingerprints, written at binding), auth's
 * trusted_devices (device key hashes) and member_signups. They are read here in SQL rather than
 * through each module's service because the rewards engine asks for thousands of pairs at once: one
 * set-based statement per batch, never a call per pair. Nothing here writes those tables.
 */

/** More sign-ups than this from one address within an hour of the invitee's is a burst. */
export const SIGNUP_BURST_LIMIT = 5;

export type ReviewStatus = 'open' | 'cleared' | 'voided';

export interface PairKey {
  beneficiaryId: string;
  memberId: string;
}

export interface ReviewedPair extends PairKey {
  status: ReviewStatus;
}

/** What a pair without a review shares, as read; the caller turns it into masked signals. */
export interface PairFindings extends PairKey {
  reviewStatus: ReviewStatus | null;
  sameAddress: boolean;
  network: string | null;
  address: string | null;
  payeeMasked: string | null;
  deviceLabel: string | null;
  cardLast4: string | null;
  burstIp: string | null;
  burstCount: number;
}

/**
 * One statement for a whole batch of distinct pairs: the pairs' reviews (share-locked, so a decision being made waits
 * for this transaction, and this one reads the decision once it is made) and, for pairs without a
 * review, what they share. Pairs with a review come back with reviewStatus set and nothing else.
 */
export async function readPairs(trx: Executor, pairs: PairKey[]): Promise<PairFindings[]> {
  const beneficiaries = pairs.map((pair) => pair.beneficiaryId);
  const members = pairs.map((pair) => pair.memberId);
  const { rows } = await sql<{
    beneficiary_id: string;
    member_id: string;
    review_status: ReviewStatus | null;
    same_address: boolean | null;
    network: string | null;
    address: string | null;
    payee_masked: string | null;
    device_label: string | null;
    card_last4: string | null;
    burst_ip: string | null;
    burst_count: number | null;
  }>`
    with pairs as (
      select p.beneficiary_id, p.member_id
      from unnest(${beneficiaries}::uuid[], ${members}::uuid[]) as p(beneficiary_id, member_id)
    ),
    reviewed as (
      select r.inviter_id, r.invitee_id, r.status
      from referral_reviews r
      join pairs p on p.beneficiary_id = r.inviter_id and p.member_id = r.invitee_id
      for share of r
    ),
    fresh as (
      select p.beneficiary_id, p.member_id from pairs p
      where not exists (select 1 from reviewed r where r.inviter_id = p.beneficiary_id and r.invitee_id = p.member_id)
    )
    select inviter_id as beneficiary_id, invitee_id as member_id, status as review_status,
      null::boolean as same_address, null as network, null as address, null as payee_masked, null as device_label,
      null as card_last4, null as burst_ip, null::int as burst_count
    from reviewed
    union all
    select f.beneficiary_id, f.member_id, null,
      b.bound_network = m.bound_network
        and (b.bound_address = m.bound_address or (b.bound_network = 'BSC' and lower(b.bound_address) = lower(m.bound_address))),
      m.bound_network, m.bound_address,
      (select coalesce(pm.account_masked, '•••• ' || pm.account_last4)
         from payees pb
         join payees pm on pm.account_fingerprint = pb.account_fingerprint and pm.user_id = f.member_id and pm.deleted_at is null
         where pb.user_id = f.beneficiary_id and pb.deleted_at is null and pb.account_fingerprint is not null
         limit 1),
      (select s.device
         from trusted_devices tb
         join trusted_devices tm on tm.key_hash = tb.key_hash and tm.user_id = f.member_id
         join sessions s on s.id = tm.session_id
         where tb.user_id = f.beneficiary_id
         limit 1),
      (select coalesce(cm.last4, '')
         from cards cb
         join cards cm on cm.number_fingerprint = cb.number_fingerprint and cm.user_id = f.member_id
         where cb.user_id = f.beneficiary_id and cb.number_fingerprint is not null
         limit 1),
      ms.ip,
      (select count(*)::int from member_signups o
         where o.ip = ms.ip and o.created_at between ms.created_at - interval '1 hour' and ms.created_at + interval '1 hour')
    from fresh f
    join users b on b.id = f.beneficiary_id
    join users m on m.id = f.member_id
    -- A loopback address means the server never saw the client's (development, tests, or a proxy not
    -- named in TRUST_PROXY): every sign-up would share it, so it says nothing about who signed up.
    left join member_signups ms on ms.user_id = f.member_id and ms.ip is not null
      and ms.ip not like '127.%' and ms.ip <> '::1' and ms.ip not like '::ffff:127.%'
  `.execute(trx);
  return rows.map((row) => ({
    beneficiaryId: row.beneficiary_id,
    memberId: row.member_id,
    reviewStatus: row.review_status,
    sameAddress: row.same_address === true,
    network: row.network,
    address: row.address,
    payeeMasked: row.payee_masked,
    deviceLabel: row.device_label,
    cardLast4: row.card_last4,
    burstIp: row.burst_ip,
    burstCount: row.burst_count ?? 0,
  }));
}

/** Opens reviews for newly found pairs; a pair another transaction opened first is left to it (read it after). */
export async function openReviews(trx: Executor, found: (PairKey & { signals: unknown[] })[], now: Date): Promise<Set<string>> {
  const { rows } = await sql<{ inviter_id: string; invitee_id: string }>`
    insert into referral_reviews (inviter_id, invitee_id, signals, status, created_at)
    select i, m, s, 'open', ${now}
    from unnest(${found.map((f) => f.beneficiaryId)}::uuid[], ${found.map((f) => f.memberId)}::uuid[],
      ${found.map((f) => JSON.stringify(f.signals))}::jsonb[]) as x(i, m, s)
    on conflict (inviter_id, invitee_id) do nothing
    returning inviter_id, invitee_id
  `.execute(trx);
  return new Set(rows.map((row) => `${row.inviter_id}:${row.invitee_id}`));
}

/** Reviews of these pairs, share-locked (after a lost race to open them). */
export async function reviewsOf(trx: Executor, pairs: PairKey[]): Promise<ReviewedPair[]> {
  const { rows } = await sql<{ inviter_id: string; invitee_id: string; status: ReviewStatus }>`
    select r.inviter_id, r.invitee_id, r.status
    from referral_reviews r
    join unnest(${pairs.map((p) => p.beneficiaryId)}::uuid[], ${pairs.map((p) => p.memberId)}::uuid[]) as p(i, m)
      on r.inviter_id = p.i and r.invitee_id = p.m
    for share of r
  `.execute(trx);
  return rows.map((row) => ({ beneficiaryId: row.inviter_id, memberId: row.invitee_id, status: row.status }));
}

export function lockReview(trx: Executor, id: string) {
  return trx
    .selectFrom('referral_reviews as r')
    .innerJoin('users as i', 'i.id', 'r.inviter_id')
    .innerJoin('users as m', 'm.id', 'r.invitee_id')
    .select(['r.id', 'r.inviter_id', 'r.invitee_id', 'r.status', 'r.signals', 'i.uid as inviter_uid', 'm.uid as invitee_uid'])
    .where('r.id', '=', id)
    .forUpdate('r')
    .executeTakeFirst();
}

export function decide(trx: Executor, id: string, status: 'cleared' | 'voided', operatorId: string, note: string, now: Date) {
  return trx
    .updateTable('referral_reviews')
    .set({ status, decided_by: operatorId, decided_at: now, note })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
}

/** The pair's held rewards go on to the holding window, which counts from when each was written. */
export async function releaseHeld(trx: Executor, inviterId: string, inviteeId: string): Promise<number> {
  const result = await trx
    .updateTable('rewards')
    .set({ status: 'pending', reason: null })
    .where('beneficiary_id', '=', inviterId)
    .where('member_id', '=', inviteeId)
    .where('status', '=', 'held')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The accounts linked to the pair: the inviter, the invitee, and every member sharing with them what
 * links the two (their common bound address, live payee fingerprints, device keys, card fingerprints),
 * as they are now. A sign-up burst links the pair only: sharing a network address with strangers is
 * not being one of them.
 */
export async function linkedAccounts(trx: Executor, inviterId: string, inviteeId: string): Promise<{ id: string; uid: string }[]> {
  const { rows } = await sql<{ id: string; uid: string }>`
    with pair as (
      select b.id as b_id, m.id as m_id, b.bound_network, b.bound_address,
        b.bound_network = m.bound_network
          and (b.bound_address = m.bound_address or (b.bound_network = 'BSC' and lower(b.bound_address) = lower(m.bound_address))) as same_address
      from users b, users m where b.id = ${inviterId} and m.id = ${inviteeId}
    ),
    payee_prints as (
      select distinct pb.account_fingerprint as print
      from pair, payees pb
      join payees pm on pm.account_fingerprint = pb.account_fingerprint and pm.deleted_at is null
      where pb.user_id = pair.b_id and pm.user_id = pair.m_id and pb.deleted_at is null and pb.account_fingerprint is not null
    ),
    device_keys as (
      select distinct tb.key_hash
      from pair, trusted_devices tb
      join trusted_devices tm on tm.key_hash = tb.key_hash
      where tb.user_id = pair.b_id and tm.user_id = pair.m_id
    ),
    card_prints as (
      select distinct cb.number_fingerprint as print
      from pair, cards cb
      join cards cm on cm.number_fingerprint = cb.number_fingerprint
      where cb.user_id = pair.b_id and cm.user_id = pair.m_id and cb.number_fingerprint is not null
    ),
    linked as (
      select b_id as id from pair
      union select m_id from pair
      union select u.id from pair, users u
        where pair.same_address and u.bound_network = pair.bound_network
          and (u.bound_address = pair.bound_address or (pair.bound_network = 'BSC' and lower(u.bound_address) = lower(pair.bound_address)))
      union select p.user_id from payees p join payee_prints pp on pp.print = p.account_fingerprint where p.deleted_at is null
      union select t.user_id from trusted_devices t join device_keys k on k.key_hash = t.key_hash
      union select c.user_id from cards c join card_prints cp on cp.print = c.number_fingerprint
    )
    select u.id, u.uid from linked join users u on u.id = linked.id order by u.uid
  `.execute(trx);
  return rows;
}

/**
 * Voids the held and pending rewards between the linked accounts. Rewards already available (paid)
 * are left alone: taking them back is an operator's adjustment of its own, with its own approval.
 */
export async function voidBetween(trx: Executor, memberIds: string[]): Promise<number> {
  const result = await trx
    .updateTable('rewards')
    .set({ status: 'void', reason: 'voided' })
    .where(sql<boolean>`beneficiary_id = any(${memberIds}::uuid[])`)
    .where(sql<boolean>`member_id = any(${memberIds}::uuid[])`)
    .where('status', 'in', ['held', 'pending'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface ReviewCursor {
  created_at: Date;
  id: string;
}

/** A page of reviews by status, newest first, each with its pair and what the pair has held. */
export async function pageOfReviews(db: Executor, filter: { status: ReviewStatus } | { id: string }, limit: number, after?: ReviewCursor) {
  let query = db
    .selectFrom('referral_reviews as r')
    .innerJoin('users as i', 'i.id', 'r.inviter_id')
    .innerJoin('users as m', 'm.id', 'r.invitee_id')
    .leftJoin('operators as o', 'o.id', 'r.decided_by')
    .select([
      'r.id',
      'r.status',
      'r.signals',
      'r.created_at',
      'r.decided_at',
      'r.note',
      'i.uid as inviter_uid',
      'i.email as inviter_email',
      'm.uid as invitee_uid',
      'm.email as invitee_email',
      'o.email as decided_by',
    ])
    .select(
      sql<Record<string, string> | null>`(
        select jsonb_object_agg(h.currency, h.total) from (
          select w.currency, sum(w.amount - w.cancelled)::text as total
          from rewards w
          where w.beneficiary_id = r.inviter_id and w.member_id = r.invitee_id and w.status = 'held'
          group by w.currency
        ) h
      )`.as('held'),
    );
  query = 'id' in filter ? query.where('r.id', '=', filter.id) : query.where('r.status', '=', filter.status);
  if (after) query = query.where((eb) => eb(eb.refTuple('r.created_at', 'r.id'), '<', eb.tuple(after.created_at, after.id)));
  return query.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit).execute();
}

export type ReviewPageRow = Awaited<ReturnType<typeof pageOfReviews>>[number];
