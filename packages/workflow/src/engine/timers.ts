// Timers: due instants from ISO values, working days through the product's calendar, jobs for
// boundary and intermediate timer events, and what firing one does.
import { CommandError } from '../errors.ts';
import type { Lookup } from '../expr/index.ts';
import type { GraphNode, NodeOf, TimerSpec } from '../model/graph.ts';
import { addDuration, parseCycle, parseDuration, toDate } from '../time.ts';
import type { JobRow, TokenRow, WorkingCalendar } from '../types.ts';
import { cancelScope, cancelTask, cancelToken } from './cancel.ts';
import { leave } from './run.ts';
import type { Arrival, Step } from './step.ts';

export function calendarOf(step: Step, nodeId: string): WorkingCalendar {
  if (!step.ctx.calendar) throw new CommandError('FAILED', `${nodeId} 按工作日计时，但没有提供工作日历`);
  return step.ctx.calendar;
}

/** When a timer is due, counted from `from`; a cycle also tells how often it repeats (null: forever). */
export function timerDue(step: Step, nodeId: string, spec: TimerSpec, lookup: Lookup, from: Date): { due: Date; repeat: number | null } {
  const value = spec.value.evaluate(lookup);
  const calendar = spec.workingDays ? calendarOf(step, nodeId) : undefined;
  const bad = () => new CommandError('FAILED', `定时器 ${nodeId} 的值 ${String(value)} 无效`);
  switch (spec.kind) {
    case 'workingDays': {
      const days = Number(value);
      if (!Number.isFinite(days)) throw bad();
      return { due: calendar!.addWorkingDays(from, days), repeat: null };
    }
    case 'duration': {
      const d = typeof value === 'string' ? parseDuration(value) : null;
      if (!d) throw bad();
      return { due: addDuration(from, d, calendar), repeat: null };
    }
    case 'date': {
      const date = toDate(value);
      if (!date) throw bad();
      return { due: date, repeat: null };
    }
    case 'cycle': {
      const c = typeof value === 'string' ? parseCycle(value) : null;
      if (!c) throw bad();
      return { due: addDuration(from, c.duration, calendar), repeat: c.repeat };
    }
  }
}

type Owner = { taskId?: string; tokenId?: string; attachedScopeId?: string };

/** Schedules the boundary timers of an activity instance that just started. */
export function scheduleBoundary(step: Step, node: GraphNode, owner: Owner, scopeId: string | null): void {
  if (!node.boundary.length) return;
  const lookup = step.lookup(scopeId);
  for (const id of node.boundary) {
    const b = step.node(id) as NodeOf<'boundaryTimer'>;
    const { due } = timerDue(step, id, b.timer, lookup, step.nowDate);
    step.addJob({
      id: step.newId(),
      kind: 'timer',
      nodeId: id,
      scopeId,
      dueAt: due.toISOString(),
      interrupting: b.interrupting,
      taskId: owner.taskId ?? null,
      tokenId: owner.tokenId ?? null,
      attachedScopeId: owner.attachedScopeId ?? null,
      round: 0,
    });
  }
}

export function catchTimer(step: Step, node: NodeOf<'timerCatch'>, a: Arrival): void {
  const token: TokenRow = { id: step.newId(), nodeId: node.id, scopeId: a.scopeId, kind: 'timer', viaFlow: a.flowId, createdAt: step.at };
  step.addToken(token);
  const { due } = timerDue(step, node.id, node.timer, step.lookup(a.scopeId), step.nowDate);
  step.addJob({
    id: step.newId(),
    kind: 'timer',
    nodeId: node.id,
    scopeId: a.scopeId,
    dueAt: due.toISOString(),
    interrupting: true,
    taskId: null,
    tokenId: token.id,
    attachedScopeId: null,
    round: 0,
  });
  step.event('pass', node.id, a.scopeId, { flowId: a.flowId ?? undefined, data: { dueAt: due.toISOString() } });
}

export function fire(step: Step, job: JobRow): void {
  const node = step.node(job.nodeId);
  step.removeJob(job);
  step.event('timer', node.id, job.scopeId, { taskId: job.taskId ?? undefined, data: { jobId: job.id, dueAt: job.dueAt } });
  if (node.type === 'timerCatch') {
    const token = step.tokens.get(job.tokenId!)!;
    step.removeToken(token);
    leave(step, node, token.scopeId);
    return;
  }
  const b = node as NodeOf<'boundaryTimer'>;
  if (b.interrupting) {
    if (job.taskId) cancelTask(step, step.tasks.get(job.taskId)!, { reason: 'timer' });
    if (job.tokenId) cancelToken(step, step.tokens.get(job.tokenId)!, 'timer');
    if (job.attachedScopeId) cancelScope(step, step.scopes.get(job.attachedScopeId)!, 'timer');
  } else if (b.timer.kind === 'cycle') {
    // A repeating reminder: the next round counts from when this one was due, so delays do not drift.
    const { due, repeat } = timerDue(step, b.id, b.timer, step.lookup(job.scopeId), new Date(job.dueAt));
    if (repeat === null || job.round + 1 < repeat)
      step.addJob({ ...job, id: step.newId(), dueAt: due.toISOString(), round: job.round + 1 });
  }
  leave(step, node, job.scopeId);
}
