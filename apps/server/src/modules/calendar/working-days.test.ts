import { describe, expect, it } from 'vitest';
import { HolidayListError, parseHolidayList } from './holidays.ts';
import { WorkingCalendar } from './working-days.ts';

// National Day 2026: Oct 1–7 off, Sunday Sep 20 and Saturday Oct 10 worked (as published).
const cal = new WorkingCalendar(
  parseHolidayList(
    2026,
    JSON.stringify([
      ...[1, 2, 3, 4, 5, 6, 7].map((d) => ({ date: `2026-10-0${d}`, type: 'holiday', name: '国庆节' })),
      { date: '2026-09-20', type: 'workday', name: '国庆节' },
      { date: '2026-10-10', type: 'workday', name: '国庆节' },
    ]),
  ),
);

describe('working-day calendar', () => {
  it('knows weekends, holidays and adjusted working days', () => {
    expect(cal.isWorkingDay('2026-09-30')).toBe(true); // Wednesday
    expect(cal.isWorkingDay('2026-10-01')).toBe(false); // holiday on a Thursday
    expect(cal.isWorkingDay('2026-10-10')).toBe(true); // Saturday worked
    expect(cal.isWorkingDay('2026-10-11')).toBe(false); // plain Sunday
    expect(cal.nameOf('2026-10-03')).toBe('国庆节');
  });

  it('adds working days across a holiday week', () => {
    expect(cal.addWorkingDays('2026-09-30', 0)).toBe('2026-09-30');
    expect(cal.addWorkingDays('2026-09-30', 1)).toBe('2026-10-08');
    expect(cal.addWorkingDays('2026-09-30', 3)).toBe('2026-10-10');
    expect(cal.workingDaysBetween('2026-09-30', '2026-10-12')).toBe(4); // 8, 9, 10, 12
    expect(() => cal.addWorkingDays('2026-09-30', -1)).toThrow(RangeError);
  });

  it('falls back to Monday–Friday for a year without a schedule', () => {
    expect(cal.addWorkingDays('2030-01-04', 1)).toBe('2030-01-07'); // Friday → Monday
  });

  it('refuses malformed schedules', () => {
    const bad = (v: unknown) => () => parseHolidayList(2026, JSON.stringify(v));
    expect(() => parseHolidayList(2026, 'not json')).toThrow(HolidayListError);
    expect(bad({})).toThrow('JSON数组');
    expect(bad([{ date: '2026-02-30', type: 'holiday' }])).toThrow('日期格式不正确');
    expect(bad([{ date: '2025-10-01', type: 'holiday' }])).toThrow('不在 2026 年内');
    expect(
      bad([
        { date: '2026-10-01', type: 'holiday' },
        { date: '2026-10-01', type: 'holiday' },
      ]),
    ).toThrow('重复');
    expect(bad([{ date: '2026-10-01', type: 'off' }])).toThrow('类型应为');
    expect(bad([{ date: '2026-10-01', type: 'workday' }])).toThrow('必须是周末');
  });
});
