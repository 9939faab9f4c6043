import { hash, randomBytes } from 'node:crypto';
import type { BindableNetwork, WithdrawalHoldReason } from '@wallet/contract';
import { sql } from 'kysely';
import { recordAudit } from '../../platform/audit';
import { addSeconds, type Clock } from '../../platform/clock';
import type { Db, Executor } from '../../platform/db/database';
import type { LockEvent } from '../../platform/db/schema-address-book';
import { AppError } from '../../platform/errors';
import { type Mailbox, type MailDeps, mailMember } from '../notifications/mail';
import { recordOperatorAudit } from '../operators/audit-chain';
import type { OperatorContext } from '../operators/context';
import * as q from './queries';
import { accountLockedBySupportMail, accountLockedMail, securityChangeMail } from './security-mail-texts';

/*
 * What protects a member whose session, password or mailbox code was taken: every change that could
 * send their money elsewhere (a new withdrawal address, a new login password, a new bound address)
 * is told to them by email with a single-use "it was not me" link, and waits long enough
 * (WITHDRAW_NEW_ADDRESS_DELAY_HOURS) for them to use it. The link locks the account: every session
 * ends, sign-in and money movements are refused until support unlocks it.
 */

export interface SecuritySettings {
  /** The web app's address, for the links in the emails. */
  appUrl: string;
  withdrawDelayHours: number;
}

export type SecurityDeps = MailDeps & { db: Db; clock: Clock; security: SecuritySettings };

/** How long the link in a security email works. */
export const LOCK_LINK_TTL_SECONDS = 7 * 24 * 3600;

export const LOCK_PAGE_PATH = '/#/pages/lockAccount/index';

const hashToken = (token: string) => hash('sha256', token, 'buffer');

export function withdrawDelaySeconds(settings: SecuritySettings): number {
  return Math.round(settings.withdrawDelayHours * 3600);
}

/** "2026-11-23 08:00 UTC": mails state times in UTC, as the new-device mail does. */
export function mailTime(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const securityRow = (db: Executor, userId: string) =>
  db.selectFrom('account_security').selectAll().where('user_id', '=', userId).executeTakeFirst();

/** Refuses with ACCOUNT_LOCKED while the member's lock stands. */
export async function assertNotLocked(db: Executor, userId: string): Promise<void> {
  const row = await securityRow(db, userId);
  if (row?.locked_at) throw new AppError('ACCOUNT_LOCKED');
}

/** The hold on every withdrawal, while it lasts. */
export async function withdrawalHold(
  db: Executor,
  userId: string,
  now: Date,
): Promise<{ until: Date; reason: WithdrawalHoldReason } | null> {
  const row = await securityRow(db, userId);
  return row ? holdOf(row, now) : null;
}

function holdOf(
  row: { withdrawals_held_until: Date | null; withdrawals_held_reason: WithdrawalHoldReason | null },
  now: Date,
): { until: Date; reason: WithdrawalHoldReason } | null {
  if (!row.withdrawals_held_until || !row.withdrawals_held_reason || row.withdrawals_held_until <= now) return null;
  return { until: row.withdrawals_held_until, reason: row.withdrawals_held_reason };
}

export const HOLD_ERROR = {
  password_changed: 'WITHDRAWALS_HELD_PASSWORD_CHANGED',
  password_reset: 'WITHDRAWALS_HELD_PASSWORD_RESET',
  address_changed: 'WITHDRAWALS_HELD_ADDRESS_CHANGED',
} as const satisfies Record<WithdrawalHoldReason, string>;

/** Refuses while every withdrawal is held, saying until when. */
export async function assertWithdrawalsNotHeld(db: Executor, userId: string, now: Date): Promise<void> {
  const hold = await withdrawalHold(db, userId, now);
  if (hold) throw new AppError(HOLD_ERROR[hold.reason], { until: hold.until.toISOString() });
}

/**
 * The gate of every payment that leaves the member (a withdrawal, a flash exchange sell), called first
 * in the transaction that holds its money. It locks the member's row, and every change of the rules
 * that decide where money may go (bound address, login password, address book, the lock link, an
 * unlock) takes the same lock in its own transaction (lockMemberRules). So the lock, the hold and the
 * destination the payment then reads are all from one side of any such change: never "no hold" from
 * before a new bound address and the address from after it.
 */
export async function enterPaymentGate(trx: Executor, userId: string, now: Date): Promise<void> {
  await lockMemberRules(trx, userId);
  const row = await securityRow(trx, userId);
  if (row?.locked_at) throw new AppError('ACCOUNT_LOCKED');
  const hold = row && holdOf(row, now);
  if (hold) throw new AppError(HOLD_ERROR[hold.reason], { until: hold.until.toISOString() });
}

/**
 * Taken by every change of the rules enterPaymentGate reads, first in the change's transaction. FOR NO
 * KEY UPDATE, as lockUserRows: it queues payments and changes of one member, but not rows elsewhere that
 * merely reference the member (a notification inserted for them).
 */
export function lockMemberRules(trx: Executor, userId: string): Promise<void> {
  return q.lockUserRows(trx, [userId]);
}

/** A fresh single-use link for the email about `event`; only its hash is kept. */
export async function lockLink(deps: SecurityDeps, trx: Executor, userId: string, event: LockEvent, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await trx
    .insertInto('account_lock_tokens')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      event,
      created_at: now,
      expires_at: addSeconds(now, LOCK_LINK_TTL_SECONDS),
    })
    .execute();
  return `${deps.security.appUrl}${LOCK_PAGE_PATH}?token=${token}`;
}

export type SecurityChange =
  | { event: 'address_saved'; network: BindableNetwork; address: string; usableFrom: Date }
  | { event: 'password_changed' | 'password_reset' }
  | { event: 'address_changed'; network: BindableNetwork; address: string };

/**
 * In the transaction of the change: holds every withdrawal for the delay (not for a saved address,
 * which waits on its own) and emails the member what changed, until when, and the lock link.
 */
export async function tellSecurityChange(
  deps: SecurityDeps,
  trx: Executor,
  member: Mailbox & { id: string },
  change: SecurityChange,
): Promise<void> {
  const now = deps.clock.now();
  let until: Date;
  if (change.event === 'address_saved') {
    until = change.usableFrom;
  } else {
    until = addSeconds(now, withdrawDelaySeconds(deps.security));
    await trx
      .insertInto('account_security')
      .values({ user_id: member.id, withdrawals_held_until: until, withdrawals_held_reason: change.event, updated_at: now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          // A later change never shortens a hold already running.
          withdrawals_held_until: sql`greatest(account_security.withdrawals_held_until, excluded.withdrawals_held_until)`,
          withdrawals_held_reason: sql`case when account_security.withdrawals_held_until > excluded.withdrawals_held_until
            then account_security.withdrawals_held_reason else excluded.withdrawals_held_reason end`,
          updated_at: now,
        }),
      )
      .execute();
  }
  const link = await lockLink(deps, trx, member.id, change.event, now);
  await mailMember(
    deps,
    trx,
    member,
    (language) =>
      securityChangeMail(language, {
        event: change.event,
        until: mailTime(until),
        lockUrl: link,
        ...('address' in change ? { network: change.network, address: change.address } : {}),
      }),
    { userId: member.id, event: change.event },
  );
}

/**
 * The member's "it was not me": uses the link up, locks the account, ends every session, in one
 * transaction. A link already used answers LOCK_LINK_USED; an unknown or expired one LOCK_LINK_INVALID.
 */
export async function lockWithLink(deps: SecurityDeps, token: string, ip: string): Promise<{ lockedAt: Date }> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('account_lock_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'event'])
      .executeTakeFirst();
    if (!used) {
      const known = await trx
        .selectFrom('account_lock_tokens')
        .select(['used_at'])
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirst();
      throw new AppError(known?.used_at ? 'LOCK_LINK_USED' : 'LOCK_LINK_INVALID');
    }
    await lockMemberRules(trx, used.user_id);
    const row = await trx
      .insertInto('account_security')
      .values({ user_id: used.user_id, locked_at: now, lock_reason: `member_link:${used.event}`, updated_at: now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          locked_at: sql`coalesce(account_security.locked_at, excluded.locked_at)`,
          lock_reason: sql`coalesce(account_security.lock_reason, excluded.lock_reason)`,
          updated_at: now,
        }),
      )
      .returning(['locked_at'])
      .executeTakeFirstOrThrow();
    const ended = await q.revokeSessionsExcept(trx, used.user_id, null, now);
    await recordAudit(trx, {
      actorKind: 'user',
      actorId: used.user_id,
      action: 'user.account.locked',
      subject: `user:${used.user_id}`,
      details: { via: 'email_link', event: used.event, endedSessions: ended },
      ip,
    });
    const member = await q.findUserContact(trx, used.user_id);
    await mailMember(deps, trx, member, (language) => accountLockedMail(language), { userId: used.user_id });
    return { lockedAt: row.locked_at ?? now };
  });
}

export async function lockState(db: Executor, userId: string) {
  const row = await securityRow(db, userId);
  return {
    locked: Boolean(row?.locked_at),
    lockedAt: row?.locked_at?.toISOString() ?? null,
    reason: row?.lock_reason ?? null,
  };
}

/** Support lifts a lock after checking who the member is; the note says how, in the audit log. */
export async function unlockAccount(deps: SecurityDeps, operator: OperatorContext, userId: string, note: string) {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await lockMemberRules(trx, userId);
    const row = await trx.selectFrom('account_security').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst();
    if (!row?.locked_at) throw new AppError('ACCOUNT_NOT_LOCKED');
    await trx
      .updateTable('account_security')
      .set({ locked_at: null, lock_reason: null, updated_at: now })
      .where('user_id', '=', userId)
      .execute();
    const member = await trx.selectFrom('users').select('uid').where('id', '=', userId).executeTakeFirstOrThrow();
    await recordOperatorAudit(trx, operator, {
      action: 'member.unlock',
      object: `user:${member.uid}`,
      memberUid: member.uid,
      before: { lockedAt: row.locked_at.toISOString(), reason: row.lock_reason },
      after: { locked: false },
      reason: note,
    });
  });
}

/**
 * An operator (compliance) locks a member, as the member's own "it was not me" link does: sign-in and
 * money movements are refused, every session ends, nothing is deleted; the member is told by email
 * (a mail of its own: the member did not ask for this lock).
 * Support lifts it with unlockAccount. Locking a member already locked is refused, so the first
 * lock's time and reason stand.
 */
export async function lockAccountByOperator(deps: SecurityDeps, operator: OperatorContext, userId: string, reason: string) {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    await lockMemberRules(trx, userId);
    const before = await trx.selectFrom('account_security').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst();
    if (before?.locked_at) throw new AppError('MEMBER_ALREADY_LOCKED');
    const lockReason = `operator:${reason}`;
    await trx
      .insertInto('account_security')
      .values({ user_id: userId, locked_at: now, lock_reason: lockReason, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ locked_at: now, lock_reason: lockReason, updated_at: now }))
      .execute();
    const endedSessions = await q.revokeSessionsExcept(trx, userId, null, now);
    const member = await q.findUserContact(trx, userId);
    await recordOperatorAudit(trx, operator, {
      action: 'member.lock',
      object: `user:${member.uid}`,
      memberUid: member.uid,
      before: { locked: false },
      after: { locked: true, lockedAt: now.toISOString(), endedSessions },
      reason,
    });
    await mailMember(deps, trx, member, (language) => accountLockedBySupportMail(language), { userId });
    return { locked: true as const, lockedAt: now.toISOString(), reason: lockReason, endedSessions };
  });
}
