import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from './config';
import type { Db, Executor } from './db/database';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /**
   * Inside a transaction, pass it: the outbox row is then written on the transaction's own
   * connection (and commits with it) instead of needing a second connection from the pool.
   */
  send(message: MailMessage, trx?: Executor): Promise<void>;
}

/**
 * SMTP through nodemailer when SMTP_URL is set. Otherwise (development only: production requires
 * SMTP_URL) messages go to a development outbox: stored in the database for the /dev/mail page and
 * printed to the console, so a newcomer can sign up without a mail server.
 */
export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      kind: 'smtp',
      async send({ to, subject, text }) {
        await transport.sendMail({ from: config.MAIL_FROM, to, subject, text });
        log.info({ mailTo: to }, 'mail sent');
      },
    };
  }
  return {
    kind: 'outbox',
    async send({ to, subject, text }, trx) {
      await (trx ?? db).insertInto('mail_outbox').values({ to_address: to, subject, text_body: text }).execute();
      // Deliberately outside the structured log (which never carries codes): this is the developer's inbox.
      if (config.NODE_ENV === 'development') console.info(`\n[dev mail] to ${to}: ${subject}\n${text}\n`);
    },
  };
}
