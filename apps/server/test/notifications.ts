import type { NotificationCode } from '@wallet/contract';
import { sql } from 'kysely';
import type { TestApp } from './app';

type World = Pick<TestApp, 'database'>;

/** A member's notifications (of one code, when given), oldest first, as stored. */
export async function notificationsOf(t: World, userId: string, code?: NotificationCode) {
  let query = t.database.handle.db
    .selectFrom('notifications')
    .select(['code', 'params', 'ref_kind', 'ref_id'])
    .where('user_id', '=', userId)
    .orderBy('id');
  if (code) query = query.where('code', '=', code);
  return query.execute();
}

/** Every notification about one thing (a deposit, a card...), whoever it went to. */
export async function notificationsAbout(t: World, kind: string, id: string) {
  return t.database.handle.db
    .selectFrom('notifications')
    .select(['user_id', 'code', 'params'])
    .where('ref_kind', '=', kind)
    .where('ref_id', '=', id)
    .orderBy('id')
    .execute();
}

/** The development outbox's mails to an address, oldest first. */
export async function mailsTo(t: World, email: string) {
  return t.database.handle.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body'])
    .where('to_address', '=', email)
    .orderBy('id')
    .execute();
}

export async function userIdOf(t: World, email: string): Promise<string> {
  const row = await t.database.handle.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

/** Sets a member's language (users.language), which their notices and mails are written in. */
export async function setLanguage(t: World, userId: string, language: string) {
  await t.database.handle.db.updateTable('users').set({ language }).where('id', '=', userId).execute();
}

/**
 * Makes every notification write fail until the returned function is called: whatever writes one
 * must then fail as a whole (it is in the event's transaction), and leave nothing of the event behind.
 */
export async function failNotificationWrites(t: World): Promise<() => Promise<void>> {
  const db = t.database.handle.db;
  await sql`create or replace function test_fail_notifications() returns trigger language plpgsql as $$
    begin raise exception 'notifications are failing (test)'; end $$`.execute(db);
  await sql`create trigger test_fail_notifications before insert on notifications for each statement execute function test_fail_notifications()`.execute(
    db,
  );
  return async () => {
    await sql`drop trigger if exists test_fail_notifications on notifications`.execute(db);
  };
}
