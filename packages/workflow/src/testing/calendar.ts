import type { WorkingCalendar } from '../types.ts';

/** Monday to Friday, minus the given holidays (YYYY-MM-DD, UTC), plus the given make-up weekend days. */
export function weekdayCalendar(holidays: string[] = [], workdays: string[] = []): WorkingCalendar {
  const off = new Set(holidays);
  const on = new Set(workdays);
  const isWorkingDay = (d: Date) => {
    const key = d.toISOString().slice(0, 10);
    if (on.has(key)) return true;
    if (off.has(key)) return false;
    const day = d.getUTCDay();
    return day !== 0 && day !== 6;
  };
  return {
    isWorkingDay,
    addWorkingDays(from, days) {
      const d = new Date(from.getTime());
      for (let left = days; left > 0; ) {
        d.setTime(d.getTime() + 86_400_000);
        if (isWorkingDay(d)) left--;
      }
      return d;
    },
  };
}
