import { isDateText } from '@civdesk/meta';

/** One entry of a year's schedule: a day off, or a weekend day worked instead (调休上班). */
export type HolidayEntry = { date: string; type: 'holiday' | 'workday'; name: string };

export class HolidayListError extends Error {}

/** The weekday of a yyyy-MM-dd date, 0 = Sunday (the calendar is date-only, no time zone involved). */
export const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * Parses and checks a year's holidaysList (JSON array). Dates must be real, in that year and
 * listed once; a worked day must be a weekend day (otherwise it changes nothing).
 */
export function parseHolidayList(year: number, raw: string): HolidayEntry[] {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    throw new HolidayListError('节假日列表应为JSON数组');
  }
  if (!Array.isArray(data)) throw new HolidayListError('节假日列表应为JSON数组');
  const seen = new Set<string>();
  const out: HolidayEntry[] = [];
  for (const item of data) {
    const { date, type, name } = (item ?? {}) as Record<string, unknown>;
    if (typeof date !== 'string' || !isDateText(date, { time: 'none' })) throw new HolidayListError(`日期格式不正确: ${String(date)}`);
    if (!date.startsWith(`${year}-`)) throw new HolidayListError(`${date} 不在 ${year} 年内`);
    if (seen.has(date)) throw new HolidayListError(`${date} 重复`);
    if (type !== 'holiday' && type !== 'workday') throw new HolidayListError(`${date}: 类型应为 holiday 或 workday`);
    const label = typeof name === 'string' ? name.trim().slice(0, 20) : '';
    if (type === 'workday' && weekday(date) !== 0 && weekday(date) !== 6) throw new HolidayListError(`${date}: 调休上班日必须是周末`);
    seen.add(date);
    out.push({ date, type, name: label });
  }
  return out.sort((a, b) => a.date.localeCompare(b.date));
}
