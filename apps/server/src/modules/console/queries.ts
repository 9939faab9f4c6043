import type { Executor } from '../../platform/db/database';

/* The console's own table: member_notes (operators' notes on a member). */

export function notesOf(db: Executor, userId: string) {
  return db
    .selectFrom('member_notes')
    .innerJoin('operators', 'operators.id', 'member_notes.operator_id')
    .select([
      'member_notes.id',
      'member_notes.body',
      'member_notes.created_at',
      'operators.id as operator_id',
      'operators.email as operator_email',
    ])
    .where('member_notes.user_id', '=', userId)
    .orderBy('member_notes.created_at', 'desc')
    .orderBy('member_notes.id', 'desc')
    .limit(200)
    .execute();
}

export function insertNote(db: Executor, note: { userId: string; operatorId: string; body: string }) {
  return db
    .insertInto('member_notes')
    .values({ user_id: note.userId, operator_id: note.operatorId, body: note.body })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}
