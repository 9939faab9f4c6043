import { z } from 'zod';
import { currencySchema } from '../code-schemas';

export const STATEMENT_FORMATS = ['csv', 'pdf'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export const STATEMENT_LIMITS = {
  /** A year, leap day included: the longest period one statement covers. */
  maxDays: 366,
  /** Records in one statement; a longer list is asked for in shorter periods (the PDF stays readable, the reply bounded). */
  maxRecords: 20_000,
} as const;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const calendarDay = z
  .string()
  .regex(DAY, 'STATEMENT_DATE_INVALID')
  .refine((v) => dayNumber(v) !== null, 'STATEMENT_DATE_INVALID');

// No component id: @fastify/swagger cannot expand a referenced schema into query parameters.
export const statementQuerySchema = z.object({
  from: calendarDay.describe('First day of the period (YYYY-MM-DD), in the time zone tz'),
  to: calendarDay.describe('Last day of the period, included; at most 366 days after from'),
  format: z.enum(STATEMENT_FORMATS),
  currency: currencySchema.optional().describe('Wallet statements: one currency (default: all). Not with cardId'),
  cardId: z.uuid().optional().describe("One of my cards: its own balance's movements, in the card currency"),
  tz: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_+\-/]+$/, 'STATEMENT_TIME_ZONE_INVALID')
    .optional()
    .describe('IANA time zone of the member (e.g. Asia/Shanghai) for the period and the times; UTC when left out'),
});
export type StatementQuery = z.infer<typeof statementQuerySchema>;

/** Days since 1970-01-01 of a real calendar day "YYYY-MM-DD" (so 2026-02-30 is null). */
export function dayNumber(day: string): number | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, date);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== date) return null;
  return ms / 86_400_000;
}

/**
 * What is wrong with a period, as an error code, or null: shared by the page (which checks before
 * asking) and the server (which decides). `today` is the member's calendar day.
 */
export function statementPeriodIssue(
  from: string,
  to: string,
  today: string,
): 'STATEMENT_DATE_INVALID' | 'STATEMENT_RANGE_REVERSED' | 'STATEMENT_RANGE_TOO_LONG' | 'STATEMENT_IN_FUTURE' | null {
  const [start, end, now] = [dayNumber(from), dayNumber(to), dayNumber(today)];
  if (start === null || end === null || now === null) return 'STATEMENT_DATE_INVALID';
  if (start > end) return 'STATEMENT_RANGE_REVERSED';
  if (end - start + 1 > STATEMENT_LIMITS.maxDays) return 'STATEMENT_RANGE_TOO_LONG';
  if (start > now) return 'STATEMENT_IN_FUTURE';
  return null;
}
