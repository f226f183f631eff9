import { subscriptionControlsException } from './query-problem.js';

/*
 * Query schedules of subscriptions (EPCIS § 8.2.5.3, QuerySchedule): each field is a comma-separated
 * list of numbers and ranges `[low-high]`; an omitted field matches any value. A time matches when
 * every given field matches; times are taken in UTC (the standard leaves the zone to the service).
 * The cron step form `start/step` that the OpenAPI's example uses (`"second": "0/30"`) is read too.
 */

export interface QuerySchedule {
  second?: string;
  minute?: string;
  hour?: string;
  dayOfMonth?: string;
  month?: string;
  dayOfWeek?: string;
}

const RANGES: Record<keyof QuerySchedule, [number, number]> = {
  second: [0, 59],
  minute: [0, 59],
  hour: [0, 23],
  dayOfMonth: [1, 31],
  month: [1, 12],
  dayOfWeek: [1, 7],
};

type Field = Set<number> | null;
export interface ParsedSchedule {
  second: Field;
  minute: Field;
  hour: Field;
  dayOfMonth: Field;
  month: Field;
  dayOfWeek: Field;
}

function parseField(name: keyof QuerySchedule, text: string | undefined): Field {
  if (text === undefined) return null;
  const [min, max] = RANGES[name];
  const values = new Set<number>();
  const bad = (why: string) => subscriptionControlsException(`schedule.${name}: '${text}' ${why}`);
  for (const element of text.split(',').map((part) => part.trim())) {
    let m: RegExpExecArray | null;
    if ((m = /^\d+$/.exec(element))) {
      const value = Number(element);
      if (value < min || value > max) throw bad(`has ${value}, outside ${min} to ${max}`);
      values.add(value);
    } else if ((m = /^\[(\d+)-(\d+)\]$/.exec(element))) {
      const [low, high] = [Number(m[1]), Number(m[2])];
      if (low > high || low < min || high > max) throw bad(`has a range outside ${min} to ${max} or backwards`);
      for (let value = low; value <= high; value += 1) values.add(value);
    } else if ((m = /^(\d+|\*)\/(\d+)$/.exec(element))) {
      const start = m[1] === '*' ? min : Number(m[1]);
      const step = Number(m[2]);
      if (step < 1 || start < min || start > max) throw bad('has a step outside the field');
      for (let value = start; value <= max; value += step) values.add(value);
    } else {
      throw bad('is not a list of numbers and [low-high] ranges');
    }
  }
  if (values.size === 0) throw bad('is empty');
  return values;
}

/** Parses a schedule; a SubscriptionControlsException names a malformed field. */
export function parseSchedule(schedule: QuerySchedule): ParsedSchedule {
  return {
    second: parseField('second', schedule.second),
    minute: parseField('minute', schedule.minute),
    hour: parseField('hour', schedule.hour),
    dayOfMonth: parseField('dayOfMonth', schedule.dayOfMonth),
    month: parseField('month', schedule.month),
    dayOfWeek: parseField('dayOfWeek', schedule.dayOfWeek),
  };
}

const matches = (field: Field, value: number) => field === null || field.has(value);
const first = (field: Field, from: number, max: number): number | null => {
  for (let value = from; value <= max; value += 1) if (matches(field, value)) return value;
  return null;
};

/** The first time strictly after `after` (whole seconds, UTC) that the schedule matches; null if none within five years. */
export function nextScheduleTime(schedule: ParsedSchedule, after: Date): Date | null {
  const start = new Date(Math.floor(after.getTime() / 1000) * 1000 + 1000);
  const day = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()));
  for (let days = 0; days < 5 * 366; days += 1, day.setUTCDate(day.getUTCDate() + 1)) {
    const weekday = ((day.getUTCDay() + 6) % 7) + 1; // Monday 1 … Sunday 7
    if (!matches(schedule.month, day.getUTCMonth() + 1) || !matches(schedule.dayOfMonth, day.getUTCDate()) || !matches(schedule.dayOfWeek, weekday)) continue;
    const today = days === 0;
    for (let hour = first(schedule.hour, today ? start.getUTCHours() : 0, 23); hour !== null; hour = first(schedule.hour, hour + 1, 23)) {
      const thisHour = today && hour === start.getUTCHours();
      for (let minute = first(schedule.minute, thisHour ? start.getUTCMinutes() : 0, 59); minute !== null; minute = first(schedule.minute, minute + 1, 59)) {
        const thisMinute = thisHour && minute === start.getUTCMinutes();
        const second = first(schedule.second, thisMinute ? start.getUTCSeconds() : 0, 59);
        if (second !== null) return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour, minute, second));
      }
    }
  }
  return null;
}
