import { Decimal, LARGE_NODE_TEAM, LARGE_NODE_VENUE_SQM } from '@wallet/contract';
import type { Selectable } from 'kysely';
import type { Executor } from '../../platform/db/database';
import type { LargeNodeApplicationsTable } from '../../platform/db/schema-placement';
import { AppError } from '../../platform/errors';
import { type KeyedRequest, KeyTaken } from '../../platform/idempotency';
import { type AuthDeps, verifyPaymentPassword } from '../auth/service';
import { accountId, hold, USER_WALLET } from '../ledger';
import { enterAsMember } from './gate';
import { nodeTerms } from './purchases';

/** Large-node application hold (ledger 424); settled on approval with 425, released on rejection with 426. */
const HOLD_CODE = 424;

/** The hold of an application, by the ledger's key: settled or released exactly once. */
export const applicationHoldKey = (id: string) => `large-node:${id}`;

export interface ApplicationInput {
  email: string;
  city: string;
  name: string;
  contact: string;
  inviteCode?: string | undefined;
  teamSize: number;
  venueSqm: number;
  paymentPassword: string;
}

export type ApplicationRow = Selectable<
  Pick<
    LargeNodeApplicationsTable,
    | 'id'
    | 'email'
    | 'city'
    | 'name'
    | 'contact'
    | 'invite_code'
    | 'team_size'
    | 'venue_sqm'
    | 'amount'
    | 'status'
    | 'reason'
    | 'decided_at'
    | 'created_at'
  >
>;
export type LargeNodeApplicationReply = ReturnType<typeof applicationView>;

export const applicationView = (row: ApplicationRow, uid: string) => ({
  id: row.id,
  accountId: uid,
  email: row.email,
  city: row.city,
  name: row.name,
  contact: row.contact,
  inviteCode: row.invite_code,
  teamSize: row.team_size,
  venueSqm: row.venue_sqm,
  amount: new Decimal(row.amount).toFixed(),
  status: row.status,
  reason: row.reason,
  createdAt: row.created_at.toISOString(),
  decidedAt: row.decided_at?.toISOString() ?? null,
});

const APPLICATION_COLUMNS = [
  'id',
  'email',
  'city',
  'name',
  'contact',
  'invite_code',
  'team_size',
  'venue_sqm',
  'amount',
  'status',
  'reason',
  'created_at',
  'decided_at',
] as const;

const pendingOf = (db: Executor, userId: string) =>
  db.selectFrom('large_node_applications').select('id').where('user_id', '=', userId).where('status', '=', 'pending').executeTakeFirst();

/**
 * Applies for a large node: the requirements of the spec (team, venue, a member's invite code), one
 * application under review at a time, and the `nodes.large_hold` USDT put on hold in the
 * transaction that writes the application, keyed by it.
 */
export async function apply(deps: AuthDeps, userId: string, input: ApplicationInput, keyed: KeyedRequest, ip: string) {
  const earlier = await keyed.answered<LargeNodeApplicationReply>(deps.db);
  if (earlier) return earlier.value;
  if (input.teamSize < LARGE_NODE_TEAM.min || input.teamSize > LARGE_NODE_TEAM.max)
    throw new AppError('NODE_TEAM_SIZE', { ...LARGE_NODE_TEAM });
  if (input.venueSqm < LARGE_NODE_VENUE_SQM.min || input.venueSqm > LARGE_NODE_VENUE_SQM.max)
    throw new AppError('NODE_VENUE_SIZE', { ...LARGE_NODE_VENUE_SQM });
  const inviteCode = input.inviteCode?.trim() || null;
  if (inviteCode) {
    const owner = await deps.db.selectFrom('users').select('id').where('invite_code', '=', inviteCode).executeTakeFirst();
    if (!owner) throw new AppError('NODE_INVITE_CODE_UNKNOWN');
  }
  if (await pendingOf(deps.db, userId)) throw new AppError('NODE_APPLICATION_PENDING');
  const payer = await verifyPaymentPassword(deps, userId, input.paymentPassword, ip);
  const wallet = await accountId(deps.db, { userId, currency: 'USDT', purpose: USER_WALLET });
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    await enterAsMember(trx, userId, keyed);
    // Under the member's lock: two applications at once find each other here (and the unique index holds it anyway).
    if (await pendingOf(trx, userId)) throw new AppError('NODE_APPLICATION_PENDING');
    const { largeHold } = await nodeTerms(trx);
    const row = await trx
      .insertInto('large_node_applications')
      .values({
        user_id: userId,
        email: input.email,
        city: input.city,
        name: input.name,
        contact: input.contact,
        invite_code: inviteCode,
        team_size: input.teamSize,
        venue_sqm: input.venueSqm,
        amount: largeHold.toFixed(),
        idempotency_key: keyed.key,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
      .returning(APPLICATION_COLUMNS)
      .executeTakeFirst();
    if (!row) throw new KeyTaken();
    const held = await hold(trx, {
      key: applicationHoldKey(row.id),
      accountId: wallet,
      amount: largeHold.toFixed(),
      typeCode: HOLD_CODE,
      userId,
      reference: `large-node-application:${row.id}`,
    });
    await trx.updateTable('large_node_applications').set({ hold_id: held.id }).where('id', '=', row.id).execute();
    const reply = applicationView(row, payer.uid);
    await keyed.save(trx, reply);
    return reply;
  });
}

/** The member's applications, newest first, each with its state and, when rejected, the reason. */
export async function applicationsOf(db: Executor, userId: string) {
  const [rows, user] = await Promise.all([
    db
      .selectFrom('large_node_applications')
      .select(APPLICATION_COLUMNS)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(100)
      .execute(),
    db.selectFrom('users').select('uid').where('id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((row) => applicationView(row, user.uid)) };
}
