import type { Queryable } from '@civdesk/db';
import { user } from '@civdesk/resources';
import { type Caller, systemCaller } from '../../core/caller.ts';
import { badRequest, forbidden } from '../../core/envelope.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { newId } from '../../crud/ids.ts';
import { usersOfGroups } from '../workflow/people.ts';
import { conflict, type WorkflowRuntime } from '../workflow/runtime.ts';
import { fmt } from '../workflow/sql.ts';
import { type ApplyRow, loadApply } from './apply-store.ts';
import { type StepElement, stepElement } from './buttons.ts';
import { resume, startSuspension } from './case-actions.ts';
import { Deadlines } from './deadlines.ts';
import { A } from './sql.ts';
import { syncApply } from './sync.ts';
import { opinion, type TaskRow, type Work } from './work.ts';

// The step rules around suspension: a request on a step with suspension audit waits for the
// step's leader role; a step with automatic suspension (公示) suspends itself when entered, for
// its suspension limit; a suspension with a limit resumes by itself when the limit is reached
// (the warning job runs it). Nothing is ever decided for the handler: resuming only gives the
// task back.

const U = sqlOf(user);

/** When a suspension from `from` ends by the step's limit and when it warns (null without one). */
export async function suspensionLimits(
  q: Queryable,
  tz: string,
  from: Date,
  el: Pick<StepElement, 'timeLimitSuspend' | 'timeLimitSuspendWaring'> | null | undefined,
): Promise<{ end: string | null; warn: string | null }> {
  const d = await Deadlines.of(q, tz);
  return {
    end: d.addToInstant(from, el?.timeLimitSuspend)?.toISOString() ?? null,
    warn: d.addToInstant(from, el?.timeLimitSuspendWaring)?.toISOString() ?? null,
  };
}

/** Who audits a step's suspension requests: the users of its leader role, else the tenant's administrators. */
export async function auditors(q: Queryable, tenantId: string, leaderRole: string | null): Promise<string[]> {
  const rows = await usersOfGroups(q, tenantId, [{ kind: 'role', value: leaderRole ?? 'admin' }]);
  return [...new Set(rows.map((r) => r.user_id))];
}

const notice = (q: Queryable, w: Work, userId: string, title: string, taskId: string | null) =>
  q.query('insert into wf_notice (id, tenant_id, user_id, title, instance_id, task_id, create_time) values ($1, $2, $3, $4, $5, $6, $7)', [
    newId(),
    w.s.caller.tenantId,
    userId,
    title.slice(0, 255),
    w.apply.processInstanceId,
    taskId,
    w.now.toISOString(),
  ]);

type Pending = { id: string; taskId: string; requestedBy: string; reason: string | null; elementLeader: string | null };

/** The open request awaiting audit (its task still open: a request lapses when the step moves on). */
async function pendingOf(q: Queryable, tenantId: string, apply: Pick<ApplyRow, 'id' | 'mathfVersionId'>, tz = 'Asia/Shanghai') {
  const [p] = await q.query<{ id: string; taskId: string; requestedBy: string; reason: string | null; nodeId: string; startTime: string }>(
    `select s.id::text, s.task_id::text as "taskId", s.requested_by as "requestedBy", s.reason, t.node_id as "nodeId",
            ${fmt('s.start_time', tz)} as "startTime"
       from biz_apply_suspension s join wf_task t on t.id = s.task_id and t.status = 'open'
      where s.apply_id = $1::bigint and s.audit_status = 'pending' order by s.start_time desc limit 1`,
    [apply.id],
  );
  if (!p) return null;
  const el = await stepElement(q, tenantId, apply.mathfVersionId, p.nodeId);
  return { ...p, elementLeader: el?.leaderRole ?? null };
}

const pendingRequest = (w: Work): Promise<Pending | null> => pendingOf(w.q, w.s.caller.tenantId, w.apply);

/** May the caller audit the request (its step's leader role, or an administrator; never its requester)? */
async function mayAudit(q: Queryable, c: Caller, p: Pending) {
  if (p.requestedBy === c.userId) return false;
  return c.grants.all || (await auditors(q, c.tenantId, p.elementLeader)).includes(c.userId);
}

/** The suspension request awaiting audit, as the handling page shows it (null when none). */
export async function suspensionRequest(q: Queryable, c: Caller, apply: Pick<ApplyRow, 'id' | 'mathfVersionId'>, tz?: string) {
  const p = await pendingOf(q, c.tenantId, apply, tz);
  if (!p) return null;
  const [u] = await q.query<{ name: string | null }>(`select ${U.c.realName} as name from ${U.table} where ${U.c.id}::text = $1`, [
    p.requestedBy,
  ]);
  return {
    id: p.id,
    reason: p.reason,
    requestedBy: p.requestedBy,
    requestedByName: u?.name ?? null,
    requestTime: p.startTime,
    canAudit: await mayAudit(q, c, p),
  };
}

/** 挂起申请 on a step with suspension audit: recorded, the clock keeps running, the auditors are told. */
export async function requestSuspension(w: Work, t: TaskRow, el: StepElement, text: string) {
  if (await pendingRequest(w)) throw conflict('已有待审核的挂起申请');
  await w.q.query(
    `insert into biz_apply_suspension (id, tenant_id, apply_id, task_id, kind, reason, requested_by, start_time, audit_status)
     values ($1, $2, $3, $4, 'suspend', $5, $6, $7, 'pending')`,
    [newId(), w.s.caller.tenantId, w.apply.id, t.id, text, w.s.caller.userId, w.now.toISOString()],
  );
  await opinion(w, { taskId: t.id, activityId: t.nodeId, activityName: t.name }, 'suspendRequest', text);
  for (const u of await auditors(w.q, w.s.caller.tenantId, el.leaderRole))
    if (u !== w.s.caller.userId) await notice(w.q, w, u, `挂起待审核：${w.apply.itemName ?? ''}（${t.name ?? t.nodeId}）`, t.id);
}

/** 挂起审核: the step's leader role approves (SUSPENDED, clock stopped) or rejects (stays in progress, reason kept). */
export async function auditSuspension(w: Work, decision: 'approve' | 'reject', reason: string | null | undefined) {
  const text = reason?.trim().slice(0, 1000) ?? '';
  if (decision === 'reject' && !text) throw badRequest('请填写驳回理由');
  const p = await pendingRequest(w);
  if (!p) throw conflict('没有待审核的挂起申请');
  const c = w.s.caller;
  if (p.requestedBy === c.userId) throw forbidden('不能审核自己的挂起申请');
  if (!(await mayAudit(w.q, c, p))) throw forbidden('只有环节负责角色可以审核挂起申请');
  const [t] = await w.q.query<{ nodeId: string; name: string | null }>(
    'select node_id as "nodeId", name from wf_task where id = $1::bigint',
    [p.taskId],
  );
  const ref = { taskId: p.taskId, activityId: t.nodeId, activityName: t.name };
  if (decision === 'reject') {
    await w.q.query(
      `update biz_apply_suspension set audit_status = 'rejected', audited_by = $2, audit_time = $3, audit_reason = $4, end_time = $3, paused_days = 0
        where id = $1::bigint`,
      [p.id, c.userId, w.now.toISOString(), text],
    );
    await opinion(w, ref, 'suspendReject', text);
    return;
  }
  const el = await stepElement(w.q, c.tenantId, w.apply.mathfVersionId, t.nodeId);
  const lim = await suspensionLimits(w.q, w.s.tz, w.now, el);
  await w.q.query(
    `update biz_apply_suspension set audit_status = 'approved', audited_by = $2, audit_time = $3, audit_reason = $4, start_time = $3,
            planned_end = $5, warn_at = $6
      where id = $1::bigint`,
    [p.id, c.userId, w.now.toISOString(), text || null, lim.end, lim.warn],
  );
  await startSuspension(w, 'SUSPENDED', p.reason ?? '');
  await opinion(w, ref, 'suspendApprove', text || '同意挂起');
}

/** A step with automatic suspension, just entered: suspended for its suspension limit (without one, not at all). */
export async function autoSuspendOnEntry(w: Work, prevTaskId: string | null) {
  const a = await loadApply(w.q, w.s.caller.tenantId, w.apply.id, true);
  if (a.applyStatus !== 'IN_PROGRESS' || !a.curTaskId || a.curTaskId === prevTaskId || !a.realCurActivityId) return;
  const el = await stepElement(w.q, a.tenantId, a.mathfVersionId, a.realCurActivityId.split(',')[0]);
  if (el?.ifAutomaticSuspend !== 1 || !el.timeLimitSuspend || el.timeLimitSuspend <= 0) return;
  const sys: Work = { ...w, apply: a, s: { caller: systemCaller(a.tenantId), tz: w.s.tz } };
  const text = `${a.realCurActivityName ?? ''}：自动挂起${el.timeLimitSuspend}个工作日`;
  const lim = await suspensionLimits(w.q, w.s.tz, w.now, el);
  await sys.q.query(
    `insert into biz_apply_suspension (id, tenant_id, apply_id, task_id, kind, reason, requested_by, start_time, planned_end, warn_at)
     values ($1, $2, $3, $4, 'auto', $5, '0', $6, $7, $8)`,
    [newId(), a.tenantId, a.id, a.curTaskId, text, w.now.toISOString(), lim.end, lim.warn],
  );
  await startSuspension(sys, 'SUSPENDED', text);
  await opinion(sys, { taskId: a.curTaskId, activityId: a.realCurActivityId, activityName: a.realCurActivityName }, 'suspend', text);
}

/** Resumes every suspension whose limit has been reached (the task goes back to its handler). */
export async function resumeDue(rt: WorkflowRuntime, tz: string): Promise<number> {
  const now = rt.clock();
  return rt.db.tx(async (q) => {
    const due = await q.query<{ id: string; tenantId: string }>(
      `select ${A.c.id}::text as id, ${A.c.tenantId} as "tenantId" from ${A.table}
        where ${A.c.isDeleted} = 0 and ${A.c.applyStatus} = 'SUSPENDED'
          and exists (select 1 from biz_apply_suspension s where s.apply_id = ${A.c.id} and s.end_time is null
                        and coalesce(s.audit_status, '') <> 'pending' and s.planned_end <= $1::timestamptz)
        limit 100 for update of a skip locked`,
      [now.toISOString()],
    );
    for (const d of due) {
      const apply = await loadApply(q, d.tenantId, d.id, true);
      const w: Work = { rt, q, s: { caller: systemCaller(d.tenantId), tz }, apply, now, after: [] };
      await resume(w, true);
      await syncApply(q, tz, await loadApply(q, d.tenantId, d.id, true), now);
    }
    return due.length;
  });
}

/**
 * 挂起预警: a suspension (not a supplement, which waits for the applicant) that has lasted its
 * step's `timeLimitSuspendWaring` working days sends one notice to the task's holder (else its
 * candidates) and the step's leader role.
 */
export async function warnSuspensions(rt: WorkflowRuntime): Promise<number> {
  const now = rt.clock();
  return rt.db.tx(async (q) => {
    const open = await q.query<{ id: string; tenantId: string; applyId: string; taskId: string }>(
      `select s.id::text, s.tenant_id as "tenantId", s.apply_id::text as "applyId", s.task_id::text as "taskId"
         from biz_apply_suspension s
        where s.end_time is null and s.warned_at is null and s.warn_at <= $1::timestamptz
        order by s.warn_at limit 100 for update skip locked`,
      [now.toISOString()],
    );
    let sent = 0;
    for (const s of open) {
      const a = await loadApply(q, s.tenantId, s.applyId);
      const [t] = await q.query<{ nodeId: string; name: string | null; assignee: string | null; candidates: unknown }>(
        'select node_id as "nodeId", name, assignee, candidates from wf_task where id = $1::bigint',
        [s.taskId],
      );
      if (!t) continue;
      const el = await stepElement(q, s.tenantId, a.mathfVersionId, t.nodeId);
      const users = new Set<string>();
      const groups: { kind: string; value: string }[] = [];
      if (t.assignee) users.add(t.assignee);
      else {
        const cands = (typeof t.candidates === 'string' ? JSON.parse(t.candidates) : (t.candidates ?? [])) as {
          kind: string;
          value: string;
        }[];
        for (const c of cands) if (c.kind === 'user') users.add(c.value);
        groups.push(...cands.filter((c) => c.kind === 'role' || c.kind === 'dept'));
      }
      if (el?.leaderRole) groups.push({ kind: 'role', value: el.leaderRole });
      if (groups.length) for (const g of await usersOfGroups(q, s.tenantId, groups)) users.add(g.user_id);
      const title = `挂起预警：${a.itemName ?? ''}（${t.name ?? t.nodeId}）`.slice(0, 255);
      for (const u of users)
        await q.query(
          'insert into wf_notice (id, tenant_id, user_id, title, instance_id, task_id, create_time) values ($1, $2, $3, $4, $5, $6, $7)',
          [newId(), s.tenantId, u, title, a.processInstanceId, s.taskId, now.toISOString()],
        );
      await q.query('update biz_apply_suspension set warned_at = $2 where id = $1::bigint', [s.id, now.toISOString()]);
      sent++;
    }
    return sent;
  });
}
