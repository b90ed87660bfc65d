import type { Queryable } from '@civdesk/db';
import { demoApplyMember, matWfElementPermission, user } from '@civdesk/resources';
import type { Caller, Scope } from '../../core/caller.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { newId } from '../../crud/ids.ts';
import { readVersion } from '../forms/versions.ts';
import { candidateOf, Params } from '../workflow/lists.ts';
import { fmt } from '../workflow/sql.ts';
import { isCandidate } from '../workflow/tasks.ts';
import { type ApplyRow, formDataOf, mustBeHandler } from './apply-store.ts';
import { stepElement } from './buttons.ts';
import { Deadlines, versionSteps } from './deadlines.ts';
import { whoIs } from './people.ts';
import { A, named, rowSelect } from './sql.ts';
import { suspensionRequest } from './suspension.ts';

// Reads of one application: the whole of it for its handlers (audited), the header with its
// deadlines, its forms with the current step's field rights.

const M = sqlOf(demoApplyMember);
const FP = sqlOf(matWfElementPermission);
const U = sqlOf(user, 'u');

/** The application whole (ID card and phone unmasked): handlers only, every answer audited. */
export async function current(q: Queryable, s: Scope, apply: ApplyRow, now: Date) {
  const c = s.caller;
  await mustBeHandler(q, c, apply);
  const p = new Params();
  const at = `${p.p(now.toISOString())}::timestamptz`;
  const [row] = await q.query<Record<string, unknown>>(
    `select ${rowSelect(s.tz, at)}, ${A.c.applicantIdCard} as "applicantIdCardFull", ${A.c.applicantPhone} as "applicantPhoneFull",
            ${A.c.applicantAddress} as "applicantAddress", ${A.c.reason} as reason from ${A.table} where ${A.c.id} = ${p.p(apply.id)}`,
    p.values,
  );
  const { applicantIdCardFull, applicantPhoneFull, ...rest } = row;
  const members = await q.query(
    `select ${M.c.id}::text as id, ${M.c.memberName} as "memberName", ${M.c.memberIdCard} as "memberIdCard", ${M.c.relation} as relation,
            ${M.c.memberPhone} as "memberPhone" from ${M.table} where ${M.live('$1')} and ${M.c.applyId} = $2 order by ${M.c.createTime}, ${M.c.id}`,
    [c.tenantId, apply.id],
  );
  const me = await whoIs(q, c);
  await q.query(
    `insert into biz_apply_view_log (id, tenant_id, apply_id, user_id, user_name, view_time, what) values ($1, $2, $3, $4, $5, $6, $7)`,
    [newId(), c.tenantId, apply.id, c.userId, me.name, now.toISOString(), 'getCurrent: applicantIdCard, applicantPhone, members'],
  );
  return {
    apply: {
      ...named(rest),
      applicantIdCard: applicantIdCardFull,
      applicantPhone: applicantPhoneFull,
      formData: formDataOf(apply).apply ?? {},
    },
    members,
    tasks: await myTasks(q, s, c, apply),
    suspendRequest: await suspensionRequest(q, c, apply, s.tz),
  };
}

/** The open tasks of the application the caller holds or may claim. */
async function myTasks(q: Queryable, s: Scope, c: Caller, apply: ApplyRow) {
  if (!apply.processInstanceId) return [];
  const p = new Params();
  const rows = await q.query<{ taskId: string; activityId: string; assignee: string | null; candidates: unknown }>(
    `select t.id::text as "taskId", t.node_id as "activityId", t.name as "realCurActivityName", t.assignee,
            (select ${U.c.realName} from ${U.table} where ${U.c.id}::text = t.assignee) as "assigneeName", t.candidates,
            ${fmt('t.created_at', s.tz)} as "createTime"
       from wf_task t where t.instance_id = ${p.p(apply.processInstanceId)}::bigint and t.status = 'open'
        and (t.assignee = ${p.p(c.userId)} or (t.assignee is null and ${candidateOf(p, c, 't.id')}))
      order by t.created_at, t.id`,
    p.values,
  );
  const out = [];
  for (const { candidates, ...r } of rows) {
    const cands = (typeof candidates === 'string' ? JSON.parse(candidates) : candidates) as { kind: string; value: string }[];
    const el = await stepElement(q, c.tenantId, apply.mathfVersionId, r.activityId);
    out.push({
      ...r,
      elementId: el?.id ?? null,
      claimed: r.assignee !== null,
      canClaim: r.assignee === null && isCandidate({ candidates: cands }, c),
      canHandle: r.assignee === c.userId && !['SUSPENDED', 'AWAIT_SUPPLEMENT'].includes(apply.applyStatus),
    });
  }
  return out;
}

const toIso = (v: Date | string | null) => (v ? new Date(v) : null);

/** The header: status, dates, deadlines, warnState and the working days left. */
export async function topRight(q: Queryable, s: Scope, apply: ApplyRow, now: Date) {
  const p = new Params();
  const at = `${p.p(now.toISOString())}::timestamptz`;
  const [r] = await q.query<Record<string, unknown>>(
    `select ${rowSelect(s.tz, at)}, ${fmt(A.c.curActivityWarnDate, s.tz)} as "curActivityWarnDate", coalesce(${A.c.suspendedDays}, 0) as "suspendedDays"
       from ${A.table} where ${A.c.id} = ${p.p(apply.id)}`,
    p.values,
  );
  const d = await Deadlines.of(q, s.tz);
  const remainingDays = apply.promiseDeadline && apply.acceptDate ? d.remaining(now, apply.promiseDeadline) : null;
  const n = named(r);
  return {
    status: n.status,
    statusName: n.statusName,
    acceptDate: n.acceptDate,
    legalDeadline: n.legalDeadline,
    promiseDeadline: n.promiseDeadline,
    curActivityDeadlineDate: n.curActivityDeadlineDate,
    curActivityWarnDate: r.curActivityWarnDate,
    warnState: n.warnState,
    remainingDays,
    suspendedDays: r.suspendedDays,
    realCurActivityName: n.realCurActivityName,
    suspendStart: toIso(apply.suspendStart)?.toISOString() ?? null,
  };
}

type Right = 'hidden' | 'read' | 'edit' | 'required';
const RIGHTS: Right[] = ['hidden', 'read', 'edit', 'required'];

/** A form with its schema, the saved data and per-field rights at the caller's current step. */
export async function formInfo(q: Queryable, s: Scope, apply: ApplyRow, which: 'step' | 'handle' | 'apply') {
  const c = s.caller;
  const steps = apply.mathfVersionId ? await versionSteps(q, c.tenantId, apply.mathfVersionId) : [];
  const nodeId = apply.realCurActivityId?.split(',')[0] ?? null;
  const el = nodeId ? await stepElement(q, c.tenantId, apply.mathfVersionId, nodeId) : null;
  const applyForm = steps[0]?.publicFormPc ?? null;
  // The step's own form is its handling form (PC管理端表单), which `update` saves; else the application's.
  const formId =
    which === 'apply' ? applyForm : which === 'handle' ? (el?.basicForm ?? null) : (el?.basicForm ?? el?.publicFormPc ?? applyForm);
  if (!formId) return { formId: null, formVersionId: null, schema: null, data: null, rights: {} };
  const v = await readVersion(q, s, formId, 'latest').catch(() => null);
  const data = formDataOf(apply);
  const saved = formId === applyForm && which !== 'handle' ? (data.apply ?? {}) : nodeId ? (data[nodeId] ?? {}) : {};
  const [{ n }] = apply.processInstanceId
    ? await q.query<{ n: number }>(
        `select count(*)::int as n from wf_task where instance_id = $1::bigint and status = 'open' and assignee = $2`,
        [apply.processInstanceId, c.userId],
      )
    : [{ n: 0 }];
  const fallback: Right = n > 0 && which !== 'apply' ? 'edit' : 'read';
  const rights: Record<string, Right> = {};
  for (const f of v?.schema.fields ?? []) rights[f.name] = fallback;
  if (el) {
    const rows = await q.query<{ field: string; perm: number | null }>(
      `select ${FP.c.fieldName} as field, ${FP.c.permission} as perm from ${FP.table} where ${FP.live('$1')} and ${FP.c.elementId} = $2 and ${FP.c.formId} = $3`,
      [c.tenantId, el.id, formId],
    );
    for (const r of rows) rights[r.field] = n > 0 ? (RIGHTS[Number(r.perm ?? 2)] ?? 'edit') : Number(r.perm) === 0 ? 'hidden' : 'read';
  }
  return {
    formId,
    formVersionId: v ? `${formId}:${v.version}` : null,
    version: v?.version ?? null,
    schema: v?.schema ?? null,
    data: saved,
    rights,
  };
}
