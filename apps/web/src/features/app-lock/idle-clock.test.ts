import { describe, expect, it } from 'vitest';
import { lockDue } from './idle-clock';

const NOW = 1_800_000_000_000;

describe('lockDue', () => {
  it('never locks while the lock is off', () => {
    expect(lockDue(null, null, NOW)).toBe(false);
    expect(lockDue(null, NOW - 86_400_000, NOW)).toBe(false);
  });

  it('locks once the app sat unused for the chosen time, not before', () => {
    expect(lockDue(60, NOW - 59_999, NOW)).toBe(false);
    expect(lockDue(60, NOW - 60_000, NOW)).toBe(true);
    expect(lockDue(900, NOW - 5 * 60_000, NOW)).toBe(false);
    expect(lockDue(900, NOW - 16 * 60_000, NOW)).toBe(true);
  });

  it('with "every time", locks on any open', () => {
    expect(lockDue(0, NOW, NOW)).toBe(true);
    expect(lockDue(0, NOW - 1, NOW)).toBe(true);
  });

  it('locks when the last use is unknown or after now', () => {
    expect(lockDue(300, null, NOW)).toBe(true);
    expect(lockDue(300, NOW + 60_000, NOW)).toBe(true);
  });
});
