import { type Kysely, sql } from 'kysely';

/**
 * Withdrawal events carry a note code and its parameters (contract WITHDRAWAL_NOTE_CODES) instead of
 * an English sentence, so the app words them in the member's language. Old sentences written by the
 * sender and the review are converted; one that matches none stays in `note`, the operators' record,
 * and is not shown to the member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table withdrawal_events
    add column note_code text,
    add column note_params jsonb not null default '{}'`.execute(db);

  const convert = (code: string, params: ReturnType<typeof sql>, where: ReturnType<typeof sql>) =>
    sql`update withdrawal_events set note_code = ${code}, note_params = ${params}, note = null
      where note_code is null and ${where}`.execute(db);
  // A hash of 'null' was written when the sender had none to give.
  const hash = (pattern: string) =>
    sql`case when substring(note from ${pattern}) = 'null' then '{}'::jsonb
      else jsonb_build_object('txHash', substring(note from ${pattern})) end`;

  await convert('auto_approved', sql`'{}'::jsonb`, sql`status = 'approved' and note = 'below the automatic approval amount'`);
  await convert('reviewed_by_operator', sql`'{}'::jsonb`, sql`status = 'approved' and note is null and actor like 'admin:%'`);
  await convert('signed', hash('^tx (\\S+) nonce \\d+$'), sql`status = 'sending' and note ~ '^tx \\S+ nonce \\d+$'`);
  await convert('sent', hash('^tx (\\S+)$'), sql`status = 'confirming' and note ~ '^tx \\S+$'`);
  await convert(
    'signed_again',
    hash('^tx (\\S+) expired unmined'),
    sql`status = 'approved' and note ~ '^tx \\S+ expired unmined; to be signed again$'`,
  );
  await convert(
    'confirmed',
    sql`jsonb_build_object('block', substring(note from '^confirmed in block (\\d+)$'))`,
    sql`status = 'completed' and note ~ '^confirmed in block \\d+$'`,
  );
  await convert('sent_by_operator', hash('^tx (\\S+)$'), sql`status = 'completed' and actor like 'admin:%' and note ~ '^tx \\S+$'`);
  await convert('sent_by_operator', sql`'{}'::jsonb`, sql`status = 'completed' and note = 'marked sent by an operator'`);
  await convert('failed_on_chain', sql`'{}'::jsonb`, sql`status = 'failed' and note = 'the transaction failed on chain; funds returned'`);
  await convert('rejected', sql`jsonb_build_object('reason', note)`, sql`status = 'rejected' and note is not null`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update withdrawal_events set note = case note_code
      when 'auto_approved' then 'below the automatic approval amount'
      when 'signed' then 'tx ' || coalesce(note_params->>'txHash', 'null')
      when 'sent' then 'tx ' || coalesce(note_params->>'txHash', 'null')
      when 'signed_again' then 'tx ' || coalesce(note_params->>'txHash', 'null') || ' expired unmined; to be signed again'
      when 'confirmed' then 'confirmed in block ' || (note_params->>'block')
      when 'sent_by_operator' then coalesce('tx ' || (note_params->>'txHash'), 'marked sent by an operator')
      when 'failed_on_chain' then 'the transaction failed on chain; funds returned'
      when 'rejected' then note_params->>'reason'
      else note end
    where note_code is not null`.execute(db);
  await sql`alter table withdrawal_events drop column note_code, drop column note_params`.execute(db);
}
