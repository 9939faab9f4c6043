import { KYC_NO_EXPIRY } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { dateProblems, expiryDateRange, fromIsoDate, issueDateRange, sentExpiry, toIsoDate } from './dates';

const now = new Date(2026, 10, 24, 23, 30); // 24 Nov 2026, late evening local time

describe('the dates of the KYC document', () => {
  it('reads and writes calendar days in local time, refusing days that do not exist', () => {
    expect(toIsoDate(new Date(2020, 0, 5))).toBe('2020-01-05');
    expect(fromIsoDate('2024-02-29')?.getDate()).toBe(29);
    expect(fromIsoDate('2023-02-29')).toBeNull();
    expect(fromIsoDate('2020-13-01')).toBeNull();
    expect(fromIsoDate('20200101')).toBeNull();
    expect(toIsoDate(fromIsoDate('1999-12-31') as Date)).toBe('1999-12-31');
  });

  it('lets the issue date be today at the latest and the expiry tomorrow at the earliest', () => {
    expect(toIsoDate(issueDateRange(now).max)).toBe('2026-11-24');
    expect(toIsoDate(issueDateRange(now).min)).toBe('1976-11-24');
    expect(toIsoDate(expiryDateRange(now).min)).toBe('2026-11-25');
    expect(toIsoDate(expiryDateRange(now).max)).toBe('2076-11-24');
  });

  it('names each problem by its field', () => {
    expect(dateProblems({ issueDate: '', expiryDate: '', noExpiry: false }, now)).toEqual({
      issueDate: 'issueMissing',
      expiryDate: 'expiryMissing',
    });
    expect(dateProblems({ issueDate: '2026-11-25', expiryDate: '2026-11-24', noExpiry: false }, now)).toEqual({
      issueDate: 'issueFuture',
      expiryDate: 'expiryPast',
    });
    expect(dateProblems({ issueDate: '2026-11-24', expiryDate: '2026-11-25', noExpiry: false }, now)).toEqual({});
    expect(dateProblems({ issueDate: '2030-01-01', expiryDate: '2029-01-01', noExpiry: false }, now)).toEqual({
      issueDate: 'issueFuture',
      expiryDate: 'expiryBeforeIssue',
    });
  });

  it('needs no expiry date for a document that never expires, and sends the agreed far date', () => {
    expect(dateProblems({ issueDate: '2010-05-01', expiryDate: '', noExpiry: true }, now)).toEqual({});
    expect(sentExpiry('', true)).toBe(KYC_NO_EXPIRY);
    expect(KYC_NO_EXPIRY).toBe('2099-12-31');
    expect(sentExpiry('2031-05-01', false)).toBe('2031-05-01');
  });
});
