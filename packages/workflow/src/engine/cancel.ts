// Taking positions away: a task (with the tasks added to it), a token (a call token also ends its
// child instance), a scope with everything inside, the whole instance. Jobs go with their owner.
import type { HistoryType, InstanceStatus, ScopeRow, TaskCloseStatus, TaskRow, TokenRow } from '../types.ts';
import type { Step } from './step.ts';

export interface CloseInfo {
  status?: TaskCloseStatus;
  event?: HistoryType;
  actor?: string | null;
  opinion?: string;
  reason?: string;
}

function removeJobs(step: Step, match: (taskId: string | null, tokenId: string | null, scopeId: string | null) => boolean): void {
  for (const job of [...step.jobs.values()]) if (match(job.taskId, job.tokenId, job.attachedScopeId)) step.removeJob(job);
}

export function cancelTask(step: Step, task: TaskRow, info: CloseInfo = {}): void {
  if (!step.tasks.has(task.id)) return;
  for (const child of [...step.tasks.values()]) if (child.parentTaskId === task.id) cancelTask(step, child, { reason: info.reason });
  removeJobs(step, (taskId) => taskId === task.id);
  step.closeTask(task, info.status ?? 'cancelled', info.actor ?? null);
  step.event(info.event ?? 'cancel', task.nodeId, task.scopeId, {
    taskId: task.id,
    actor: info.actor ?? undefined,
    opinion: info.opinion,
    data: info.reason ? { reason: info.reason } : undefined,
  });
}

export function cancelToken(step: Step, token: TokenRow, reason?: string): void {
  if (!step.tokens.has(token.id)) return;
  removeJobs(step, (_, tokenId) => tokenId === token.id);
  step.removeToken(token);
  if (token.kind === 'call') {
    // A child asked for in this same step is simply not started.
    const i = step.childStarts.findIndex((c) => c.tokenId === token.id);
    if (i >= 0) step.childStarts.splice(i, 1);
    else step.childTerminations.push(token.id);
  }
  if (token.kind !== 'join') step.event('cancel', token.nodeId, token.scopeId, { data: reason ? { reason } : undefined });
}

export function cancelScope(step: Step, scope: ScopeRow, reason?: string): void {
  if (!step.scopes.has(scope.id)) return;
  cancelContents(step, scope.id, reason);
  removeJobs(step, (_, __, scopeId) => scopeId === scope.id);
  step.removeScope(scope);
  step.event('cancel', scope.nodeId, scope.parentScopeId, { data: reason ? { reason } : undefined });
}

/** Cancels every position inside a scope (null: the whole instance), leaving the scope itself. */
export function cancelContents(step: Step, scopeId: string | null, reason?: string): void {
  for (const t of [...step.tasks.values()]) if (t.scopeId === scopeId && t.parentTaskId === null) cancelTask(step, t, { reason });
  for (const t of [...step.tasks.values()]) if (t.scopeId === scopeId) cancelTask(step, t, { reason });
  for (const t of [...step.tokens.values()]) if (t.scopeId === scopeId) cancelToken(step, t, reason);
  for (const s of [...step.scopes.values()]) if (s.parentScopeId === scopeId) cancelScope(step, s, reason);
  if (scopeId === null) for (const job of [...step.jobs.values()]) step.removeJob(job);
}

export function endInstance(step: Step, status: Exclude<InstanceStatus, 'active'>, info: { actor?: string; reason?: string } = {}): void {
  step.setInstance({ ...step.instance, status, endedAt: step.at });
  step.event(status === 'terminated' ? 'terminate' : 'end', null, null, {
    actor: info.actor,
    data: info.reason ? { reason: info.reason } : undefined,
  });
  step.queue.length = 0;
  step.dirty.clear();
}
