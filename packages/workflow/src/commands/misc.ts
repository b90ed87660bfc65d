// Timer firing, termination, and a call activity's child coming back.
import { returnFromCall } from '../engine/activities.ts';
import { cancelContents, endInstance } from '../engine/cancel.ts';
import { fire } from '../engine/timers.ts';
import { CommandError } from '../errors.ts';
import type { ProcessGraph } from '../model/graph.ts';
import type { CommandResult, EngineContext, InstanceSnapshot, Vars } from '../types.ts';
import { execute } from './execute.ts';

/** Fires a due timer job. A job that no longer exists (its task was completed meanwhile) is NOT_FOUND. */
export function fireTimer(
  graph: ProcessGraph,
  snapshot: InstanceSnapshot,
  input: { jobId: string },
  ctx: EngineContext,
): Promise<CommandResult> {
  return execute(graph, snapshot, ctx, (step) => {
    const job = step.jobs.get(input.jobId);
    if (!job) throw new CommandError('NOT_FOUND', '定时任务不存在或已取消');
    fire(step, job);
  });
}

/** Ends the instance at once: every task cancelled, every job removed, child instances terminated. */
export function terminate(
  graph: ProcessGraph,
  snapshot: InstanceSnapshot,
  input: { actor?: string; reason?: string },
  ctx: EngineContext,
): Promise<CommandResult> {
  return execute(graph, snapshot, ctx, (step) => {
    cancelContents(step, null, 'terminate');
    endInstance(step, 'terminated', input);
  });
}

/** The child instance started for call token `tokenId` completed with these variables. */
export function childCompleted(
  graph: ProcessGraph,
  snapshot: InstanceSnapshot,
  input: { tokenId: string; variables: Vars },
  ctx: EngineContext,
): Promise<CommandResult> {
  return execute(graph, snapshot, ctx, (step) => {
    const token = step.tokens.get(input.tokenId);
    if (token?.kind !== 'call') throw new CommandError('NOT_FOUND', '调用活动不存在或已结束');
    returnFromCall(step, token, input.variables);
  });
}
