import type { Queryable } from '@civdesk/db';
import { type ApplyRow, setApply } from './apply-store.ts';
import { Deadlines, itemLimits, versionSteps } from './deadlines.ts';

// The application mirrors its process after every command, in the same transaction: the current
// step(s) and the previous one, the current step's deadline and warning date, and the status when
// the process has ended.

type OpenTask = { id: string; nodeId: string; name: string | null; createdAt: Date | string };

export async function openTasks(q: Queryable, instanceId: string): Promise<OpenTask[]> {
  return q.query<OpenTask>(
    `select id::text, node_id as "nodeId", name, created_at as "createdAt" from wf_task
      where instance_id = $1::bigint and status = 'open' and parent_task_id is null order by created_at, id`,
    [instanceId],
  );
}

/**
 * Brings the application's mirror of its process up to date (the application row is locked).
 * True when the process has ended.
 */
export async function syncApply(q: Queryable, tz: string, apply: ApplyRow, now: Date): Promise<boolean> {
  if (!apply.processInstanceId) return false;
  const [inst] = await q.query<{ status: string }>('select status from wf_instance where id = $1::bigint', [apply.processInstanceId]);
  const [prev] = await q.query<{ name: string | null }>(
    `select name from wf_task where instance_id = $1::bigint and status = 'completed' order by end_time desc, id desc limit 1`,
    [apply.processInstanceId],
  );
  const values: Record<string, unknown> = { prevActivityName: prev?.name ?? null };
  if (inst?.status !== 'active') {
    Object.assign(values, { realCurActivityId: null, realCurActivityName: null, curTaskId: null });
    Object.assign(values, { curActivityDeadlineDate: null, curActivityWarnDate: null });
    if (inst?.status === 'completed' && !['NOT_ACCEPTED', 'WITHDRAWN', 'TERMINATED'].includes(apply.applyStatus)) {
      values.applyStatus = apply.lastDecision === 'reject' ? 'COMPLETED_REJECTED' : 'COMPLETED_APPROVED';
    }
    // Finished once: a later sync of the closed application keeps its finish time.
    if (!apply.finishTime) values.finishTime = now.toISOString();
    await setApply(q, apply.id, values);
    return true;
  }
  const open = await openTasks(q, apply.processInstanceId);
  const cur = open[0];
  values.realCurActivityId = cur ? [...new Set(open.map((t) => t.nodeId))].join(',') : null;
  values.realCurActivityName = cur ? [...new Set(open.map((t) => t.name ?? t.nodeId))].join(',') : null;
  values.curTaskId = cur?.id ?? null;
  if (cur && cur.id !== apply.curTaskId && apply.mathfVersionId) {
    // A new step: its deadline and warning date count from the task's creation.
    const step = (await versionSteps(q, apply.tenantId, apply.mathfVersionId)).find((s) => s.userTaskId === cur.nodeId);
    const d = await Deadlines.of(q, tz);
    const created = new Date(cur.createdAt);
    values.curActivityDeadlineDate = d.addToInstant(created, step?.limitDays)?.toISOString() ?? null;
    values.curActivityWarnDate = d.addToInstant(created, step?.warn)?.toISOString() ?? null;
    values.noticeState = 0;
  }
  await setApply(q, apply.id, values);
  return false;
}

/** Acceptance (受理): the clock starts, legal and promised deadlines from the item's limits. */
export async function accept(q: Queryable, tz: string, apply: ApplyRow, now: Date) {
  const limits = await itemLimits(q, apply.tenantId, apply.itemId);
  const d = await Deadlines.of(q, tz);
  await setApply(q, apply.id, {
    applyStatus: 'IN_PROGRESS',
    acceptDate: now.toISOString(),
    legalDeadline: d.addToDate(now, limits.legal),
    promiseDeadline: d.addToDate(now, limits.promise),
  });
}

/** True when the step is the version's acceptance step (its first configured step). */
export async function isAcceptStep(q: Queryable, apply: ApplyRow, nodeId: string): Promise<boolean> {
  if (!apply.mathfVersionId) return false;
  const steps = await versionSteps(q, apply.tenantId, apply.mathfVersionId);
  return steps[0]?.userTaskId === nodeId;
}
