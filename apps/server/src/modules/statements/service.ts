import { type Language, maskEmail, STATEMENT_LIMITS, type StatementQuery, statementPeriodIssue } from '@wallet/contract';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { dayIn, isoIn, isTimeZone, nextDay, startOfDay } from '../../platform/time-zone';
import { findUserContact } from '../auth/service';
import { cardPurpose, findUserCard } from '../cards/service';
import { statementAccounts, statementEntries, USER_WALLET } from '../ledger';
import { subjectsOf } from '../wallet/record-subjects';
import { type CurrencySummary, type StatementRow, summaries, toRow } from './rows';
import { STATEMENT_TEXTS } from './texts';

export interface StatementDeps {
  db: Db;
  clock: Clock;
}

export interface Statement {
  language: Language;
  title: string;
  uid: string;
  maskedEmail: string;
  from: string;
  to: string;
  zone: string;
  generatedAt: string;
  summaries: CurrencySummary[];
  rows: StatementRow[];
  /** ASCII only, so every browser keeps it as the download's name. */
  fileName: string;
}

/**
 * A member's statement for a period of their calendar days: the wallet (all currencies or one) or
 * one of their cards (its own balance, in the card currency). Everything is read before a byte is
 * sent, so a failure is an error reply, not a cut-off file.
 */
export async function buildStatement(deps: StatementDeps, userId: string, query: StatementQuery, language: Language): Promise<Statement> {
  const zone = query.tz ?? 'UTC';
  if (!isTimeZone(zone)) throw new AppError('STATEMENT_TIME_ZONE_INVALID');
  if (query.cardId && query.currency) throw new AppError('STATEMENT_CARD_AND_CURRENCY');
  const now = deps.clock.now();
  const issue = statementPeriodIssue(query.from, query.to, dayIn(now, zone));
  if (issue) throw new AppError(issue);

  const texts = STATEMENT_TEXTS[language];
  let purpose: string = USER_WALLET;
  let title = texts.title;
  let subject = '';
  if (query.cardId) {
    const card = await findUserCard(deps.db, userId, query.cardId);
    if (!card) throw new AppError('CARD_NOT_FOUND');
    purpose = cardPurpose(card.id);
    title = card.last4 ? texts.cardTitle(card.last4) : `${texts.title} · ${texts.card(null)}`;
    subject = `-card-${card.last4 ?? 'new'}`;
  }

  const start = startOfDay(query.from, zone);
  const end = startOfDay(nextDay(query.to), zone);
  const accounts = await statementAccounts(deps.db, { userId, purpose, currency: query.currency }, start);
  const entries = await statementEntries(
    deps.db,
    accounts.map((a) => a.id),
    start,
    end,
    STATEMENT_LIMITS.maxRecords + 1,
  );
  if (entries.length > STATEMENT_LIMITS.maxRecords) throw new AppError('STATEMENT_TOO_MANY_RECORDS');
  const [member, subjects] = await Promise.all([
    findUserContact(deps.db, userId),
    subjectsOf(
      deps.db,
      userId,
      entries.map((e) => e.reference),
    ),
  ]);
  const currency = query.currency ? `-${query.currency}` : '';
  return {
    language,
    title,
    uid: member.uid,
    maskedEmail: maskEmail(member.email),
    from: query.from,
    to: query.to,
    zone,
    generatedAt: isoIn(now, zone),
    summaries: summaries(accounts, entries),
    rows: entries.map((e) => toRow(e, subjects, language, zone, query.cardId !== undefined)),
    fileName: `statement-${member.uid}${subject}${currency}-${query.from}_${query.to}.${query.format}`,
  };
}
