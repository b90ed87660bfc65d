// User tasks: creation with assignment and due date, multi-instance bodies (会签 / 或签 / 依次),
// and what happens when one instance of a task is done.
import { CommandError } from '../errors.ts';
import { type Expression, evaluateCondition, type Lookup } from '../expr/index.ts';
import type { NodeOf } from '../model/graph.ts';
import { addDuration, parseDuration, toDate } from '../time.ts';
import type { Candidate, ScopeRow, TaskRow, Vars } from '../types.ts';
import { cancelTask } from './cancel.ts';
import { leave } from './run.ts';
import type { Arrival, Step } from './step.ts';
import { calendarOf, scheduleBoundary } from './timers.ts';

type UserTask = NodeOf<'userTask'>;

function text(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function values(exprs: Expression[], lookup: Lookup): string[] {
  const out: string[] = [];
  for (const e of exprs) {
    const v = e.evaluate(lookup);
    const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : v === null || v === undefined ? [] : [v];
    for (const item of list) {
      const s = text(typeof item === 'string' ? item.trim() : item);
      if (s && !out.includes(s)) out.push(s);
    }
  }
  return out;
}

function dueAt(step: Step, node: UserTask, lookup: Lookup): string | null {
  if (!node.due) return null;
  const value = node.due.value.evaluate(lookup);
  if (value === null || value === undefined || value === '') return null;
  if (node.due.workingDayCount) {
    const days = Number(value);
    if (!Number.isFinite(days)) throw new CommandError('FAILED', `${node.id} 的工作日数 ${String(value)} 不是数字`);
    return calendarOf(step, node.id).addWorkingDays(step.nowDate, days).toISOString();
  }
  const duration = typeof value === 'string' ? parseDuration(value) : null;
  if (duration) return addDuration(step.nowDate, duration, node.due.workingDays ? calendarOf(step, node.id) : undefined).toISOString();
  const date = toDate(value);
  if (!date) throw new CommandError('FAILED', `${node.id} 的到期时间 ${String(value)} 既不是日期也不是 ISO 时长`);
  return date.toISOString();
}

export async function createTask(
  step: Step,
  node: UserTask,
  scopeId: string | null,
  opts: { flowId?: string | null; loopCounter?: number; localVars?: Vars | null },
): Promise<TaskRow> {
  const local = opts.localVars ?? null;
  const lookup = step.lookup(scopeId, local);
  const candidates: Candidate[] = [
    ...values(node.candidateUsers, lookup).map((value): Candidate => ({ kind: 'user', value })),
    ...values(node.candidateGroups, lookup).map((value): Candidate => ({ kind: 'role', value })),
    ...values(node.candidateDepts, lookup).map((value): Candidate => ({ kind: 'dept', value })),
  ];
  let task: TaskRow = {
    id: step.newId(),
    nodeId: node.id,
    scopeId,
    name: node.name,
    assignee: node.assignee ? text(node.assignee.evaluate(lookup)) : null,
    candidates,
    formKey: node.formKey ? text(node.formKey.evaluate(lookup)) : null,
    dueAt: dueAt(step, node, lookup),
    createdAt: step.at,
    loopCounter: opts.loopCounter ?? null,
    localVars: local,
    kind: 'task',
    parentTaskId: null,
    waiting: false,
    signAfter: [],
  };
  const reentry = step.reentry?.nodeId === node.id ? step.reentry : null;
  if (step.ctx.assign) {
    const answer = await step.ctx.assign({
      instanceId: step.instance.id,
      nodeId: node.id,
      task,
      variables: step.flatVars(scopeId, local),
      cause: reentry?.cause ?? 'enter',
    });
    if (answer?.assignee !== undefined) task = { ...task, assignee: answer.assignee };
    if (answer?.candidates) task = { ...task, candidates: answer.candidates };
  }
  // A task re-entered by a return or recall goes back to the person the caller names.
  if (reentry?.assignee) task = { ...task, assignee: reentry.assignee };
  step.addTask(task);
  step.event('create', node.id, scopeId, {
    taskId: task.id,
    flowId: opts.flowId ?? undefined,
    data: task.assignee ? { assignee: task.assignee } : undefined,
  });
  if (!node.multiInstance) scheduleBoundary(step, node, { taskId: task.id }, scopeId);
  return task;
}

function instanceVars(node: UserTask, items: unknown[] | null, i: number): Vars {
  const vars: Vars = { loopCounter: i };
  if (node.multiInstance?.elementVariable) vars[node.multiInstance.elementVariable] = items?.[i] ?? null;
  return vars;
}

export async function startMultiInstance(step: Step, node: UserTask, a: Arrival): Promise<void> {
  const mi = node.multiInstance!;
  const lookup = step.lookup(a.scopeId);
  let items: unknown[] | null = null;
  if (mi.collection) {
    const v = mi.collection.evaluate(lookup);
    if (!Array.isArray(v)) throw new CommandError('FAILED', `多实例任务 ${node.id} 的集合不是列表`);
    items = v;
  }
  // With both, the cardinality decides the count (as Flowable does); items fill the element variable.
  const n = mi.cardinality ? Number(mi.cardinality.evaluate(lookup)) : items!.length;
  if (!Number.isInteger(n) || n < 0) throw new CommandError('FAILED', `多实例任务 ${node.id} 的实例数无效`);
  if (n === 0) {
    step.event('pass', node.id, a.scopeId, { flowId: a.flowId ?? undefined, data: { nrOfInstances: 0 } });
    return leave(step, node, a.scopeId);
  }
  const scope: ScopeRow = {
    id: step.newId(),
    nodeId: node.id,
    parentScopeId: a.scopeId,
    kind: 'multiInstance',
    vars: { nrOfInstances: n, nrOfCompletedInstances: 0, nrOfActiveInstances: mi.sequential ? 1 : n },
    items: mi.sequential ? items : null,
    createdAt: step.at,
  };
  step.addScope(scope);
  scheduleBoundary(step, node, { attachedScopeId: scope.id }, a.scopeId);
  for (let i = 0; i < (mi.sequential ? 1 : n); i++) {
    await createTask(step, node, scope.id, { flowId: a.flowId, loopCounter: i, localVars: instanceVars(node, items, i) });
  }
}

/** One instance of a user task is done (its after-signers too): count it, maybe continue the flow. */
export async function finishTask(step: Step, task: TaskRow): Promise<void> {
  const node = step.node(task.nodeId) as UserTask;
  const scope = task.scopeId === null ? undefined : step.scopes.get(task.scopeId);
  if (!node.multiInstance || scope?.kind !== 'multiInstance' || scope.nodeId !== node.id) return leave(step, node, task.scopeId);
  const vars = {
    ...scope.vars,
    nrOfCompletedInstances: Number(scope.vars.nrOfCompletedInstances) + 1,
    nrOfActiveInstances: Number(scope.vars.nrOfActiveInstances) - 1,
  };
  step.updateScope({ ...scope, vars });
  const total = Number(scope.vars.nrOfInstances);
  const completion = node.multiInstance.completion;
  const done = completion !== null && evaluateCondition(completion, step.lookup(scope.id, task.localVars), node.id);
  if (done) {
    for (const t of [...step.tasks.values()]) if (t.scopeId === scope.id) cancelTask(step, t, { reason: 'completionCondition' });
  } else if (node.multiInstance.sequential && vars.nrOfCompletedInstances < total) {
    step.updateScope({ ...scope, vars: { ...vars, nrOfActiveInstances: 1 } });
    const i = vars.nrOfCompletedInstances;
    await createTask(step, node, scope.id, { loopCounter: i, localVars: instanceVars(node, scope.items, i) });
    return;
  } else if (vars.nrOfActiveInstances > 0) return;
  for (const job of [...step.jobs.values()]) if (job.attachedScopeId === scope.id) step.removeJob(job);
  step.removeScope(step.scopes.get(scope.id)!);
  leave(step, node, scope.parentScopeId);
}
