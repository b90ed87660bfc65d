// Completing a task and adding signers to one (加签).
import type { Step } from '../engine/step.ts';
import { finishTask } from '../engine/tasks.ts';
import { CommandError } from '../errors.ts';
import type { ProcessGraph } from '../model/graph.ts';
import type { CommandResult, EngineContext, InstanceSnapshot, TaskRow, Vars } from '../types.ts';
import { execute, openTask } from './execute.ts';

export interface CompleteInput {
  taskId: string;
  actor: string;
  variables?: Vars;
  /** The button or decision (通过, 驳回 …), kept in history. Pass it in `variables` too to route on it. */
  outcome?: string;
  opinion?: string;
}

export function completeTask(
  graph: ProcessGraph,
  snapshot: InstanceSnapshot,
  input: CompleteInput,
  ctx: EngineContext,
): Promise<CommandResult> {
  return execute(graph, snapshot, ctx, async (step) => {
    const task = openTask(step, input.taskId);
    if (task.waiting) throw new CommandError('CONFLICT', '任务正在等待加签人处理，暂不能办理');
    if (input.variables) step.setVariables(input.variables, task.scopeId);
    step.closeTask(task, 'completed', input.actor);
    for (const job of [...step.jobs.values()]) if (job.taskId === task.id) step.removeJob(job);
    step.event('complete', task.nodeId, task.scopeId, {
      taskId: task.id,
      actor: input.actor,
      opinion: input.opinion,
      outcome: input.outcome,
    });
    if (task.kind === 'signBefore') {
      const parent = step.tasks.get(task.parentTaskId!);
      const othersOpen = [...step.tasks.values()].some((t) => t.parentTaskId === task.parentTaskId && t.kind === 'signBefore');
      if (parent && !othersOpen) step.updateTask({ ...parent, waiting: false });
      return;
    }
    if (task.signAfter.length) {
      for (const user of task.signAfter) addSignTask(step, task, 'signAfter', user);
      return;
    }
    if (task.kind === 'signAfter' && [...step.tasks.values()].some((t) => t.parentTaskId === task.parentTaskId)) return;
    await finishTask(step, task);
  });
}

export interface AddSignInput {
  taskId: string;
  actor: string;
  /** before: the added people act first and this task waits; after: they act once this task completes. */
  position: 'before' | 'after';
  users: string[];
  opinion?: string;
}

function addSignTask(step: Step, origin: TaskRow, kind: 'signBefore' | 'signAfter', user: string): void {
  const task: TaskRow = {
    ...origin,
    id: step.newId(),
    assignee: user,
    candidates: [],
    createdAt: step.at,
    kind,
    parentTaskId: origin.id,
    waiting: false,
    signAfter: [],
  };
  step.addTask(task);
  step.event('create', task.nodeId, task.scopeId, {
    taskId: task.id,
    data: { assignee: user, addSign: kind === 'signBefore' ? 'before' : 'after' },
  });
}

export function addSign(graph: ProcessGraph, snapshot: InstanceSnapshot, input: AddSignInput, ctx: EngineContext): Promise<CommandResult> {
  return execute(graph, snapshot, ctx, (step) => {
    const task = openTask(step, input.taskId);
    if (task.kind !== 'task') throw new CommandError('INVALID', '加签任务不能再加签');
    const users = [...new Set(input.users.filter(Boolean))];
    if (!users.length) throw new CommandError('INVALID', '请选择加签人');
    const before = [...step.tasks.values()].filter((t) => t.parentTaskId === task.id).map((t) => t.assignee);
    if (input.position === 'before' ? task.signAfter.length > 0 : task.waiting)
      throw new CommandError('CONFLICT', '不能同时向前和向后加签');
    const taken = new Set([task.assignee, ...before, ...task.signAfter]);
    const dup = users.find((u) => taken.has(u));
    if (dup) throw new CommandError('INVALID', `加签人重复: ${dup}`);
    if (input.position === 'before') {
      for (const user of users) addSignTask(step, task, 'signBefore', user);
      step.updateTask({ ...step.tasks.get(task.id)!, waiting: true });
    } else {
      step.updateTask({ ...task, signAfter: [...task.signAfter, ...users] });
    }
  });
}
