import { describe, expect, it } from 'vitest';
import { dayCount, presetRange, previousRange, rangeProblems, todayIn } from '@/features/analytics/model/date-range';

describe('range presets', () => {
  const today = '2026-03-02';

  it('count back from today, today included', () => {
    expect(presetRange('last7', today)).toEqual({ from: '2026-02-24', to: '2026-03-02' });
    expect(presetRange('last30', today)).toEqual({ from: '2026-02-01', to: '2026-03-02' });
    expect(presetRange('last90', today)).toEqual({ from: '2025-12-03', to: '2026-03-02' });
    expect(dayCount(presetRange('last90', today))).toBe(90);
  });

  it('take this month up to today and the whole of last month', () => {
    expect(presetRange('thisMonth', today)).toEqual({ from: '2026-03-01', to: '2026-03-02' });
    expect(presetRange('lastMonth', today)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('lastMonth', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('lastMonth', '2028-03-31')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('compare with as many days just before, across a month boundary', () => {
    expect(previousRange({ from: '2026-03-01', to: '2026-03-07' })).toEqual({ from: '2026-02-22', to: '2026-02-28' });
    expect(previousRange({ from: '2026-02-01', to: '2026-02-28' })).toEqual({ from: '2026-01-04', to: '2026-01-31' });
  });
});

describe('today in the company time zone', () => {
  it('is the day a clock there shows', () => {
    const now = new Date('2026-11-24T23:30:00Z');
    expect(todayIn('UTC', now)).toBe('2026-11-24');
    expect(todayIn('Europe/Berlin', now)).toBe('2026-11-25');
    expect(todayIn('America/Los_Angeles', new Date('2026-12-01T05:00:00Z'))).toBe('2026-11-30');
  });
});

describe('a custom range', () => {
  it('is valid up to 366 days, end on or after start', () => {
    expect(rangeProblems({ from: '2026-01-01', to: '2026-01-01' })).toEqual({});
    expect(rangeProblems({ from: '2025-01-01', to: '2026-01-01' })).toEqual({});
    expect(rangeProblems({ from: '2024-12-31', to: '2026-01-01' })).toEqual({ to: 'tooLong' });
    expect(rangeProblems({ from: '2026-02-02', to: '2026-02-01' })).toEqual({ to: 'toBeforeFrom' });
  });

  it('needs real days', () => {
    expect(rangeProblems({ from: '', to: '2026-02-01' })).toEqual({ from: 'fromInvalid' });
    expect(rangeProblems({ from: '2026-02-30', to: '2026-13-01' })).toEqual({ from: 'fromInvalid', to: 'toInvalid' });
  });
});
