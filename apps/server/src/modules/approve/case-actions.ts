import { badRequest, forbidden } from '../../core/envelope.ts';
import { newId } from '../../crud/ids.ts';
import { appendHistory } from '../workflow/history-write.ts';
import { conflict } from '../workflow/runtime.ts';
import { isCandidate } from '../workflow/tasks.ts';
import { setApply } from './apply-store.ts';
import { stepElement } from './buttons.ts';
import { Deadlines } from './deadlines.ts';
import { instanceCommandsIn } from './in-tx.ts';
import type { HookRun } from './step-hooks.ts';
import { requestSuspension, suspensionLimits } from './suspension.ts';
import { isAcceptStep } from './sync.ts';
import { currentTask, mustHold, opinion, type TaskRow, type Work } from './work.ts';

// Actions on the whole application: suspension (挂起) and supplement requests (补齐补正) stop the
// clock and hold the process; resume adds the paused working days to every deadline. Not
// accepting (不予受理), withdrawing (撤件) and terminating end the process.

/** The step hooks of the action at its task, found once the action is known to be allowed there. */
export type HooksFor = (t: TaskRow) => Promise<HookRun>;

const needReason = (reason: string | null | undefined, msg: string) => {
  if (!reason?.trim()) throw badRequest(msg);
  return reason.trim().slice(0, 1000);
};

export async function holdInstance(w: Work, suspended: boolean, type: 'suspend' | 'resume') {
  const h = await w.rt.hold(w.q, w.s.caller.tenantId, w.apply.processInstanceId as string);
  await w.q.query('update wf_instance set suspended_at = $2 where id = $1::bigint', [
    w.apply.processInstanceId,
    suspended ? w.now.toISOString() : null,
  ]);
  await appendHistory(
    w.q,
    w.s.caller.tenantId,
    h.loaded.snapshot.instance.id,
    [{ type: type as 'terminate', nodeId: null, scopeId: null, at: w.now.toISOString(), actor: w.s.caller.userId }],
    h.graph,
  );
}

/** 挂起 / 补正 at the caller's task: SUSPENDED (or AWAIT_SUPPLEMENT before acceptance), clock stopped. */
export async function suspend(
  w: Work,
  taskId: string,
  page: string | null | undefined,
  kind: 'suspend' | 'supplement',
  reason: string | null | undefined,
  hooksFor?: HooksFor,
) {
  const text = needReason(reason, kind === 'supplement' ? '请填写需补正的材料' : '请填写挂起原因');
  const t = await currentTask(w, taskId, page);
  mustHold(w, t);
  if (!['SUBMITTED', 'IN_PROGRESS'].includes(w.apply.applyStatus)) throw conflict('办件当前状态不能挂起');
  const status = kind === 'supplement' && w.apply.applyStatus === 'SUBMITTED' ? 'AWAIT_SUPPLEMENT' : 'SUSPENDED';
  const el = await stepElement(w.q, w.s.caller.tenantId, w.apply.mathfVersionId, t.nodeId);
  const hooks = await hooksFor?.(t);
  await hooks?.before();
  // A step with suspension audit: the request waits for the step's leader role, the clock runs on.
  if (kind === 'suspend' && el?.ifSuspendAudit === 1) {
    await requestSuspension(w, t, el, text);
    return hooks?.after();
  }
  // A supplement waits for the applicant; a suspension ends by itself at the step's limit.
  const lim = kind === 'suspend' ? await suspensionLimits(w.q, w.s.tz, w.now, el) : { end: null, warn: null };
  await w.q.query(
    `insert into biz_apply_suspension (id, tenant_id, apply_id, task_id, kind, reason, requested_by, start_time, planned_end, warn_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [newId(), w.s.caller.tenantId, w.apply.id, t.id, kind, text, w.s.caller.userId, w.now.toISOString(), lim.end, lim.warn],
  );
  await startSuspension(w, status, text);
  await opinion(w, { taskId: t.id, activityId: t.nodeId, activityName: t.name }, kind, text);
  await hooks?.after();
}

/** The process held and the application marked suspended from now (the clock stops). */
export async function startSuspension(w: Work, status: 'SUSPENDED' | 'AWAIT_SUPPLEMENT', text: string) {
  await holdInstance(w, true, 'suspend');
  await setApply(w.q, w.apply.id, { applyStatus: status, suspendStart: w.now.toISOString(), reason: text });
}

/** 恢复: the paused working days move the legal, promised and step deadlines. */
export async function resume(w: Work, byLimit = false) {
  const a = w.apply;
  if (!['SUSPENDED', 'AWAIT_SUPPLEMENT'].includes(a.applyStatus) || !a.suspendStart) throw conflict('办件未挂起');
  if (!byLimit && !(await mayResume(w))) throw forbidden('只有挂起人或当前办理人可以恢复');
  const d = await Deadlines.of(w.q, w.s.tz);
  const paused = d.pausedDays(new Date(a.suspendStart), w.now);
  const shift = (at: Date | string | null) => (at ? (d.addToInstant(new Date(at), paused) ?? new Date(at)).toISOString() : null);
  await holdInstance(w, false, 'resume');
  await w.q.query(
    `update biz_apply_suspension set end_time = $2, paused_days = $3, resumed_by = $4
      where apply_id = $1::bigint and end_time is null and coalesce(audit_status, '') <> 'pending'`,
    [a.id, w.now.toISOString(), paused, w.s.caller.userId],
  );
  await setApply(w.q, a.id, {
    applyStatus: a.acceptDate ? 'IN_PROGRESS' : 'SUBMITTED',
    suspendStart: null,
    suspendedDays: (a.suspendedDays ?? 0) + paused,
    legalDeadline: a.legalDeadline ? d.addToDate(a.legalDeadline, paused) : null,
    promiseDeadline: a.promiseDeadline ? d.addToDate(a.promiseDeadline, paused) : null,
    curActivityDeadlineDate: shift(a.curActivityDeadlineDate),
    curActivityWarnDate: shift(a.curActivityWarnDate),
  });
  await opinion(
    w,
    { taskId: a.curTaskId, activityId: a.realCurActivityId, activityName: a.realCurActivityName },
    'resume',
    `${byLimit ? '挂起期满，' : ''}恢复办理，暂停${paused}个工作日`,
  );
  return paused;
}

/** The suspender, the current task's holder, or (`candidates`) a candidate of a current task no one holds. */
async function mayResume(w: Work, candidates = true): Promise<boolean> {
  const c = w.s.caller;
  const [r] = await w.q.query<{ n: number }>(
    `select count(*)::int as n from biz_apply_suspension where apply_id = $1::bigint and end_time is null and requested_by = $2
        and coalesce(audit_status, '') <> 'pending'`,
    [w.apply.id, c.userId],
  );
  if (r.n > 0) return true;
  // The current task's holder; a task no one holds (an automatic suspension on entering the step
  // comes before anyone could claim it, and a suspended task cannot be claimed) its candidates.
  const open = await w.q.query<{ assignee: string | null; candidates: unknown }>(
    `select assignee, candidates from wf_task where instance_id = $1::bigint and status = 'open'`,
    [w.apply.processInstanceId],
  );
  return open.some((t) => {
    if (t.assignee || !candidates) return t.assignee === c.userId;
    const cands = (typeof t.candidates === 'string' ? JSON.parse(t.candidates) : (t.candidates ?? [])) as TaskRow['candidates'];
    return isCandidate({ candidates: cands }, c);
  });
}

async function end(w: Work, status: string, reason: string) {
  const [inst] = await w.q.query<{ status: string }>('select status from wf_instance where id = $1::bigint', [w.apply.processInstanceId]);
  if (inst?.status === 'active')
    await instanceCommandsIn(w.rt, w.q).terminate(w.s.caller, w.s.caller.tenantId, w.apply.processInstanceId as string, reason);
  await setApply(w.q, w.apply.id, { applyStatus: status, reason, suspendStart: null, finishTime: w.now.toISOString() });
}

/** 不予受理: only at the acceptance step, before acceptance, with a reason. */
export async function notAccept(
  w: Work,
  taskId: string,
  page: string | null | undefined,
  reason: string | null | undefined,
  button?: { id: string; name: string },
  hooksFor?: HooksFor,
) {
  const text = needReason(reason, '请填写不予受理理由');
  const t = await currentTask(w, taskId, page);
  mustHold(w, t);
  if (w.apply.applyStatus !== 'SUBMITTED' || !(await isAcceptStep(w.q, w.apply, t.nodeId))) throw conflict('只有受理环节可以不予受理');
  const hooks = await hooksFor?.(t);
  await hooks?.before();
  await opinion(
    w,
    { taskId: t.id, activityId: t.nodeId, activityName: t.name, buttonId: button?.id, buttonName: button?.name },
    'notAccept',
    text,
  );
  await end(w, 'NOT_ACCEPTED', text);
  await hooks?.after();
}

/** 撤件 (the registrant or a current handler) and 终止 (an administrator): open tasks are cancelled. */
export async function withdrawOrTerminate(w: Work, kind: 'withdraw' | 'terminate', reason: string | null | undefined) {
  const text = needReason(reason, kind === 'withdraw' ? '请填写撤件原因' : '请填写终止原因');
  const c = w.s.caller;
  if (!['SUBMITTED', 'AWAIT_SUPPLEMENT', 'IN_PROGRESS', 'SUSPENDED'].includes(w.apply.applyStatus)) throw conflict('办件已结束');
  if (kind === 'terminate' && !c.grants.all && !c.roleAliases.includes('admin')) throw forbidden('只有管理员可以终止办件');
  if (kind === 'withdraw' && w.apply.createUser !== c.userId && !(await mayResume(w, false)))
    throw forbidden('只有登记人或当前办理人可以撤件');
  await opinion(
    w,
    { taskId: w.apply.curTaskId, activityId: w.apply.realCurActivityId, activityName: w.apply.realCurActivityName },
    kind,
    text,
  );
  await end(w, kind === 'withdraw' ? 'WITHDRAWN' : 'TERMINATED', text);
}
