import { isLanguage, type Language } from '@wallet/contract';
import type { FastifyBaseLogger } from 'fastify';
import { afterCommit } from '../../platform/db/after-commit';
import type { Executor } from '../../platform/db/database';
import type { Mailer } from '../../platform/mail';

export interface MailDeps {
  mailer: Mailer;
  log: FastifyBaseLogger;
}

export interface MailText {
  subject: string;
  text: string;
}

/** The member a mail goes to: their address and the app language they chose (users.language). */
export interface Mailbox {
  email: string;
  language: string;
}

/** A stored language this build does not know reads as English. */
export const mailLanguage = (language: string): Language => (isLanguage(language) ? language : 'en');

/**
 * Emails a member about an event, as part of the event's own transaction `trx`, worded in their
 * language. The development outbox writes in that transaction, so the mail exists exactly when the
 * event committed; SMTP sends once it has committed (never a network call under the event's locks,
 * never a mail about an event that rolled back). A mail SMTP loses is logged; it takes nothing else
 * with it. `context` goes into that log line (ids, never the mail's text).
 */
export async function mailMember(
  deps: MailDeps,
  trx: Executor,
  member: Mailbox,
  write: (language: Language) => MailText,
  context: Record<string, unknown>,
): Promise<void> {
  const message = { to: member.email, ...write(mailLanguage(member.language)) };
  if (deps.mailer.kind === 'outbox') return deps.mailer.send(message, trx);
  afterCommit(trx, () => {
    deps.mailer.send(message).catch((error: unknown) => deps.log.warn({ err: error, ...context }, 'notification mail not sent'));
  });
}
