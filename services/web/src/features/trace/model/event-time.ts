import type { IntlShape } from 'react-intl';

const OFFSET = /^([+-])(\d{2}):(\d{2})$/;

/** Minutes east of UTC of an offset such as `+05:30` or `-03:00`; 0 for anything else. */
export function offsetMinutes(offset: string): number {
  const match = OFFSET.exec(offset);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** An offset in minutes as EPCIS writes it (`+01:00`, `-09:30`). */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(minutes);
  return `${sign}${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** The browser's current offset from UTC (`Date#getTimezoneOffset` counts the other way). */
export function browserOffset(at: Date = new Date()): string {
  return formatOffset(-at.getTimezoneOffset());
}

/** Every offset in use on Earth, in quarter hours from −12:00 to +14:00. */
export const TIME_ZONE_OFFSETS: readonly string[] = Array.from({ length: (14 + 12) * 4 + 1 }, (_, index) => formatOffset(-12 * 60 + index * 15));

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * The time of an event as the people there saw it: its wall-clock time at its own offset
 * (`eventTimeZoneOffset`), worded in the UI language, followed by the offset.
 */
export function formatEventLocalTime(intl: IntlShape, eventTime: string, offset: string): string {
  const instant = new Date(eventTime).getTime();
  const wallClock = new Date(instant + offsetMinutes(offset) * 60_000);
  return `${intl.formatDate(wallClock, { ...DATE_TIME, timeZone: 'UTC' })} (UTC${offset})`;
}

/** The same instant in the viewer's own time zone. */
export function formatViewerTime(intl: IntlShape, eventTime: string): string {
  return intl.formatDate(new Date(eventTime), DATE_TIME);
}

/**
 * The value of a `datetime-local` input for an instant at an offset, to the second
 * (`2026-11-24T09:30:15`), or to the millisecond.
 */
export function localInputValue(at: Date, offset: string, milliseconds = false): string {
  return new Date(at.getTime() + offsetMinutes(offset) * 60_000).toISOString().slice(0, milliseconds ? 23 : 19);
}
