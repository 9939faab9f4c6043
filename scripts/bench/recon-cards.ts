import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Decimal } from '@wallet/contract';
import type { OpenCard } from '@wallet/sandbox-issuer';
import { sql } from 'kysely';
import { issuerSource } from '../../apps/server/src/modules/books/sources/issuer';
import { ISSUER_PAGE } from '../../apps/server/src/modules/books/sources/issuer-read';
import { HttpIssuer } from '../../apps/server/src/modules/cards/issuer/http-issuer';
import { accountId } from '../../apps/server/src/modules/ledger';
import type { Db } from '../../apps/server/src/platform/db/database';
import type { ReconIssuerInput } from './recon-issuer';
import { startService } from './service';

/** Apart from every other bench's members (ledger 10M, chain 20M, money 30M, lists 40M, live 50M, ...). */
const FIRST_UID = 45_000_000;
/** Card recharge credit: the code a card's money arrives under (DESIGN.md section 3). */
const CARD_RECHARGE = 24;

export interface ReconCardsFigures {
  /** Cards this bench made (in the ledger and at the issuer). */
  cards: number;
  /** Every card the reconciliation compared: the bench's and any other part left in the database. */
  checked: number;
  /** issuerSource(...).reconcile(...), the issuer read in full and every card compared. */
  seconds: number;
  /** The same issuer's balance listing read in full over the same API, nothing compared. */
  baselineSeconds: number;
  differences: number;
}

/**
 * The card issuer's reconciliation (issue 45) on `cards` cards: each an active USD card of its own
 * member, holding money in the ledger, and the same card holding the same money at a sandbox issuer
 * in its own process (recon-issuer.ts). Times issuerSource's reconcile (the issuer's listing, 5000
 * cards a page over HTTP, and the ledger in batches) against a plain paged read of the same listing
 * with no comparison, both after an untimed read that warms both processes. The books agree, so the
 * reconciliation must find no difference: one found is the bench's or the source's fault, and fails
 * the run. Cards other parts of the bench left in the database are put at the issuer too, as they
 * stand in the ledger, so they agree as well.
 */
export async function reconCardsBench(db: Db, cards = 100_000): Promise<ReconCardsFigures> {
  await makeLedgerCards(db, cards);
  const apiKey = randomBytes(16).toString('hex');
  const service = await startService('./recon-issuer.ts', { apiKey, cards: await issuerCards(db) } satisfies ReconIssuerInput);
  try {
    const issuer = new HttpIssuer(service.url, apiKey, { timeoutMs: 60_000 });
    await readAll(issuer);

    let started = performance.now();
    const listed = await readAll(issuer);
    const baselineSeconds = (performance.now() - started) / 1000;

    const source = issuerSource({ db, issuer });
    started = performance.now();
    const reading = await source.reconcile({ db, cutoffAt: new Date(), runId: randomUUID(), open: [], previousPoints: [] });
    const seconds = (performance.now() - started) / 1000;

    const checked = reading.points.reduce((sum, point) => sum + point.checked, 0);
    if (reading.differences.length > 0)
      throw new Error(
        `the issuer and the ledger agree, yet the reconciliation found ${reading.differences.length} differences, e.g. ${JSON.stringify(reading.differences.slice(0, 3))}`,
      );
    if (checked < cards || listed < cards) throw new Error(`only ${checked} cards compared and ${listed} listed of the ${cards} made`);
    return { cards, checked, seconds, baselineSeconds, differences: reading.differences.length };
  } finally {
    await service.stop();
  }
}

/** Every page of the issuer's balance listing, as the source reads it; the number of cards listed. */
async function readAll(issuer: HttpIssuer): Promise<number> {
  let listed = 0;
  let cursor: string | null = null;
  do {
    const page = await issuer.listBalances({ cursor, limit: ISSUER_PAGE });
    listed += page.cards.length;
    cursor = page.nextCursor;
  } while (cursor !== null);
  return listed;
}

/**
 * `count` members with an active USD card each, and the card's money in the ledger, in a handful of
 * statements: one journal funds them all from the test funding account, one entry per card that
 * holds money, so the ledger's invariants (balances equal their entries, journals balance) still hold.
 * Balances run from 0 (every 50th card, an emptied card) to 1000.99, in cents.
 */
async function makeLedgerCards(db: Db, count: number) {
  const tag = randomBytes(3).toString('hex');
  const funding = await accountId(db, { userId: null, currency: 'USD', purpose: 'test_funding' });
  const product = await db
    .selectFrom('card_products')
    .select('id')
    .where('currency', '=', 'USD')
    .where('type', '=', 'virtual')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const last = FIRST_UID + count - 1;
  await db.transaction().execute(async (trx) => {
    await sql`insert into users (uid, email, password_hash, bound_network, bound_address, invite_code)
      select (${FIRST_UID} + n)::text, 'bench-recon-' || ${tag} || '-' || n || '@bench.example.com', 'x', 'TRON',
        'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', 'RC' || upper(${tag}) || n
      from generate_series(0, ${count - 1}::int) as n`.execute(trx);
    await sql`insert into cards (user_id, product_id, type, currency, holder_first_name, holder_last_name, status, issuer_card_id,
        last4, opening_fee, opening_key, created_at, updated_at)
      select id, ${product.id}, 'virtual', 'USD', 'Bench', 'Member', 'active', 'ic_rc' || ${tag} || '_' || uid, '0000', 0,
        'recon-' || ${tag} || '-' || uid, now(), now()
      from users where uid between ${String(FIRST_UID)} and ${String(last)}`.execute(trx);
    await sql`create temp table recon_bench_cards on commit drop as
      select c.id, c.user_id, case when n % 50 = 0 then 0 else round(1 + ((n::bigint * 7919) % 100000) / 100.0, 2) end as amount
      from users u join cards c on c.user_id = u.id cross join lateral (select u.uid::int - ${FIRST_UID} as n) as k
      where u.uid between ${String(FIRST_UID)} and ${String(last)}`.execute(trx);
    const journal = await sql<{ id: string }>`insert into ledger_journal (type_code, idempotency_key, memo)
      values (${CARD_RECHARGE}, ${`bench-recon-${tag}`}, ${JSON.stringify({ bench: 'recon-cards', cards: count })}::jsonb)
      returning id`.execute(trx);
    const journalId = journal.rows[0]?.id as string;
    // The hold accounts exist (empty) as an authorization leaves them once released.
    await sql`with made as (
        insert into ledger_accounts (user_id, currency, purpose, balance, version)
        select user_id, 'USD', 'card:' || id, amount, case when amount > 0 then 1 else 0 end from recon_bench_cards
        union all
        select user_id, 'USD', 'card_hold:' || id, 0, 0 from recon_bench_cards
        returning id, balance)
      insert into ledger_entries (journal_id, account_id, currency, amount, balance_before, balance_after, account_version, type_code)
      select ${journalId}, id, 'USD', balance, 0, balance, 1, ${CARD_RECHARGE} from made where balance > 0`.execute(trx);
    const { rows } = await sql<{ total: string; balance: string; version: string }>`
      select (select coalesce(sum(amount), 0) from recon_bench_cards)::text as total, balance::text, version::text
      from ledger_accounts where id = ${funding} for update`.execute(trx);
    const source = rows[0] as { total: string; balance: string; version: string };
    const after = new Decimal(source.balance).minus(source.total).toFixed();
    const version = String(BigInt(source.version) + 1n);
    await sql`insert into ledger_entries (journal_id, account_id, currency, amount, balance_before, balance_after, account_version, type_code)
      values (${journalId}, ${funding}, 'USD', ${new Decimal(source.total).negated().toFixed()}, ${source.balance}, ${after}, ${version}, ${CARD_RECHARGE})`.execute(
      trx,
    );
    await sql`update ledger_accounts set balance = ${after}, version = ${version} where id = ${funding}`.execute(trx);
  });
  // Statistics as a live database has them, not those of the tables before the bulk inserts.
  await sql`analyze users, cards, ledger_accounts, ledger_entries, ledger_journal`.execute(db);
}

/** Every app card with an issuer id, holding at the issuer what it holds in the ledger (available and held together). */
async function issuerCards(db: Db): Promise<OpenCard[]> {
  const rows = await sql<{ issuer_card_id: string; id: string; currency: 'USD' | 'HKD'; total: string }>`
    with money as (
      select substring(purpose from '^card(?:_hold)?:(.*)$') as card_id, balance from ledger_accounts
      where purpose like 'card:%' or purpose like 'card\_hold:%')
    select c.issuer_card_id, c.id, c.currency, coalesce(sum(m.balance), 0)::text as total
    from cards c left join money m on m.card_id = c.id::text
    where c.issuer_card_id is not null
    group by c.id`.execute(db);
  return rows.rows.map((r) => ({ id: r.issuer_card_id, reference: r.id, currency: r.currency, balance: new Decimal(r.total).toFixed() }));
}
