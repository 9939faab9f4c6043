import { type Kysely, sql } from 'kysely';

/**
 * The invitation and agency programme (issue 43, ADR 0035):
 * - who invited whom is fixed at registration (users.invited_by, now immutable) and its derived
 *   closure (team_links: every ancestor of every member, with the depth), append-only;
 * - agency roles, the rate rules per role and level with a start time, operator-defined tasks;
 * - reward events (an outbox written with the money behind them), the rewards they pay (pending,
 *   held, available, cancelled, void), amounts owed after a clawback;
 * - card-opening tickets an agency member hands to invitees;
 * - abuse: where each member signed up from, fingerprints of payees and bound cards, a review list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add constraint users_not_self_invited check (invited_by is null or invited_by <> id)`.execute(db);
  await sql`
    create function users_inviter_fixed() returns trigger language plpgsql as $$
    begin
      if new.invited_by is distinct from old.invited_by then
        raise exception 'the inviter is fixed at registration' using errcode = 'check_violation';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger users_inviter_fixed before update of invited_by on users
    for each row execute function users_inviter_fixed()`.execute(db);

  await sql`
    create table team_links (
      ancestor_id uuid not null references users(id),
      member_id uuid not null references users(id),
      depth integer not null check (depth >= 1),
      primary key (member_id, depth),
      unique (ancestor_id, member_id)
    )`.execute(db);
  await sql`create index team_links_ancestor_idx on team_links (ancestor_id, depth, member_id)`.execute(db);
  await sql`
    create function team_links_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'team links are append-only' using errcode = 'check_violation';
    end $$`.execute(db);
  await sql`create trigger team_links_no_change before update or delete on team_links
    for each row execute function team_links_append_only()`.execute(db);
  // Written with the member's row, whatever inserts it (registration, demo data, fixtures): the new
  // member's ancestors are its inviter and the inviter's ancestors, one level further down.
  await sql`
    create function users_team_links() returns trigger language plpgsql as $$
    begin
      if new.invited_by is not null then
        insert into team_links (ancestor_id, member_id, depth)
        select new.invited_by, new.id, 1
        union all
        select ancestor_id, new.id, depth + 1 from team_links where member_id = new.invited_by;
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger users_team_links after insert on users
    for each row execute function users_team_links()`.execute(db);
  await sql`
    insert into team_links (ancestor_id, member_id, depth)
    with recursive up(member_id, ancestor_id, depth) as (
      select id, invited_by, 1 from users where invited_by is not null
      union all
      select up.member_id, u.invited_by, up.depth + 1 from up join users u on u.id = up.ancestor_id where u.invited_by is not null
    )
    select ancestor_id, member_id, depth from up`.execute(db);

  await sql`
    create table member_signups (
      user_id uuid primary key references users(id),
      ip text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index member_signups_ip_idx on member_signups (ip, created_at)`.execute(db);

  await sql`
    create table agency_roles (
      user_id uuid primary key references users(id),
      role text not null check (role in ('promotion_manager', 'city_partner', 'agent')),
      assigned_by uuid references operators(id),
      assigned_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table agency_role_changes (
      id bigserial primary key,
      user_id uuid not null references users(id),
      role_before text,
      role_after text,
      operator_id uuid references operators(id),
      approval_id uuid,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index agency_role_changes_user_idx on agency_role_changes (user_id, id desc)`.execute(db);

  await sql`
    create table reward_rules (
      id bigserial primary key,
      event_kind text not null check (event_kind in ('card_opened', 'physical_card_opened', 'card_recharge', 'card_spend')),
      role text not null check (role in ('member', 'promotion_manager', 'city_partner', 'agent')),
      level smallint not null check (level in (1, 2)),
      amount_kind text not null check (amount_kind in ('fixed', 'percent')),
      value numeric(38, 18) not null check (value >= 0),
      currency text check ((amount_kind = 'fixed') = (currency is not null)),
      check (amount_kind = 'fixed' or value <= 100),
      starts_at timestamptz not null,
      created_by uuid references operators(id),
      note text,
      created_at timestamptz not null default now()
    )`.execute(db);
  // The programme's opening rates (ADR 0035): fixed USDT for a card opened, a percentage of the card
  // currency for recharges and settled spending; operators replace them with dated versions.
  const opening: [string, string, string, string, string][] = [];
  const rates: Record<string, Record<string, [string, string]>> = {
    card_opened: { member: ['2', '0'], agent: ['3', '1'], promotion_manager: ['4', '1.5'], city_partner: ['5', '2'] },
    physical_card_opened: { member: ['5', '0'], agent: ['8', '3'], promotion_manager: ['10', '4'], city_partner: ['12', '5'] },
    card_recharge: { member: ['0.1', '0'], agent: ['0.2', '0.05'], promotion_manager: ['0.3', '0.1'], city_partner: ['0.4', '0.15'] },
    card_spend: { member: ['0.2', '0.05'], agent: ['0.3', '0.1'], promotion_manager: ['0.4', '0.15'], city_partner: ['0.5', '0.2'] },
  };
  for (const [kind, byRole] of Object.entries(rates))
    for (const [role, [first, second]] of Object.entries(byRole)) {
      opening.push([kind, role, '1', first, kind.endsWith('opened') ? 'fixed' : 'percent']);
      opening.push([kind, role, '2', second, kind.endsWith('opened') ? 'fixed' : 'percent']);
    }
  for (const [kind, role, level, value, amountKind] of opening) {
    await sql`insert into reward_rules (event_kind, role, level, amount_kind, value, currency, starts_at, note)
      values (${kind}, ${role}, ${Number(level)}, ${amountKind}, ${value}, ${amountKind === 'fixed' ? 'USDT' : null},
        '2026-01-01T00:00:00Z', 'opening rates')`.execute(db);
  }
  await sql`create index reward_rules_lookup_idx on reward_rules (event_kind, role, level, starts_at desc, id desc)`.execute(db);

  await sql`
    create table reward_tasks (
      id bigserial primary key,
      title jsonb not null,
      min_cards integer not null default 1 check (min_cards >= 0),
      min_spend numeric(38, 18) not null default 0 check (min_spend >= 0),
      spend_currency text not null default 'USD',
      within_days integer not null check (within_days between 1 and 365),
      reward numeric(38, 18) not null check (reward > 0),
      currency text not null default 'USDT',
      starts_at timestamptz not null,
      ends_at timestamptz,
      created_by uuid references operators(id),
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table reward_events (
      id bigserial primary key,
      kind text not null check (kind in ('card_opened', 'physical_card_opened', 'card_recharge', 'card_spend', 'card_refund', 'task')),
      member_id uuid not null references users(id),
      source_key text not null unique,
      source_ref text not null,
      refund_of text,
      task_id bigint references reward_tasks(id),
      amount numeric(38, 18),
      currency text,
      occurred_at timestamptz not null,
      created_at timestamptz not null default now(),
      processed_at timestamptz
    )`.execute(db);
  await sql`create index reward_events_waiting_idx on reward_events (id) where processed_at is null`.execute(db);
  await sql`create index reward_events_member_idx on reward_events (member_id, kind, occurred_at)`.execute(db);

  await sql`
    create table rewards (
      id bigserial primary key,
      event_id bigint not null references reward_events(id),
      beneficiary_id uuid not null references users(id),
      member_id uuid not null references users(id),
      level smallint not null check (level in (1, 2)),
      type_code integer not null,
      role text not null,
      rule_id bigint references reward_rules(id),
      task_id bigint references reward_tasks(id),
      upline uuid[] not null,
      currency text not null,
      amount numeric(38, 18) not null check (amount >= 0),
      cancelled numeric(38, 18) not null default 0 check (cancelled >= 0 and cancelled <= amount),
      clawed numeric(38, 18) not null default 0 check (clawed >= 0),
      offset_by_debt numeric(38, 18) not null default 0 check (offset_by_debt >= 0),
      status text not null check (status in ('pending', 'held', 'available', 'cancelled', 'void', 'not_paid')),
      reason text,
      journal_id bigint,
      released_at timestamptz,
      created_at timestamptz not null,
      unique (event_id, beneficiary_id, level)
    )`.execute(db);
  await sql`create index rewards_beneficiary_idx on rewards (beneficiary_id, created_at desc, id desc)`.execute(db);
  await sql`create index rewards_pending_idx on rewards (created_at, id) where status = 'pending'`.execute(db);
  await sql`create index rewards_held_pair_idx on rewards (beneficiary_id, member_id) where status = 'held'`.execute(db);

  await sql`
    create table reward_debts (
      user_id uuid not null references users(id),
      currency text not null,
      amount numeric(38, 18) not null check (amount >= 0),
      primary key (user_id, currency)
    )`.execute(db);
  await sql`
    create table reward_debt_changes (
      id bigserial primary key,
      user_id uuid not null references users(id),
      currency text not null,
      delta numeric(38, 18) not null,
      reward_id bigint not null references rewards(id),
      reason text not null check (reason in ('clawback', 'offset')),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index reward_debt_changes_user_idx on reward_debt_changes (user_id, id desc)`.execute(db);

  await sql`
    create table agency_ticket_grants (
      id bigserial primary key,
      owner_id uuid not null references users(id),
      count integer not null check (count between 1 and 10000),
      operator_id uuid not null references operators(id),
      note text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table agency_tickets (
      id bigserial primary key,
      grant_id bigint not null references agency_ticket_grants(id),
      owner_id uuid not null references users(id),
      holder_id uuid references users(id),
      handed_at timestamptz,
      card_id uuid unique references cards(id),
      used_at timestamptz,
      check ((holder_id is null) = (handed_at is null)),
      check ((card_id is null) = (used_at is null)),
      check (card_id is null or holder_id is not null)
    )`.execute(db);
  await sql`create index agency_tickets_owner_idx on agency_tickets (owner_id, id) where holder_id is null`.execute(db);
  await sql`create index agency_tickets_holder_idx on agency_tickets (holder_id, id) where holder_id is not null`.execute(db);

  await sql`
    create table referral_reviews (
      id bigserial primary key,
      inviter_id uuid not null references users(id),
      invitee_id uuid not null references users(id),
      signals jsonb not null,
      status text not null default 'open' check (status in ('open', 'cleared', 'voided')),
      decided_by uuid references operators(id),
      decided_at timestamptz,
      note text,
      created_at timestamptz not null default now(),
      unique (inviter_id, invitee_id)
    )`.execute(db);
  await sql`create index referral_reviews_open_idx on referral_reviews (created_at desc, id desc) where status = 'open'`.execute(db);

  await sql`alter table payees add column account_fingerprint bytea`.execute(db);
  await sql`create index payees_fingerprint_idx on payees (account_fingerprint) where account_fingerprint is not null`.execute(db);
  await sql`alter table cards add column number_fingerprint bytea`.execute(db);
  await sql`create index cards_fingerprint_idx on cards (number_fingerprint) where number_fingerprint is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index cards_fingerprint_idx`.execute(db);
  await sql`alter table cards drop column number_fingerprint`.execute(db);
  await sql`drop index payees_fingerprint_idx`.execute(db);
  await sql`alter table payees drop column account_fingerprint`.execute(db);
  for (const table of [
    'referral_reviews',
    'agency_tickets',
    'agency_ticket_grants',
    'reward_debt_changes',
    'reward_debts',
    'rewards',
    'reward_events',
    'reward_tasks',
    'reward_rules',
    'agency_role_changes',
    'agency_roles',
    'member_signups',
    'team_links',
  ]) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
  await sql`drop function team_links_append_only()`.execute(db);
  await sql`drop trigger users_team_links on users`.execute(db);
  await sql`drop function users_team_links()`.execute(db);
  await sql`drop trigger users_inviter_fixed on users`.execute(db);
  await sql`drop function users_inviter_fixed()`.execute(db);
  await sql`alter table users drop constraint users_not_self_invited`.execute(db);
}
