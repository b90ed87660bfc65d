import type { HolidayEntry } from './holidays.ts';
import { weekday } from './holidays.ts';

const DAY = 86_400_000;
const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/**
 * Working days in mainland China: Monday–Friday, minus official holidays, plus the weekend days
 * worked instead (调休). Years without a schedule fall back to Monday–Friday.
 */
export class WorkingCalendar {
  private readonly days = new Map<string, HolidayEntry>();

  constructor(entries: Iterable<HolidayEntry>) {
    for (const e of entries) this.days.set(e.date, e);
  }

  isWorkingDay(date: string): boolean {
    const special = this.days.get(date);
    if (special) return special.type === 'workday';
    const d = weekday(date);
    return d !== 0 && d !== 6;
  }

  /** What the day is called when it is special (国庆节), else ''. */
  nameOf(date: string): string {
    return this.days.get(date)?.name ?? '';
  }

  /** The date `n` working days after `date` (the start day itself not counted); n = 0 is the date. */
  addWorkingDays(date: string, n: number): string {
    if (!Number.isSafeInteger(n) || n < 0 || n > 3650) throw new RangeError('n must be a whole number of days from 0 to 3650');
    let d = date;
    for (let left = n; left > 0; ) {
      d = shift(d, 1);
      if (this.isWorkingDay(d)) left--;
    }
    return d;
  }

  /** Working days after `from` up to and including `to` (0 when to <= from). */
  workingDaysBetween(from: string, to: string): number {
    let n = 0;
    for (let d = shift(from, 1); d <= to; d = shift(d, 1)) if (this.isWorkingDay(d)) n++;
    return n;
  }
}
