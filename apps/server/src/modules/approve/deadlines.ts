import type { Queryable } from '@civdesk/db';
import { matIntElement, matWfElement } from '@civdesk/resources';
import { sqlOf } from '../../core/table-sql.ts';
import { workingCalendar } from '../calendar/calendar.service.ts';
import type { WorkingCalendar } from '../calendar/working-days.ts';
import { engineCalendar } from '../workflow/engine-context.ts';

// Deadlines in working days of the tenant calendar (Mon–Fri minus holidays plus 调休 days):
// the legal and promised deadlines count from acceptance, a step's deadline and warning from the
// task's creation; a suspension's working days are added back on resume.

const I = sqlOf(matIntElement);
const E = sqlOf(matWfElement);

/** The local date (yyyy-MM-dd) of an instant. */
export const localDate = (at: Date, tz: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

export class Deadlines {
  private constructor(
    readonly days: WorkingCalendar,
    readonly tz: string,
  ) {}

  static async of(q: Queryable, tz: string) {
    return new Deadlines(await workingCalendar(q), tz);
  }

  /** An instant `n` working days after `from`, same time of day (null when n is not positive). */
  addToInstant(from: Date, n: number | null | undefined): Date | null {
    if (!n || n <= 0) return null;
    return engineCalendar(this.days, this.tz).addWorkingDays(from, n);
  }

  /** A date `n` working days after the local date of `from` (the day itself not counted). */
  addToDate(from: Date | string, n: number | null | undefined): string | null {
    if (n === null || n === undefined || n < 0) return null;
    const d = typeof from === 'string' ? from.slice(0, 10) : localDate(from, this.tz);
    return this.days.addWorkingDays(d, n);
  }

  /** Working days after the suspension's local date up to and including the resume's. */
  pausedDays(start: Date, end: Date): number {
    return this.days.workingDaysBetween(localDate(start, this.tz), localDate(end, this.tz));
  }

  /** Working days from today to a date (negative when the date has passed). */
  remaining(today: Date, to: string): number {
    const t = localDate(today, this.tz);
    return to >= t ? this.days.workingDaysBetween(t, to) : -this.days.workingDaysBetween(to, t);
  }
}

/** The item's legal and promised time limits (working days). */
export async function itemLimits(q: Queryable, tenantId: string, itemId: string) {
  const [r] = await q.query<{ legal: number | null; promise: number | null }>(
    `select ${I.c.deadlineLegal} as legal, ${I.c.deadlinePromise} as promise from ${I.table} where ${I.c.id}::text = $1 and ${I.live('$2')}`,
    [itemId, tenantId],
  );
  return r ?? { legal: null, promise: null };
}

export type StepConfig = {
  id: string;
  userTaskId: string;
  limitDays: number | null;
  warn: number | null;
  ifPermitBatch: number | null;
  basicForm: string | null;
  publicFormPc: string | null;
  orderNumber: number | null;
};

/** The configured steps of a version, in order (the first is the acceptance step). */
export async function versionSteps(q: Queryable, tenantId: string, versionId: string): Promise<StepConfig[]> {
  return q.query<StepConfig>(
    `select ${E.c.id}::text as id, ${E.c.userTaskId} as "userTaskId", ${E.c.timeLimitUserTask} as "limitDays", ${E.c.timeLimitWarning} as warn,
            ${E.c.ifPermitBatch} as "ifPermitBatch", ${E.c.basicForm} as "basicForm", ${E.c.publicFormPc} as "publicFormPc",
            ${E.c.orderNumber} as "orderNumber"
       from ${E.table} where ${E.live('$1')} and ${E.c.versionId}::text = $2 order by ${E.c.orderNumber} nulls last, ${E.c.id}`,
    [tenantId, versionId],
  );
}
