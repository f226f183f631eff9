import { describe, expect, it } from 'vitest';
import { EpcisException } from './problem.js';
import { nextScheduleTime, parseSchedule } from './subscriptions-schedule.js';

const next = (schedule: Record<string, string>, after: string) => nextScheduleTime(parseSchedule(schedule), new Date(after))?.toISOString();

describe('query schedules', () => {
  it("run at the standard's examples' times (UTC)", () => {
    // Once per hour at the top of the hour.
    expect(next({ second: '0', minute: '0' }, '2026-03-04T10:15:30Z')).toBe('2026-03-04T11:00:00.000Z');
    // Once a day at 2:30 am.
    expect(next({ second: '0', minute: '30', hour: '2' }, '2026-03-04T10:15:30Z')).toBe('2026-03-05T02:30:00.000Z');
    // Top of the hour on weekdays only: 2026-03-07 is a Saturday.
    expect(next({ second: '0', minute: '0', dayOfWeek: '[1-5]' }, '2026-03-06T23:30:00Z')).toBe('2026-03-09T00:00:00.000Z');
    // Omitted finer fields match every value: each second of 2 am.
    expect(next({ hour: '2' }, '2026-03-04T02:10:05Z')).toBe('2026-03-04T02:10:06.000Z');
    // Lists, and the OpenAPI example's step form.
    expect(next({ second: '0', minute: '5,35' }, '2026-03-04T10:05:00Z')).toBe('2026-03-04T10:35:00.000Z');
    expect(next({ second: '0/30' }, '2026-03-04T10:05:10Z')).toBe('2026-03-04T10:05:30.000Z');
    expect(next({ second: '0', minute: '0', hour: '0', dayOfMonth: '29', month: '2' }, '2026-03-01T00:00:00Z')).toBe('2028-02-29T00:00:00.000Z');
  });

  it('refuses malformed fields with SubscriptionControlsException, and knows a schedule that never runs', () => {
    for (const schedule of [{ second: '60' }, { minute: '[30-10]' }, { hour: 'noon' }, { dayOfWeek: '0' }, { month: '' }]) {
      try {
        parseSchedule(schedule);
        throw new Error(`${JSON.stringify(schedule)} was accepted`);
      } catch (error) {
        expect(error).toBeInstanceOf(EpcisException);
        expect((error as EpcisException).problem.type).toBe('epcisException:SubscriptionControlsException');
      }
    }
    expect(next({ dayOfMonth: '31', month: '2' }, '2026-01-01T00:00:00Z')).toBeUndefined();
  });
});
