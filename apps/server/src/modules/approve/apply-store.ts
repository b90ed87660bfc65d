import type { Queryable } from '@civdesk/db';
import type { Caller } from '../../core/caller.ts';
import { forbidden, notFound } from '../../core/envelope.ts';
import { candidateOf, Params } from '../workflow/lists.ts';
import { APPLY } from './sql.ts';
import { suspensionRequest } from './suspension.ts';

// One application as the service works on it, read (and locked) by id within the tenant.

export type ApplyRow = {
  id: string;
  tenantId: string;
  itemId: string;
  mathfVersionId: string | null;
  itemName: string | null;
  processInstanceId: string | null;
  applyStatus: string;
  curTaskId: string | null;
  realCurActivityId: string | null;
  realCurActivityName: string | null;
  acceptDate: Date | string | null;
  legalDeadline: string | null;
  promiseDeadline: string | null;
  curActivityDeadlineDate: Date | string | null;
  curActivityWarnDate: Date | string | null;
  finishTime: Date | string | null;
  suspendStart: Date | string | null;
  suspendedDays: number;
  lastDecision: string | null;
  createUser: string;
  formData: string | null;
};

const c = APPLY.c;
const SELECT = `select ${c.id}::text as id, ${c.tenantId} as "tenantId", ${c.itemId} as "itemId", ${c.mathfVersionId} as "mathfVersionId",
  ${c.itemName} as "itemName", ${c.processInstanceId} as "processInstanceId", ${c.applyStatus} as "applyStatus", ${c.curTaskId} as "curTaskId",
  ${c.realCurActivityId} as "realCurActivityId", ${c.realCurActivityName} as "realCurActivityName", ${c.acceptDate} as "acceptDate",
  to_char(${c.legalDeadline}, 'YYYY-MM-DD') as "legalDeadline", to_char(${c.promiseDeadline}, 'YYYY-MM-DD') as "promiseDeadline",
  ${c.curActivityDeadlineDate} as "curActivityDeadlineDate", ${c.curActivityWarnDate} as "curActivityWarnDate", ${c.finishTime} as "finishTime", ${c.suspendStart} as "suspendStart",
  coalesce(${c.suspendedDays}, 0) as "suspendedDays", ${c.lastDecision} as "lastDecision", ${c.createUser}::text as "createUser", ${c.formData} as "formData"
  from ${APPLY.table}`;

/** The application of the tenant (404 otherwise); `lock` takes its row for the transaction. */
export async function loadApply(q: Queryable, tenantId: string, applyId: string, lock = false): Promise<ApplyRow> {
  const [row] = await q.query<ApplyRow>(`${SELECT} where ${c.id} = $1 and ${APPLY.live('$2')}${lock ? ' for update' : ''}`, [
    applyId,
    tenantId,
  ]);
  if (!row) throw notFound('办件不存在');
  return row;
}

/** Sets columns (by SQL column expression) of one application. */
export async function setApply(q: Queryable, id: string, values: Record<string, unknown>) {
  const keys = Object.keys(values);
  if (!keys.length) return;
  const sets = keys.map((k, i) => `${(c as Record<string, string>)[k]} = $${i + 2}`);
  await q.query(`update ${APPLY.table} set ${sets.join(', ')}, ${c.updateTime} = now() where ${c.id} = $1`, [
    id,
    ...keys.map((k) => values[k]),
  ]);
}

/**
 * A handler of the application: registered it, holds or may claim one of its open tasks, or
 * handled one of its steps. Only they see it whole.
 */
export async function isHandler(q: Queryable, caller: Caller, apply: Pick<ApplyRow, 'createUser' | 'processInstanceId'>): Promise<boolean> {
  if (apply.createUser === caller.userId) return true;
  if (!apply.processInstanceId) return false;
  const s = new Params();
  const inst = s.p(apply.processInstanceId);
  const me = s.p(caller.userId);
  const [r] = await q.query<{ n: number }>(
    `select count(*)::int as n from wf_task t where t.instance_id = ${inst}::bigint
       and (t.assignee = ${me} or t.completed_by = ${me} or t.owner = ${me}
            or (t.status = 'open' and t.assignee is null and ${candidateOf(s, caller, 't.id')}))`,
    s.values,
  );
  return r.n > 0;
}

/** A handler, or (to read it) an auditor of its suspension request awaiting audit. */
export async function mustBeHandler(q: Queryable, caller: Caller, apply: ApplyRow) {
  if (await isHandler(q, caller, apply)) return;
  if ((await suspensionRequest(q, caller, apply))?.canAudit) return;
  throw forbidden('无权查看该办件');
}

/** The application's form data: `{apply: {...}, <activityId>: {...}}`. */
export function formDataOf(apply: Pick<ApplyRow, 'formData'>): Record<string, Record<string, unknown>> {
  try {
    const v = JSON.parse(apply.formData ?? '{}');
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}
