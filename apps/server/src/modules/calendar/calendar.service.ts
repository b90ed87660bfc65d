import type { Queryable } from '@civdesk/db';
import { holidaySchedule } from '@civdesk/resources';
import { sqlOf } from '../../core/table-sql.ts';
import { type HolidayEntry, parseHolidayList } from './holidays.ts';
import { WorkingCalendar } from './working-days.ts';

const TTL_MS = 60_000;
const H = sqlOf(holidaySchedule);
let cached: { at: number; calendar: Promise<WorkingCalendar> } | null = null;

/**
 * The working-day calendar from the holiday schedule table. Kept for a minute: deadlines do not
 * need an edit to show up sooner, and every server copy reads the same table. Saving a schedule
 * through this server forgets it at once.
 */
export function workingCalendar(db: Queryable): Promise<WorkingCalendar> {
  if (cached && Date.now() - cached.at < TTL_MS) return cached.calendar;
  const calendar = db
    .query<{ year: number; list: string }>(`select ${H.c.year} as year, ${H.c.holidaysList} as list from ${H.table} where ${H.live()}`)
    .then((rows) => {
      const entries: HolidayEntry[] = [];
      for (const r of rows) {
        try {
          entries.push(...parseHolidayList(r.year, r.list));
        } catch {
          // a row that no longer parses counts as no schedule for its year
        }
      }
      return new WorkingCalendar(entries);
    });
  cached = { at: Date.now(), calendar };
  calendar.catch(() => {
    cached = null;
  });
  return calendar;
}

export function forgetWorkingCalendar(): void {
  cached = null;
}
