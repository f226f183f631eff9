import { ANALYTICS_MAX_RANGE_DAYS } from '@product-console/shared';

/** The ranges a manager picks with one click; `custom` takes two days. */
export const RANGE_PRESETS = ['last7', 'last30', 'last90', 'thisMonth', 'lastMonth'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** Days `YYYY-MM-DD` in the company's time zone, both included. */
export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Day arithmetic on calendar days: a day is taken as its UTC midnight, so no zone shifts it. */
function toTime(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

function toDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return toDay(toTime(day) + days * DAY_MS);
}

/** The number of days of a range, both ends included. */
export function dayCount({ from, to }: DayRange): number {
  return Math.round((toTime(to) - toTime(from)) / DAY_MS) + 1;
}

export function isDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const time = toTime(value);
  // 2026-02-30 parses as 2 March: a real day reads back the same.
  return !Number.isNaN(time) && toDay(time) === value;
}

/** Today in a time zone (the company's): the calendar day a clock there shows at `now`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA formats a date as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The days of a preset, counted back from `today` (today included). */
export function presetRange(preset: RangePreset, today: string): DayRange {
  switch (preset) {
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'last90':
      return { from: addDays(today, -89), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'lastMonth': {
      const lastDay = addDays(`${today.slice(0, 8)}01`, -1);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
    }
  }
}

/** The comparison period: as many days, ending the day before `from` (as the API counts it). */
export function previousRange(range: DayRange): DayRange {
  const days = dayCount(range);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

export type RangeProblem = 'fromInvalid' | 'toInvalid' | 'toBeforeFrom' | 'tooLong';

/** What is wrong with a custom range, per field; empty when it can be asked for. */
export function rangeProblems(range: DayRange): Partial<Record<keyof DayRange, RangeProblem>> {
  const problems: Partial<Record<keyof DayRange, RangeProblem>> = {};
  if (!isDay(range.from)) problems.from = 'fromInvalid';
  if (!isDay(range.to)) problems.to = 'toInvalid';
  if (problems.from || problems.to) return problems;
  if (range.to < range.from) problems.to = 'toBeforeFrom';
  else if (dayCount(range) > ANALYTICS_MAX_RANGE_DAYS) problems.to = 'tooLong';
  return problems;
}
