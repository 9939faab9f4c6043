import { describe, expect, it } from 'vitest';
import { dayNumber, statementPeriodIssue, statementQuerySchema } from './statements';

describe('statement periods', () => {
  it('reads only real calendar days', () => {
    expect(dayNumber('2028-02-29')).not.toBeNull();
    expect(dayNumber('2026-02-29')).toBeNull();
    expect(dayNumber('2026-13-01')).toBeNull();
    expect(dayNumber('26-01-01')).toBeNull();
  });

  it('takes at most 366 days, in order, starting by today', () => {
    expect(statementPeriodIssue('2026-01-01', '2026-12-31', '2026-12-31')).toBeNull();
    expect(statementPeriodIssue('2028-01-01', '2028-12-31', '2028-12-31')).toBeNull();
    expect(statementPeriodIssue('2026-01-01', '2027-01-01', '2027-01-01')).toBeNull();
    expect(statementPeriodIssue('2026-01-01', '2027-01-02', '2027-01-02')).toBe('STATEMENT_RANGE_TOO_LONG');
    expect(statementPeriodIssue('2026-03-02', '2026-03-01', '2026-12-31')).toBe('STATEMENT_RANGE_REVERSED');
    expect(statementPeriodIssue('2026-11-25', '2026-11-30', '2026-11-24')).toBe('STATEMENT_IN_FUTURE');
    expect(statementPeriodIssue('2026-11-01', '2026-11-30', '2026-11-24')).toBeNull();
    expect(statementPeriodIssue('2026-02-30', '2026-03-01', '2026-11-24')).toBe('STATEMENT_DATE_INVALID');
  });

  it('names the error code for a malformed day', () => {
    const parsed = statementQuerySchema.safeParse({ from: '2026-02-30', to: '2026-03-01', format: 'csv' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('STATEMENT_DATE_INVALID');
  });
});
