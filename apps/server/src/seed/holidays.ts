import { createRequire } from 'node:module';
import type { Queryable } from '@civdesk/db';
import { newId } from '../crud/ids.ts';
import type { HolidayEntry } from '../modules/calendar/holidays.ts';

type Days = Record<string, string>; // date → "English name,中文名,n"
const require = createRequire(import.meta.url);

/**
 * China's official holidays and adjusted working days, one schedule row per year, from the
 * maintained `chinese-days` package (updated as the State Council publishes each year).
 */
export async function seedHolidays(db: Queryable, userId: string): Promise<number> {
  const { holidays, workdays } = require('chinese-days/dist/chinese-days.json') as { holidays: Days; workdays: Days };
  const years = new Map<number, HolidayEntry[]>();
  const add = (days: Days, type: HolidayEntry['type']) => {
    for (const [date, info] of Object.entries(days)) {
      const year = Number(date.slice(0, 4));
      const list = years.get(year) ?? [];
      list.push({ date, type, name: info.split(',')[1] ?? '' });
      years.set(year, list);
    }
  };
  add(holidays, 'holiday');
  add(workdays, 'workday');
  for (const [year, list] of years) {
    list.sort((a, b) => a.date.localeCompare(b.date));
    await db.query('insert into dw_holiday_schedule (id, year, holidays_list, is_steped, create_user) values ($1, $2, $3, 1, $4)', [
      newId(),
      year,
      JSON.stringify(list),
      userId,
    ]);
  }
  return years.size;
}
