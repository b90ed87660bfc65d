/** One day off, or one weekend day worked instead (调休), as the server stores them. */
export type DayMark = { date: string; type: 'holiday' | 'workday'; name: string };

const pad = (n: number) => String(n).padStart(2, '0');
export const dateText = (y: number, m: number, d: number) => `${y}-${pad(m + 1)}-${pad(d)}`;

/** Saturday or Sunday. */
export const isWeekend = (y: number, m: number, d: number) => {
  const w = new Date(y, m, d).getDay();
  return w === 0 || w === 6;
};

/** The marks of a year from its `holidaysList` JSON; anything unreadable counts as none. */
export function parseMarks(json: unknown): Map<string, DayMark> {
  const out = new Map<string, DayMark>();
  try {
    const list = JSON.parse(String(json ?? '[]'));
    if (Array.isArray(list))
      for (const x of list) if (x && typeof x.date === 'string' && (x.type === 'holiday' || x.type === 'workday')) out.set(x.date, x);
  } catch {
    // an empty calendar
  }
  return out;
}

/**
 * Clicking a day cycles its mark: a weekday becomes a holiday and back; a weekend day (already off)
 * becomes an adjusted working day, then a named holiday, then plain again.
 */
export function nextMark(current: DayMark | undefined, date: string, weekend: boolean, name = ''): DayMark | undefined {
  if (!current) return { date, type: weekend ? 'workday' : 'holiday', name };
  if (weekend && current.type === 'workday') return { date, type: 'holiday', name: current.name };
  return undefined;
}

/** Sorted by date, as the list is stored. */
export const toList = (marks: Map<string, DayMark>) => [...marks.values()].sort((a, b) => a.date.localeCompare(b.date));

/** The weeks of a month: 7 cells each (Monday first), null outside the month. */
export function monthWeeks(y: number, m: number): (number | null)[][] {
  const first = (new Date(y, m, 1).getDay() + 6) % 7; // Monday = 0
  const days = new Date(y, m + 1, 0).getDate();
  const cells: (number | null)[] = [...Array(first).fill(null), ...Array.from({ length: days }, (_, i) => i + 1)];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}
