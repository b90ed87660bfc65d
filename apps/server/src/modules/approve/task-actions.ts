import { demoOpinion } from '@civdesk/resources';
import { badRequest } from '../../core/envelope.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { signaturesComplete } from '../signing/signing-service.ts';
import { graphOf } from '../workflow/definitions.ts';
import { conflict } from '../workflow/runtime.ts';
import { formDataOf, setApply } from './apply-store.ts';
import { type Action, stepButtons, stepElement } from './buttons.ts';
import { notAccept, suspend } from './case-actions.ts';
import { taskCommandsIn } from './in-tx.ts';
import { nextSteps, usersForStep } from './next-users.ts';
import { mustHaveSaved } from './pages.ts';
import { hookRun } from './step-hooks.ts';
import { accept, isAcceptStep, openTasks } from './sync.ts';
import { currentTask, mustBeRunning, mustHold, opinion, type TaskRow, type Work } from './work.ts';

// Actions on the caller's task: claim, the buttons of a step (pass, reject, back, save …) and
// recall of the caller's last step while the next one is untouched.

/** 签收: of two at once exactly one wins; the other is told 已被他人签收. */
export async function claim(w: Work, taskId: string) {
  const t = await currentTask(w, taskId);
  if (t.assignee && t.assignee !== w.s.caller.userId) throw conflict('已被他人签收');
  await taskCommandsIn(w.rt, w.q).claim(w.s.caller, taskId);
}

export type SubmitInput = {
  taskId: string;
  realCurActivityName?: string | null;
  buttonId: string;
  content?: string | null;
  nextUsers?: string[];
  targetActivityId?: string | null;
  batch?: boolean;
};

const OP = sqlOf(demoOpinion);
const O = sqlOf(demoOpinion, 'o');

const NEEDS_CONTENT: Action[] = ['back', 'reject', 'notAccept', 'supplement', 'suspend'];

/** demoOpinion/submit: the opinion, then what the step's button does. */
export async function submitButton(w: Work, input: SubmitInput) {
  mustBeRunning(w);
  const t = await currentTask(w, input.taskId, input.realCurActivityName);
  const el = await stepElement(w.q, w.s.caller.tenantId, w.apply.mathfVersionId, t.nodeId);
  const button = el
    ? (await stepButtons(w.q, w.s.caller.tenantId, el.id)).find((b) => b.buttonId === input.buttonId || b.id === input.buttonId)
    : null;
  if (!button?.action) throw badRequest('该环节没有此按钮');
  const action = button.action;
  if (NEEDS_CONTENT.includes(action) && !input.content?.trim()) throw badRequest('请填写意见');
  const ref = { taskId: t.id, activityId: t.nodeId, activityName: t.name, buttonId: button.buttonId, buttonName: button.name };
  const hooksFor = (at: TaskRow) => hookRun(w, at, button, action, input.content);
  if (action === 'suspend' || action === 'supplement') return suspend(w, t.id, null, action, input.content, hooksFor);
  if (action === 'notAccept') return notAccept(w, t.id, null, input.content, { id: button.buttonId, name: button.name }, hooksFor);
  if (action === 'recall') return recallLast(w);
  mustHold(w, t);
  if (action === 'save' || action === 'print') return saveDraftOpinion(w, t, ref, input.content);
  const hooks = await hooksFor(t);
  if (action === 'back') {
    if (!input.targetActivityId) throw badRequest('请选择退回环节');
    await hooks.before();
    await dropDraft(w, t.id);
    await opinion(w, ref, 'back', input.content);
    await taskCommandsIn(w.rt, w.q).returnTask(w.s.caller, {
      taskId: t.id,
      targetNodeId: input.targetActivityId,
      comment: input.content ?? undefined,
    });
    await hooks.after();
    return;
  }
  if (input.batch) {
    if (el?.ifPermitBatch !== 1) throw badRequest(`环节不允许批量办理：${t.name ?? t.nodeId}`);
  } else {
    await mustHaveSaved(w, t.id, Boolean(input.content?.trim()));
  }
  if (el && action === 'pass') await mustBeSigned(w, el.id);
  await hooks.before();
  await pass(w, t, action === 'reject' ? 'reject' : 'ok', ref, input);
  await hooks.after();
}

/** A step with signing elements moves on only once each has its configured signatures. */
async function mustBeSigned(w: Work, elementId: string) {
  const { complete, missing } = await signaturesComplete(w.q, w.s, w.apply.id, elementId);
  if (complete) return;
  const left = missing.reduce((n, m) => n + Math.max(0, m.required - m.count), 0);
  throw badRequest(`签章未完成，还需签章${left}次`);
}

async function pass(w: Work, t: TaskRow, flag: 'ok' | 'reject', ref: Parameters<typeof opinion>[1], input: SubmitInput) {
  const allowed = input.nextUsers?.length ? await nextUsersOf(w, t.nodeId) : null;
  if (allowed && input.nextUsers?.some((u) => !allowed.users.some((x) => x.id === u)))
    throw badRequest('所选办理人不在下一环节办理人范围内');
  const accepting = w.apply.applyStatus === 'SUBMITTED' && (await isAcceptStep(w.q, w.apply, t.nodeId));
  const before = new Set((await openTasks(w.q, w.apply.processInstanceId as string)).map((x) => x.id));
  await dropDraft(w, t.id);
  await opinion(w, ref, flag === 'ok' ? 'pass' : 'reject', input.content);
  await setApply(w.q, w.apply.id, { lastDecision: flag });
  const stepData = formDataOf(w.apply)[t.nodeId] ?? {};
  const variables: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(stepData)) if (typeof v === 'number' || typeof v === 'boolean') variables[k] = v;
  await taskCommandsIn(w.rt, w.q).complete(w.s.caller, { taskId: t.id, flag, comment: input.content ?? undefined, variables });
  if (accepting) await accept(w.q, w.s.tz, w.apply, w.now);
  if (input.nextUsers?.length) {
    const fresh = (await openTasks(w.q, w.apply.processInstanceId as string)).filter((x) => !before.has(x.id));
    const cands = input.nextUsers.map((u) => ({ kind: 'user', value: u }));
    for (const f of fresh) {
      await w.q.query('update wf_task set candidates = $2::jsonb, assignee = null where id = $1::bigint', [f.id, JSON.stringify(cands)]);
      await w.q.query('delete from wf_task_candidate where task_id = $1::bigint', [f.id]);
      for (const u of input.nextUsers)
        await w.q.query(`insert into wf_task_candidate (task_id, tenant_id, kind, value) values ($1, $2, 'user', $3)`, [
          f.id,
          w.s.caller.tenantId,
          u,
        ]);
    }
  }
}

/** The users the next step's transactor rules allow (none when the next node is an end). */
export async function nextUsersOf(w: Pick<Work, 'rt' | 'q' | 's' | 'apply'>, nodeId: string) {
  const [row] = await w.q.query<{ id: string; definitionId: string; startUser: string | null; startDept: string | null; vars: unknown }>(
    `select id::text, definition_id::text as "definitionId", start_user as "startUser", start_dept::text as "startDept", vars from wf_instance where id = $1::bigint`,
    [w.apply.processInstanceId],
  );
  const inst = { ...row, vars: (typeof row.vars === 'string' ? JSON.parse(row.vars) : (row.vars ?? {})) as Record<string, unknown> };
  const graph = await graphOf(w.q, inst.definitionId);
  const next = nextSteps(graph, nodeId);
  const users = new Map<string, Awaited<ReturnType<typeof usersForStep>>[number]>();
  for (const s of next.steps) for (const u of await usersForStep(w.rt, w.q, w.s.caller.tenantId, inst, s.id)) users.set(u.id, u);
  return {
    end: next.end,
    activityId: next.steps.map((s) => s.id).join(',') || null,
    activityName: next.steps.map((s) => s.name).join(',') || null,
    users: [...users.values()],
  };
}

async function dropDraft(w: Work, taskId: string) {
  await w.q.query(
    `update ${OP.table} set ${OP.c.isDeleted} = 1 where ${OP.c.applyId} = $1 and ${OP.c.taskId} = $2 and ${OP.c.isDraft} = 1 and ${OP.c.createUser}::text = $3`,
    [w.apply.id, taskId, w.s.caller.userId],
  );
}

async function saveDraftOpinion(w: Work, t: TaskRow, ref: Parameters<typeof opinion>[1], content: string | null | undefined) {
  await dropDraft(w, t.id);
  await opinion(w, ref, 'save', content, 1);
}

/** 撤回: the caller's last completed step, while what came after is unclaimed and unsaved. */
export async function recallLast(w: Work) {
  const [mine] = await w.q.query<{ id: string; endTime: string; nodeId: string }>(
    `select id::text, end_time::text as "endTime", node_id as "nodeId" from wf_task where instance_id = $1::bigint and completed_by = $2 and status = 'completed'
      order by end_time desc, id desc limit 1`,
    [w.apply.processInstanceId ?? '0', w.s.caller.userId],
  );
  if (!mine) throw conflict('没有可撤回的环节');
  // Recalled already: the step is open again (the caller's to handle), so there is nothing to take back.
  const [again] = await w.q.query<{ n: number }>(
    `select count(*)::int as n from wf_task where instance_id = $1::bigint and node_id = $2 and status = 'open' and created_at >= $3::timestamptz`,
    [w.apply.processInstanceId, mine.nodeId, mine.endTime],
  );
  if (again.n > 0) throw conflict('该环节已撤回，请在待办中办理');
  const [{ n }] = await w.q.query<{ n: number }>(
    `select count(*)::int as n from wf_task t where t.instance_id = $1::bigint and t.created_at >= $2::timestamptz and t.id <> $3::bigint
        and (t.claim_time is not null or t.status = 'completed'
             or exists (select 1 from biz_apply_page_save p where p.task_id = t.id)
             or exists (select 1 from ${O.table} where ${O.c.taskId} = t.id::text and ${O.c.isDeleted} = 0))`,
    [w.apply.processInstanceId, mine.endTime, mine.id],
  );
  if (n > 0) throw conflict('下一环节已处理，无法撤回');
  await taskCommandsIn(w.rt, w.q).recall(w.s.caller, { taskId: mine.id });
  const [back] = await openTasks(w.q, w.apply.processInstanceId as string);
  await opinion(w, { taskId: back?.id, activityId: back?.nodeId, activityName: back?.name }, 'recall', '撤回');
  return { taskId: back?.id ?? null };
}
