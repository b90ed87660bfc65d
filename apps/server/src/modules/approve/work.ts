import type { Queryable } from '@civdesk/db';
import { demoOpinion } from '@civdesk/resources';
import type { Scope } from '../../core/caller.ts';
import { forbidden } from '../../core/envelope.ts';
import { insert } from '../../crud/repository.ts';
import type { HookDeps } from '../element-hooks/hook-caller.ts';
import { conflict, type WorkflowRuntime } from '../workflow/runtime.ts';
import { isCandidate } from '../workflow/tasks.ts';
import { type ApplyRow, loadApply } from './apply-store.ts';
import { whoIs } from './people.ts';
import { processNotice } from './process-notices.ts';
import { autoSuspendOnEntry } from './suspension.ts';
import { syncApply } from './sync.ts';

// What every action on an application shares: one transaction with the application row locked,
// the task read under that lock and checked against the page (stale step), an opinion row, and
// the application's mirror brought up to date before the commit.

export type Work = {
  rt: WorkflowRuntime;
  q: Queryable;
  s: Scope;
  apply: ApplyRow;
  now: Date;
  /** How step hooks are called (absent: the caller's route does not run hooks). */
  hooks?: HookDeps;
  /** Run once the transaction has committed (asynchronous hooks). */
  after: (() => void)[];
};

export type ApplyOptions = {
  hooks?: HookDeps;
  /** Collects the after-commit work instead of running it (a batch commits once, at its end). */
  after?: (() => void)[];
};

export type TaskRow = {
  id: string;
  nodeId: string;
  name: string | null;
  status: string;
  assignee: string | null;
  owner: string | null;
  candidates: { kind: string; value: string }[];
};

export const STALE = '办件已流转到下一环节，请刷新';

/**
 * Runs `body` in one transaction with the application locked, then syncs the application (and
 * suspends it when it has just entered a step with automatic suspension); the after-commit work
 * runs once the transaction has committed.
 */
export async function onApply<T>(
  rt: WorkflowRuntime,
  s: Scope,
  applyId: string,
  body: (w: Work) => Promise<T>,
  opts: ApplyOptions = {},
): Promise<T> {
  const after = opts.after ?? [];
  const out = await rt.db.tx(async (q) => {
    const apply = await loadApply(q, s.caller.tenantId, applyId, true);
    const w: Work = { rt, q, s, apply, now: rt.clock(), hooks: opts.hooks, after };
    const res = await body(w);
    const synced = await loadApply(q, s.caller.tenantId, applyId, true);
    const ended = await syncApply(q, s.tz, synced, w.now);
    await autoSuspendOnEntry(w, apply.curTaskId);
    const deps = opts.hooks;
    // Ended by this command: the application was not finished when it began.
    if (ended && !apply.finishTime && deps) after.push(() => void processNotice(rt.db, deps, s.caller.tenantId, applyId, 'end', w.now));
    return res;
  });
  if (!opts.after) for (const f of after) f();
  return out;
}

/** An open task of the application, still on the step the page shows (409 otherwise). */
export async function currentTask(w: Work, taskId: string, realCurActivityName?: string | null): Promise<TaskRow> {
  const [t] = await w.q.query<TaskRow>(
    `select id::text, node_id as "nodeId", name, status, assignee, owner, candidates from wf_task
      where id = $1::bigint and tenant_id = $2 and instance_id = $3::bigint`,
    [taskId, w.s.caller.tenantId, w.apply.processInstanceId ?? '0'],
  );
  if (t?.status !== 'open') throw conflict(STALE);
  if (realCurActivityName && realCurActivityName !== (t.name ?? t.nodeId) && realCurActivityName !== t.nodeId) throw conflict(STALE);
  const candidates = typeof t.candidates === 'string' ? JSON.parse(t.candidates) : t.candidates;
  return { ...t, candidates };
}

/** A suspended application (挂起, 待补正) takes no task action until resumed. */
export function mustBeRunning(w: Work) {
  if (['SUSPENDED', 'AWAIT_SUPPLEMENT'].includes(w.apply.applyStatus)) throw conflict('办件已挂起，请先恢复');
}

/** The caller holds the task (or it is unassigned and the caller may claim it). */
export function mustHold(w: Work, t: TaskRow) {
  const c = w.s.caller;
  if (t.assignee === c.userId) return;
  if (t.assignee === null && isCandidate(t, c)) throw forbidden('请先签收任务');
  throw forbidden('该任务不是您的待办');
}

/** An opinion row (what was done at a step and why). */
export async function opinion(
  w: Work,
  o: {
    taskId?: string | null;
    activityId?: string | null;
    activityName?: string | null;
    buttonId?: string | null;
    buttonName?: string | null;
  },
  action: string,
  content: string | null | undefined,
  isDraft = 0,
) {
  const c = w.s.caller;
  const me = await whoIs(w.q, c);
  await insert(w.q, demoOpinion, w.s, {
    applyId: w.apply.id,
    taskId: o.taskId ?? null,
    activityId: o.activityId ?? null,
    activityName: o.activityName ?? null,
    buttonId: o.buttonId ?? null,
    buttonName: o.buttonName ?? null,
    action,
    content: content?.trim() || null,
    userName: me.name,
    deptName: me.deptName,
    isDraft,
  });
}
