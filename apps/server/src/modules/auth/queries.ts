import type { KycStatus } from '@wallet/contract';
import type { ExpressionBuilder, Insertable, RawBuilder, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import { publishChange } from '../../platform/changes';
import { afterCommit } from '../../platform/db/after-commit';
import type { Executor } from '../../platform/db/database';
import { type DayRange, dayIndex, rangeEnd } from '../../platform/db/day-buckets';
import type { Database, UsersTable } from '../../platform/db/schema';

/** A user with their KYC status (null before they have a card), as every profile reply shows it. */
export type UserRow = Selectable<UsersTable> & { kyc_status: KycStatus | null };

/**
 * The KYC status lives with the cardholder (cards module); it is read in the same statement as the
 * user, so a profile still costs one query.
 */
const withKycStatus = (eb: ExpressionBuilder<Database, 'users'>) =>
  eb.selectFrom('cardholders').select('cardholders.kyc_status').whereRef('cardholders.user_id', '=', 'users.id').as('kyc_status');

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll('users').select(withKycStatus).where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Executor, id: string, { forUpdate = false } = {}): Promise<UserRow | undefined> {
  const query = db.selectFrom('users').selectAll('users').select(withKycStatus).where('id', '=', id);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export function findUserByInviteCode(db: Executor, inviteCode: string) {
  return db.selectFrom('users').select(['id']).where('invite_code', '=', inviteCode).executeTakeFirst();
}

export function insertUser(db: Executor, user: Insertable<UsersTable>): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().returning(withKycStatus).executeTakeFirstOrThrow();
}

export async function updateUser(db: Executor, id: string, changes: Updateable<UsersTable>, now: Date): Promise<UserRow> {
  const user = await db
    .updateTable('users')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .returning(withKycStatus)
    .executeTakeFirstOrThrow();
  afterCommit(db, () => publishChange({ topic: 'profile', userIds: [id] }));
  return user;
}

/**
 * The payment password's stored form replaced by `next` (the same PIN under the current key), only if
 * it is still `previous`: a PIN set or changed meanwhile is not overwritten. The profile is unchanged.
 */
export async function replacePaymentPinHash(db: Executor, id: string, previous: string, next: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ payment_password_hash: next })
    .where('id', '=', id)
    .where('payment_password_hash', '=', previous)
    .execute();
}

export function insertSession(db: Executor, row: { user_id: string; token_hash: Buffer; device: string; ip: string | null; now: Date }) {
  return db
    .insertInto('sessions')
    .values({
      user_id: row.user_id,
      token_hash: row.token_hash,
      device: row.device,
      ip: row.ip,
      created_at: row.now,
      last_used_at: row.now,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

/** Whether the user has any session at all (live or not), and any from this device. */
/**
 * Whether the user has signed in before, and on this device before. A device is its user-agent without
 * version numbers, so a browser's own update is not a "new device".
 */
export async function sessionDevicesSeen(db: Executor, userId: string, device: string) {
  const row = await sql<{ sessions: string; this_device: string }>`
    select count(*) as sessions,
      count(*) filter (where regexp_replace(device, '[0-9]+([._][0-9]+)*', '', 'g') = regexp_replace(${device}, '[0-9]+([._][0-9]+)*', '', 'g')) as this_device
    from sessions where user_id = ${userId}`.execute(db);
  const counts = row.rows[0] ?? { sessions: '0', this_device: '0' };
  return { any: Number(counts.sessions) > 0, thisDevice: Number(counts.this_device) > 0 };
}

/** The sessions, not revoked, of these token hashes, however long unused (each caller judges that). */
export function findSessionsByTokenHashes(db: Executor, tokenHashes: Buffer[]) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'last_used_at', 'token_hash'])
    .where('token_hash', '=', sql<Buffer>`any(${tokenHashes}::bytea[])`)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Marks each session used at its time; a session touched later meanwhile keeps the later time. */
export function touchSessions(db: Executor, touches: ReadonlyArray<{ id: string; at: Date }>) {
  return sql`
    update sessions s set last_used_at = t.at
    from unnest(${touches.map((t) => t.id)}::uuid[], ${touches.map((t) => t.at)}::timestamptz[]) as t(id, at)
    where s.id = t.id and s.last_used_at < t.at
  `.execute(db);
}

export function listLiveSessions(db: Executor, userId: string, usedAfter: Date) {
  return db
    .selectFrom('sessions')
    .select(['id', 'device', 'ip', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('last_used_at', '>', usedAfter)
    .orderBy('last_used_at', 'desc')
    .execute();
}

/** Revokes one of the user's sessions; returns how many rows changed (0 when it is not theirs). */
export async function revokeSession(db: Executor, userId: string, sessionId: string, now: Date) {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  afterCommit(db, () => publishChange({ topic: 'sessions', userIds: [userId] }));
  return Number(result.numUpdatedRows);
}

export async function revokeSessionsExcept(db: Executor, userId: string, keepSessionId: string | null, now: Date) {
  let query = db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  const result = await query.executeTakeFirst();
  afterCommit(db, () => publishChange({ topic: 'sessions', userIds: [userId] }));
  return Number(result.numUpdatedRows);
}

export function latestCode(db: Executor, email: string, purpose: string) {
  return db
    .selectFrom('email_codes')
    .select(['created_at'])
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function countCodesSince(db: Executor, email: string, since: Date) {
  const row = await db
    .selectFrom('email_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('email', '=', email)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function supersedeCodes(db: Executor, email: string, purpose: string, now: Date) {
  return db
    .updateTable('email_codes')
    .set({ consumed_at: now })
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();
}

export function insertCode(db: Executor, row: { email: string; purpose: string; code_hash: Buffer; created_at: Date; expires_at: Date }) {
  return db.insertInto('email_codes').values(row).execute();
}

/** The newest unspent code; spending it (spendCodeRow) is what guards against using it twice. */
export function findLiveCode(db: Executor, email: string, purpose: string) {
  return db
    .selectFrom('email_codes')
    .select(['id', 'code_hash', 'expires_at'])
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Uses up a code once, as a statement or a `with` part of the caller's, only when `when` holds: `returning id` once spent. */
export function spendCodeSql(id: string, now: Date, when: RawBuilder<boolean> = sql<boolean>`true`): RawBuilder<unknown> {
  return sql`update email_codes set consumed_at = ${now} where id = ${id} and consumed_at is null and ${when} returning id`;
}

export function consumeCodeRow(db: Executor, id: string, now: Date) {
  return db.updateTable('email_codes').set({ consumed_at: now }).where('id', '=', id).execute();
}

/** Uses up a code once: false when another request spent or superseded it first. */
export async function spendCodeRow(db: Executor, id: string, now: Date): Promise<boolean> {
  return (await spendCodeSql(id, now).execute(db)).rows.length === 1;
}

export function insertAddressChange(
  db: Executor,
  row: {
    user_id: string;
    old_network: string;
    old_address: string;
    new_network: string;
    new_address: string;
    ip: string | null;
    created_at: Date;
  },
) {
  return db.insertInto('address_changes').values(row).execute();
}

export function listAddressChanges(db: Executor, userId: string) {
  return db
    .selectFrom('address_changes')
    .select(['old_network', 'old_address', 'new_network', 'new_address', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
}

export function listOutbox(db: Executor, limit: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'subject', 'text_body', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

// Users as other modules read them (wallet, chain), exposed through the service: each the columns its caller needs.

export async function findUserByUid(db: Executor, uid: string) {
  const row = (await sql<{ member: MemberByUid | null }>`select ${memberByUidColumn(uid)} as member`.execute(db)).rows[0];
  return row?.member ?? undefined;
}

export function findUserEmail(db: Executor, id: string) {
  return db.selectFrom('users').select(['email']).where('id', '=', id).executeTakeFirstOrThrow();
}

/** What a money request checks of its payer: contact, payment password and lock. */
export type PayerRow = { uid: string; email: string; payment_password_hash: string | null; locked: boolean };

/** The payer as a column of the money request's one read (null when no such member). */
export function payerColumn(id: string): RawBuilder<PayerRow | null> {
  return sql<PayerRow | null>`(select json_build_object('uid', u.uid, 'email', u.email, 'payment_password_hash', u.payment_password_hash,
    'locked', exists(select 1 from account_security s where s.user_id = u.id and s.locked_at is not null)) from users u where u.id = ${id})`;
}

export async function findPayer(db: Executor, id: string): Promise<PayerRow | undefined> {
  const row = (await sql<{ payer: PayerRow | null }>`select ${payerColumn(id)} as payer`.execute(db)).rows[0];
  return row?.payer ?? undefined;
}

export type MemberByUid = { id: string; uid: string; nickname: string | null; email: string };

/** The member a UID names, as a column of a caller's one read (null when none); findUserByUid reads it alone. */
export function memberByUidColumn(uid: string): RawBuilder<MemberByUid | null> {
  return sql`(select json_build_object('id', id, 'uid', uid, 'nickname', nickname, 'email', email) from users where uid = ${uid})`;
}

/** A member's UID and address as a column of a caller's read: the member whose id the SQL expression `id` gives (null when none). */
export function memberContactColumn(id: RawBuilder<unknown>): RawBuilder<{ uid: string; email: string } | null> {
  return sql`(select json_build_object('uid', uid, 'email', email) from users where id = ${id})`;
}

/** A live code as `liveCodeColumn` reads it: the hash in hex, as JSON carries it. */
export type LiveCodeRow = { id: string; code_hash: string; expires_at: string };

/**
 * The member's live code for `purpose` (the newest unspent one, as findLiveCode), as a column of a
 * money request's one read, found by the member's id rather than their email.
 */
export function liveCodeColumn(userId: string, purpose: string): RawBuilder<LiveCodeRow | null> {
  return sql<LiveCodeRow | null>`(select json_build_object('id', c.id::text, 'code_hash', encode(c.code_hash, 'hex'), 'expires_at', c.expires_at)
    from email_codes c where c.email = (select email from users where id = ${userId}) and c.purpose = ${purpose} and c.consumed_at is null
    order by c.created_at desc limit 1)`;
}

/** Who a notice goes to and in which language, with the UID others know the member by. */
export function findUserContact(db: Executor, id: string) {
  return db.selectFrom('users').select(['uid', 'email', 'language']).where('id', '=', id).executeTakeFirstOrThrow();
}

/** Many users' display currencies in one query (a user not found is left out). */
export function findUsersDisplayCurrencies(db: Executor, ids: readonly string[]) {
  return db.selectFrom('users').select(['id', 'display_currency']).where('id', '=', sql<string>`any(${ids}::uuid[])`).execute();
}

export function findUserBoundAddress(db: Executor, id: string) {
  return db.selectFrom('users').select(['uid', 'bound_network', 'bound_address']).where('id', '=', id).executeTakeFirstOrThrow();
}

export function findUsersByBoundAddress(db: Executor, network: 'TRON' | 'BSC', addresses: string[]) {
  return db
    .selectFrom('users')
    .select(['id', 'bound_address'])
    .where('bound_network', '=', network)
    .where('bound_address', 'in', addresses)
    .execute();
}

/** Every user, or those created since a moment. */
export function listUsersCreatedSince(db: Executor, since: Date | null) {
  let query = db.selectFrom('users').select(['id', 'uid', 'created_at']);
  if (since) query = query.where('created_at', '>=', since);
  return query.execute();
}

/** Locks a user's row to the end of the caller's transaction: work on one user then runs one at a time. */
export async function lockUserRow(db: Executor, id: string): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();
}

/**
 * Several users' rows, locked in id order (so two callers never wait on each other in turn) to the end
 * of the caller's transaction. FOR NO KEY UPDATE: it queues behind and before lockUserRow the same, but
 * not rows elsewhere that merely reference these users (a notification inserted for one of them).
 */
export async function lockUserRows(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...new Set(ids)])
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}

// Members as the operators' console reads them (search, detail, the day's new members), through the service.

export interface MemberSearch {
  /** Matched against the email (prefix, any case: emails are kept in lower case), the UID and the bound address (exactly; a BSC address in any case). */
  text?: string | undefined;
  /** Members found elsewhere (a card's last four digits), matched as well. */
  ids?: readonly string[] | undefined;
}

/** `%`, `_` and `\` are LIKE's own: typed into a search they mean themselves. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const memberLocked = (eb: ExpressionBuilder<Database, 'users'>) =>
  eb
    .exists(
      eb
        .selectFrom('account_security')
        .select('account_security.user_id')
        .whereRef('account_security.user_id', '=', 'users.id')
        .where('account_security.locked_at', 'is not', null),
    )
    .as('locked');

export async function searchMembers(db: Executor, search: MemberSearch, page: { offset: number; limit: number }) {
  let query = db.selectFrom('users');
  const { text, ids } = search;
  if (text !== undefined || ids !== undefined)
    query = query.where((eb) => {
      const any = [];
      if (text) {
        // Emails are stored in lower case (emailSchema): LIKE on the lowered text reads the prefix index (0028).
        any.push(eb('users.email', 'like', likePrefix(text.toLowerCase())));
        any.push(eb('users.uid', '=', text));
        any.push(eb.and([eb('users.bound_network', '=', 'TRON'), eb('users.bound_address', '=', text)]));
        any.push(eb.and([eb('users.bound_network', '=', 'BSC'), eb(eb.fn('lower', ['users.bound_address']), '=', text.toLowerCase())]));
      }
      if (ids && ids.length > 0) any.push(eb('users.id', '=', sql<string>`any(${ids}::uuid[])`));
      return any.length > 0 ? eb.or(any) : eb.val(false);
    });
  const [rows, total] = await Promise.all([
    query
      .select(['users.id', 'users.uid', 'users.email', 'users.nickname', 'users.created_at', 'users.bound_network', 'users.bound_address'])
      .select(withKycStatus)
      .select(memberLocked)
      .orderBy('users.created_at', 'desc')
      .orderBy('users.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function findMemberByUid(db: Executor, uid: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll('users').select(withKycStatus).where('uid', '=', uid).executeTakeFirst();
}

/**
 * Every member's id and UID as a derived table (in parentheses), joined in the caller's own statement:
 * `join ${memberUidsSql()} u on u.id = t.user_id` in SQL, `.innerJoin(memberUidsSql().as('u'), 'u.id', ...)`
 * in Kysely. PostgreSQL flattens it, so the plan is the join with users itself (the reserves snapshot
 * streams a million rows through it: a hash join).
 */
export function memberUidsSql(): RawBuilder<{ id: string; uid: string }> {
  return sql`(select id, uid from users)`;
}

/** Many members' UIDs by id, in one query. */
export function uidsOf(db: Executor, ids: readonly string[]) {
  return db.selectFrom('users').select(['id', 'uid']).where('id', '=', sql<string>`any(${ids}::uuid[])`).execute();
}

export function dailyNewMembers(db: Executor, range: DayRange) {
  return db
    .selectFrom('users')
    .select([dayIndex('created_at', range).as('day'), (eb) => eb.fn.countAll<string>().as('n')])
    .where('created_at', '>=', range.from)
    .where('created_at', '<', rangeEnd(range))
    .groupBy(sql`1`)
    .execute();
}
