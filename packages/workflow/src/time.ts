// ISO 8601 durations, dates and repeating intervals for due dates and timers, with working days
// counted by the product's calendar.
import type { WorkingCalendar } from './types.ts';

export interface Duration {
  years: number;
  months: number;
  weeks: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

const DURATION =
  /^P(?!$)(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?!$)(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

export function parseDuration(text: string): Duration | null {
  const m = DURATION.exec(text.trim());
  if (!m) return null;
  const n = (i: number) => (m[i] ? Number(m[i]) : 0);
  return { years: n(1), months: n(2), weeks: n(3), days: n(4), hours: n(5), minutes: n(6), seconds: n(7) };
}

/** `R5/PT1H` or `R/PT1H` (unbounded). Start or end dates in a cycle are not supported. */
export function parseCycle(text: string): { repeat: number | null; duration: Duration } | null {
  const m = /^R(\d*)\/(P[^/]+)$/.exec(text.trim());
  if (!m) return null;
  const duration = parseDuration(m[2]);
  if (!duration) return null;
  return { repeat: m[1] === '' ? null : Number(m[1]), duration };
}

/** An ISO date-time, a Date or epoch milliseconds; null when it is none of these. */
export function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : null;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value.trim())) {
    const t = Date.parse(value.trim());
    return Number.isNaN(t) ? null : new Date(t);
  }
  return null;
}

/**
 * Adds a duration. With a calendar, days and weeks (5 days each) are working days and are added
 * first; hours, minutes and seconds are then added as elapsed time.
 */
export function addDuration(from: Date, d: Duration, calendar?: WorkingCalendar): Date {
  let t = new Date(from.getTime());
  if (d.years || d.months) {
    t = new Date(t.getTime());
    t.setUTCMonth(t.getUTCMonth() + d.years * 12 + d.months);
  }
  const days = d.weeks * (calendar ? 5 : 7) + d.days;
  if (calendar && days) t = calendar.addWorkingDays(t, days);
  else t = new Date(t.getTime() + days * 86_400_000);
  return new Date(t.getTime() + ((d.hours * 60 + d.minutes) * 60 + d.seconds) * 1000);
}

/** Working days between two instants (each calendar day after `from`, up to and including `to`'s day). */
export function workingDaysBetween(from: Date, to: Date, calendar: WorkingCalendar): number {
  let count = 0;
  const day = new Date(from.getTime());
  for (let i = 0; i < 3660 && day.getTime() + 86_400_000 <= to.getTime() + 1; i++) {
    day.setTime(day.getTime() + 86_400_000);
    if (calendar.isWorkingDay(day)) count++;
  }
  return count;
}
