import type { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import { validateFormData } from '../forms/validate.ts';
import { formDataOf, setApply } from './apply-store.ts';
import { stepElement } from './buttons.ts';
import { notAccept, resume, suspend, withdrawOrTerminate } from './case-actions.ts';
import { taskCommandsIn } from './in-tx.ts';
import { markSaved } from './pages.ts';
import type { handleBody, updateBody } from './schemas.ts';
import { actionHookRun } from './step-hooks.ts';
import { auditSuspension } from './suspension.ts';
import { currentTask, mustBeRunning, mustHold, opinion, type Work } from './work.ts';

// demoApply/handleTask (the task actions that are not an opinion button) and demoApply/update
// (form data saved at the current step).

type HandleInput = z.infer<typeof handleBody>;

const need = <T>(v: T | undefined | null, msg: string): T => {
  if (v === undefined || v === null || (Array.isArray(v) && !v.length)) throw badRequest(msg);
  return v;
};

export async function handleTask(w: Work, b: HandleInput) {
  const c = w.s.caller;
  if (b.action === 'resume') return resume(w);
  if (b.action === 'withdraw' || b.action === 'terminate') return withdrawOrTerminate(w, b.action, b.reason);
  mustBeRunning(w);
  if (b.action === 'suspendApprove' || b.action === 'suspendReject')
    return auditSuspension(w, b.action === 'suspendApprove' ? 'approve' : 'reject', b.reason);
  const taskId = need(b.taskId, '请指定任务');
  // The actions a step button also does run that button's hooks (step-hooks.ts).
  if (b.action === 'supplement' || b.action === 'suspend') {
    const kind = b.action;
    return suspend(w, taskId, b.realCurActivityName, kind, b.reason, (t) => actionHookRun(w, t, kind, b.reason));
  }
  if (b.action === 'notAccept')
    return notAccept(w, taskId, b.realCurActivityName, b.reason, undefined, (t) => actionHookRun(w, t, 'notAccept', b.reason));
  const t = await currentTask(w, taskId, b.realCurActivityName);
  const cmd = taskCommandsIn(w.rt, w.q);
  const ref = { taskId: t.id, activityId: t.nodeId, activityName: t.name };
  if (b.action === 'unclaim') return cmd.unclaim(c, t.id);
  if (b.action === 'cc') {
    await cmd.cc(c, { taskId: t.id, userIds: need(b.userIds, '请选择抄送人') });
    return opinion(w, ref, 'cc', b.reason);
  }
  mustHold(w, t);
  if (b.action === 'delegate' || b.action === 'transfer') {
    await cmd.handOver(c, { taskId: t.id, userId: need(b.userId, '请选择人员'), mode: b.action });
  } else if (b.action === 'addSign') {
    await cmd.addSign(c, { taskId: t.id, position: b.position ?? 'after', userIds: need(b.userIds, '请选择加签人') });
  } else if (b.action === 'back') {
    if (!b.reason?.trim()) throw badRequest('请填写退回原因');
    const targetNodeId = need(b.targetActivityId, '请选择退回环节');
    const hooks = await actionHookRun(w, t, 'back', b.reason);
    await hooks.before();
    await opinion(w, ref, 'back', b.reason);
    await cmd.returnTask(c, { taskId: t.id, targetNodeId, comment: b.reason });
    return hooks.after();
  }
  await opinion(w, ref, b.action, b.reason);
}

/** Saves the current step's form data (the step's handling form, else the application form). */
export async function saveForm(w: Work, b: z.infer<typeof updateBody>) {
  const t = await currentTask(w, b.taskId, b.realCurActivityName);
  mustHold(w, t);
  const el = await stepElement(w.q, w.s.caller.tenantId, w.apply.mathfVersionId, t.nodeId);
  const data = el?.basicForm ? (await validateFormData(w.q, w.s, el.basicForm, 'latest', b.formData)).data : b.formData;
  const all = formDataOf(w.apply);
  all[t.nodeId] = data;
  await setApply(w.q, w.apply.id, { formData: JSON.stringify(all) });
  w.apply.formData = JSON.stringify(all);
  await markSaved(w, t.id, b.pageIds);
  return { id: w.apply.id };
}
