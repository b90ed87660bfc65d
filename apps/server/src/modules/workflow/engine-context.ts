import type { Queryable } from '@civdesk/db';
import type { AssignRequest, AssignResult, Candidate, ProcessGraph, Vars, WorkingCalendar } from '@civdesk/workflow';
import type { WorkingCalendar as HolidayCalendar } from '../calendar/working-days.ts';
import { deptLeaders } from './people.ts';

// What the interpreter needs from the product: working days from the holiday calendar, and who a
// new task goes to.

/** The local date (yyyy-MM-dd) of an instant in a time zone. */
function localDate(at: Date, tz: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/**
 * The holiday calendar on instants: a working day is one whose local date (in the product's time
 * zone) is a working day; adding days keeps the time of day.
 */
export function engineCalendar(days: HolidayCalendar, tz: string): WorkingCalendar {
  return {
    isWorkingDay: (at) => days.isWorkingDay(localDate(at, tz)),
    addWorkingDays: (from, n) => {
      const start = localDate(from, tz);
      const end = days.addWorkingDays(start, Math.max(0, Math.round(n)));
      return new Date(from.getTime() + (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)));
    },
  };
}

/** What the resolver knows about the instance a task is created in. */
export type AssignContext = {
  q: Queryable;
  tenantId: string;
  starter: string | null;
  startDept: string | null;
  /** The definition the instance runs on (a resolver may read configuration kept per definition). */
  definitionId?: string;
};

/**
 * Adjusts the graph an instance runs on before a command (configuration kept outside the model,
 * such as a service matter's gateway conditions); answers the graph unchanged when nothing applies.
 */
export type GraphHook = (
  graph: ProcessGraph,
  ctx: { q: Queryable; tenantId: string; definitionId: string; variables: Readonly<Vars> },
) => Promise<ProcessGraph>;

/**
 * Decides a new task's assignee and candidates. The default one expands relative roles; service
 * matters register their own (per-step transactors by organisation, role, user, relative role and
 * region level) in front of it.
 */
export interface AssignmentResolver {
  resolve(request: AssignRequest, ctx: AssignContext): Promise<AssignResult | undefined>;
}

/**
 * Relative roles, relative to the applicant: `deptLeader` is whoever holds a senior post (category 1)
 * in the applicant's department. Other candidates pass through unchanged.
 */
export const defaultResolver: AssignmentResolver = {
  async resolve({ task }, { q, tenantId, startDept }) {
    const relative = task.candidates.filter((c) => c.kind === 'relativeRole');
    if (!relative.length) return undefined;
    const out: Candidate[] = task.candidates.filter((c) => c.kind !== 'relativeRole');
    for (const c of relative) {
      if (c.value !== 'deptLeader' || !startDept) continue;
      const leaders = await deptLeaders(q, tenantId, startDept);
      for (const id of leaders) out.push({ kind: 'user', value: id });
    }
    const users = out.filter((c) => c.kind === 'user');
    // A single leader takes the task directly; several may claim it.
    if (!task.assignee && users.length === 1 && out.length === 1) return { assignee: users[0].value, candidates: [] };
    return { candidates: out };
  },
};
