// Every command runs the same way: refuse an ended instance, build the working state, apply the
// command, run tokens until they rest, return the new snapshot and the changes.

import { run } from '../engine/run.ts';
import { Step } from '../engine/step.ts';
import { CommandError, ExpressionError } from '../errors.ts';
import type { ProcessGraph } from '../model/graph.ts';
import type { CommandResult, EngineContext, InstanceSnapshot, TaskRow } from '../types.ts';

export async function execute(
  graph: ProcessGraph,
  snapshot: InstanceSnapshot,
  ctx: EngineContext,
  body: (step: Step) => void | Promise<void>,
  options: { inserted?: boolean } = {},
): Promise<CommandResult> {
  if (snapshot.instance.status !== 'active') throw new CommandError('CONFLICT', '流程实例已结束');
  if (snapshot.instance.processKey !== graph.key) {
    throw new CommandError('INVALID', `流程实例属于 ${snapshot.instance.processKey}，不是 ${graph.key}`);
  }
  const step = new Step(graph, snapshot, ctx, options.inserted);
  try {
    await body(step);
    await run(step);
  } catch (e) {
    if (e instanceof CommandError) throw e;
    if (e instanceof ExpressionError) throw new CommandError('FAILED', e.message, e);
    throw e;
  }
  return step.finish();
}

export function openTask(step: Step, taskId: string): TaskRow {
  const task = step.tasks.get(taskId);
  if (!task) throw new CommandError('NOT_FOUND', '任务不存在或已办理');
  return task;
}
