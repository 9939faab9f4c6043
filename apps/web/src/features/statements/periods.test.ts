import { describe, expect, it } from 'vitest';
import { quickPeriod } from './periods';

describe('quickPeriod', () => {
  it('takes this month up to today and the whole of last month', () => {
    const now = new Date(2026, 2, 15, 10, 0);
    expect(quickPeriod('thisMonth', now)).toEqual({ from: '2026-03-01', to: '2026-03-15' });
    expect(quickPeriod('lastMonth', now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('reaches back over a year end and a leap day', () => {
    expect(quickPeriod('lastMonth', new Date(2027, 0, 3))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(quickPeriod('lastMonth', new Date(2028, 2, 1))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
});
