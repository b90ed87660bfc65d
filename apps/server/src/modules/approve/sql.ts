import { demoApply, dictionaries } from '@civdesk/resources';
import { sqlOf } from '../../core/table-sql.ts';
import { fmt } from '../workflow/sql.ts';

// The application's columns as every list and read answers them, and the masks that keep ID card
// numbers and phones out of lists.

export const A = sqlOf(demoApply, 'a');
export const APPLY = sqlOf(demoApply);

/** 110101199003071234 → 110101********1234 (shorter values keep only their last 4). */
export const maskIdCard = (col: string) =>
  `case when length(${col}) > 10 then left(${col}, 6) || repeat('*', length(${col}) - 10) || right(${col}, 4)
        when length(${col}) > 4 then repeat('*', length(${col}) - 4) || right(${col}, 4) else ${col} end`;

/** 13800138000 → 138****8000. */
export const maskPhone = (col: string) =>
  `case when length(${col}) >= 7 then left(${col}, 3) || repeat('*', length(${col}) - 7) || right(${col}, 4) else ${col} end`;

/** Statuses whose application is still open (a task may act on it). */
export const OPEN = ['SUBMITTED', 'AWAIT_SUPPLEMENT', 'IN_PROGRESS', 'SUSPENDED'];
export const TERMINAL = ['NOT_ACCEPTED', 'COMPLETED_APPROVED', 'COMPLETED_REJECTED', 'WITHDRAWN', 'TERMINATED'];
const quoted = (xs: string[]) => xs.map((x) => `'${x}'`).join(', ');

/**
 * warnState at `now` (an SQL expression of a timestamptz): 3 suspended, 2 past the step's
 * deadline, 1 past its warning date, else 0; closed applications are 0. Lists, counts and the
 * warning job all read this one expression.
 */
export const warnState = (now: string) =>
  `(case when ${A.c.applyStatus} in ('SUSPENDED', 'AWAIT_SUPPLEMENT') then 3
         when ${A.c.applyStatus} not in (${quoted(OPEN)}) then 0
         when ${A.c.curActivityDeadlineDate} is not null and ${now} > ${A.c.curActivityDeadlineDate} then 2
         when ${A.c.curActivityWarnDate} is not null and ${now} >= ${A.c.curActivityWarnDate} then 1 else 0 end)`;

const day = (col: string) => `to_char(${col}, 'YYYY-MM-DD')`;

/** The columns every list row carries (masked). */
export const rowSelect = (
  tz: string,
  now: string,
) => `${A.c.id}::text as "applyId", ${A.c.itemId} as "itemId", ${A.c.itemName} as "itemName",
  ${A.c.itemNo} as "itemNo", ${A.c.mathfVersionId} as "mathfVersionId", ${A.c.applicantName} as "applicantName",
  ${maskIdCard(A.c.applicantIdCard)} as "applicantIdCard", ${maskPhone(A.c.applicantPhone)} as "applicantPhone", ${A.c.regionId} as "regionId",
  ${A.c.applyStatus} as status, ${A.c.source} as source, ${A.c.realCurActivityName} as "realCurActivityName",
  ${A.c.prevActivityName} as "prevActivityName", ${A.c.registerPeople} as "registerPeople", ${A.c.registerDeptName} as "registerDeptName",
  ${fmt(A.c.createTime, tz)} as "createTime", ${fmt(A.c.acceptDate, tz)} as "acceptDate", ${day(A.c.legalDeadline)} as "legalDeadline",
  ${day(A.c.promiseDeadline)} as "promiseDeadline", ${fmt(A.c.curActivityDeadlineDate, tz)} as "curActivityDeadlineDate",
  ${fmt(A.c.finishTime, tz)} as "finishTime", ${warnState(now)} as "warnState", ${A.c.processInstanceId} as "processInstanceId"`;

const dictMap = (code: string) => new Map(dictionaries[code].entries.map(([v, label]) => [String(v), String(label)]));
const statusNames = dictMap('approve_status');
const sourceNames = dictMap('approve_source');

/** Adds the dictionary names (statusName, dictName) and the id alias a row is read by. */
export function named<T extends { status?: unknown; source?: unknown; applyId?: unknown }>(r: T) {
  return {
    ...r,
    id: r.applyId,
    statusName: statusNames.get(String(r.status)) ?? '',
    dictName: sourceNames.get(String(r.source)) ?? '',
  };
}
