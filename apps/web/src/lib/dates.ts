import { KYC_NO_EXPIRY } from '@wallet/contract';

/** A calendar day as the contract sends it (yyyy-mm-dd), in the member's own time zone. */
export function toIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local midnight of a yyyy-mm-dd day; null for anything that is not a real day. */
export function fromIsoDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());
const addYears = (date: Date, years: number) => new Date(date.getFullYear() + years, date.getMonth(), date.getDate());

/** An issue date lies in the past (today at the latest), within a document's plausible life. */
export function issueDateRange(now: Date): { min: Date; max: Date } {
  const today = startOfDay(now);
  return { min: addYears(today, -50), max: today };
}

/** An expiry date lies in the future (from tomorrow: the server refuses a document expiring today). */
export function expiryDateRange(now: Date): { min: Date; max: Date } {
  const today = startOfDay(now);
  return { min: new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1), max: addYears(today, 50) };
}

export type DateProblem = 'issueMissing' | 'issueFuture' | 'expiryMissing' | 'expiryPast' | 'expiryBeforeIssue';

/** What is wrong with the document's dates, by field; the expiry is the far date when it never expires. */
export function dateProblems(
  { issueDate, expiryDate, noExpiry }: { issueDate: string; expiryDate: string; noExpiry: boolean },
  now: Date,
): Partial<Record<'issueDate' | 'expiryDate', DateProblem>> {
  const problems: Partial<Record<'issueDate' | 'expiryDate', DateProblem>> = {};
  const issue = fromIsoDate(issueDate);
  if (!issue) problems.issueDate = 'issueMissing';
  else if (issue > issueDateRange(now).max) problems.issueDate = 'issueFuture';
  if (noExpiry) return problems;
  const expiry = fromIsoDate(expiryDate);
  if (!expiry) problems.expiryDate = 'expiryMissing';
  else if (expiry < expiryDateRange(now).min) problems.expiryDate = 'expiryPast';
  else if (issue && expiry <= issue) problems.expiryDate = 'expiryBeforeIssue';
  return problems;
}

/** The expiry the contract gets: the agreed far date for a document that never expires. */
export const sentExpiry = (expiryDate: string, noExpiry: boolean) => (noExpiry ? KYC_NO_EXPIRY : expiryDate);
