import { type Kysely, sql } from 'kysely';

/**
 * The agency centre's reads (issue 43): p99 under 20 ms for a member with a 100,000-member team.
 * - team_sizes: members per (ancestor, depth), kept by a statement trigger on users inserts, so
 *   the team counts are a handful of rows instead of counting 100,000 closure rows per call (measured
 *   on a 100,100-member tree: the count read 30-60 ms, the planner choosing a sequential scan since
 *   the tree was most of the table; team_sizes answers in under 1 ms). team_links stays the source:
 *   the sizes are derived from it in the same transaction and backfilled here.
 * - rewards_beneficiary_sums_idx: the summary's sums per status and currency read from the index alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table team_sizes (
      ancestor_id uuid not null references users(id),
      depth integer not null check (depth >= 1),
      members bigint not null check (members >= 0),
      primary key (ancestor_id, depth)
    )`.execute(db);
  // Once per statement that inserts members (a sign-up, or a bulk load of demo data), after the row
  // trigger of 0030 has written their team_links; ancestors in key order, so two sign-ups under the
  // same upline lock its rows in the same order.
  await sql`
    create function team_sizes_count() returns trigger language plpgsql as $$
    begin
      insert into team_sizes (ancestor_id, depth, members)
      select t.ancestor_id, t.depth, count(*) from team_links t where t.member_id in (select id from new_users)
      group by t.ancestor_id, t.depth order by t.ancestor_id, t.depth
      on conflict (ancestor_id, depth) do update set members = team_sizes.members + excluded.members;
      return null;
    end $$`.execute(db);
  await sql`create trigger users_team_sizes after insert on users
    referencing new table as new_users for each statement execute function team_sizes_count()`.execute(db);
  await sql`insert into team_sizes (ancestor_id, depth, members)
    select ancestor_id, depth, count(*) from team_links group by ancestor_id, depth`.execute(db);

  await sql`create index rewards_beneficiary_sums_idx on rewards (beneficiary_id, status, currency)
    include (amount, cancelled, clawed, offset_by_debt, created_at) where status in ('pending', 'available')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index rewards_beneficiary_sums_idx`.execute(db);
  await sql`drop trigger users_team_sizes on users`.execute(db);
  await sql`drop function team_sizes_count()`.execute(db);
  await sql`drop table team_sizes`.execute(db);
}
