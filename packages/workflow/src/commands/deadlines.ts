// Suspension (挂起) is the server's state: it refuses commands and skips the instance's jobs while
// suspended. On resume, deadlines move by the time spent suspended; this computes the rows to update.

import { workingDaysBetween } from '../time.ts';
import type { InstanceSnapshot, JobRow, TaskRow, WorkingCalendar } from '../types.ts';

export interface DeadlineShift {
  tasks: TaskRow[];
  jobs: JobRow[];
}

/**
 * Moves every open task's due date and every job's due time by the suspended span. With a calendar,
 * the working days in the span are added through it; otherwise the elapsed time is added.
 */
export function shiftDeadlines(
  snapshot: InstanceSnapshot,
  span: { suspendedAt: Date; resumedAt: Date },
  calendar?: WorkingCalendar,
): DeadlineShift {
  const ms = span.resumedAt.getTime() - span.suspendedAt.getTime();
  if (ms <= 0) return { tasks: [], jobs: [] };
  const days = calendar ? workingDaysBetween(span.suspendedAt, span.resumedAt, calendar) : 0;
  const move = (iso: string) => {
    const d = new Date(iso);
    return (calendar ? (days > 0 ? calendar.addWorkingDays(d, days) : d) : new Date(d.getTime() + ms)).toISOString();
  };
  return {
    tasks: snapshot.tasks.filter((t) => t.dueAt).map((t) => ({ ...t, dueAt: move(t.dueAt!) })),
    jobs: snapshot.jobs.map((j) => ({ ...j, dueAt: move(j.dueAt) })),
  };
}
