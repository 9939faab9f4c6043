import { type Kysely, sql } from 'kysely';

/**
 * A card's spending controls (cards module, controls*.ts), one row per card once the member has set
 * them; no row means the defaults: no limits, online and ATM allowed, no category blocked. The
 * authorization decision reads the row with the card. Blocked categories are the contract's
 * CARD_CONTROL_CATEGORIES names, not MCCs, so a change of a group's MCC ranges applies to every card.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table card_controls (
    card_id uuid primary key references cards(id),
    per_purchase_limit numeric(38, 18) check (per_purchase_limit > 0),
    monthly_limit numeric(38, 18) check (monthly_limit > 0),
    online_enabled boolean not null default true,
    atm_enabled boolean not null default true,
    blocked_categories text[] not null default '{}',
    updated_at timestamptz not null,
    check (monthly_limit is null or per_purchase_limit is null or monthly_limit >= per_purchase_limit)
  )`.execute(db);
  // The month's approved spend of a card with a monthly limit, summed in the decision's read.
  await sql`create index card_transactions_month_spend_idx on card_transactions (card_id, created_at)
    include (held, settled_amount) where type = 'authorization' and approved`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index card_transactions_month_spend_idx`.execute(db);
  await sql`drop table card_controls`.execute(db);
}
