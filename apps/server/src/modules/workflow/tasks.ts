import type { Queryable } from '@civdesk/db';
import { addSign, completeTask, recall, returnTargets, returnTo, type Vars } from '@civdesk/workflow';
import type { Caller } from '../../core/caller.ts';
import { badRequest, forbidden } from '../../core/envelope.ts';
import { newId } from '../../crud/ids.ts';
import { type AlongSql, appendHistory } from './history-write.ts';
import type { TaskState } from './instance-load.ts';
import { isUser } from './people.ts';
import { conflict, type Held, type WorkflowRuntime } from './runtime.ts';

// The commands on one task. Each locks the task's instance first, then reads the task again: two
// callers on one task take turns, and the second finds it taken or done (409).

/** True when the caller is among a task's candidates. */
export function isCandidate(t: Pick<TaskState, 'candidates'>, c: Caller): boolean {
  return t.candidates.some(
    (x) =>
      (x.kind === 'user' && x.value === c.userId) ||
      (x.kind === 'role' && (c.roleIds.includes(x.value) || c.roleAliases.includes(x.value))) ||
      (x.kind === 'dept' && c.deptIds.includes(x.value)),
  );
}

/** The caller may act on an open task: it is theirs, or unassigned and they are a candidate. */
function mustAct(t: TaskState, c: Caller) {
  if (t.status !== 'open') throw conflict('任务已办理');
  if (t.assignee === c.userId) return;
  if (t.assignee === null && isCandidate(t, c)) return;
  if (t.assignee === null) throw forbidden('无权办理该任务');
  throw forbidden('该任务不是您的待办');
}

const passedNodes = async (q: Queryable, instanceId: string) =>
  (
    await q.query<{ node: string }>(
      `select distinct node_id as node from wf_history where instance_id = $1 and node_id is not null and type in ('complete', 'pass', 'end')`,
      [instanceId],
    )
  ).map((r) => r.node);

/** Appends the caller's event on a task to history, with the task's change (`along`) in the same statement. */
const log = (h: Held, c: Caller, type: string, taskId: string, nodeId: string, opinion?: string | null, data?: Vars, along?: AlongSql) =>
  appendHistory(
    h.q,
    c.tenantId,
    h.loaded.snapshot.instance.id,
    [
      {
        type: type as 'complete',
        nodeId,
        scopeId: null,
        at: h.engine.now().toISOString(),
        taskId,
        actor: c.userId,
        opinion: opinion ?? undefined,
        data,
      },
    ],
    h.graph,
    along,
  );

export class TaskCommands {
  constructor(readonly rt: WorkflowRuntime) {}

  /** Runs `body` with the task's instance locked and the task read under the lock. */
  private onTask<T>(c: Caller, taskId: string, body: (h: Held, t: TaskState) => Promise<T>): Promise<T> {
    return this.rt.taskCommand(c.tenantId, taskId, body);
  }

  claim(c: Caller, taskId: string) {
    return this.onTask(c, taskId, async (h, t) => {
      if (t.status !== 'open') throw conflict('任务已办理');
      if (t.assignee === c.userId) throw conflict('您已签收该任务');
      if (t.assignee !== null) throw conflict('任务已被他人签收');
      if (!isCandidate(t, c)) throw forbidden('无权签收该任务');
      const at = h.engine.now().toISOString();
      await log(
        h,
        c,
        'claim',
        taskId,
        t.nodeId,
        null,
        undefined,
        (p) => `update wf_task set assignee = ${p(c.userId)}::text, claim_time = ${p(at)}::timestamptz where id = ${p(taskId)}::bigint`,
      );
    });
  }

  unclaim(c: Caller, taskId: string) {
    return this.onTask(c, taskId, async (h, t) => {
      if (t.status !== 'open') throw conflict('任务已办理');
      if (t.assignee !== c.userId || !t.candidates.length) throw conflict('只能取消签收自己签收的任务');
      await log(
        h,
        c,
        'unclaim',
        taskId,
        t.nodeId,
        null,
        undefined,
        (p) => `update wf_task set assignee = null, claim_time = null where id = ${p(taskId)}::bigint`,
      );
    });
  }

  /**
   * 办理: flag ok/reject also sets the variable `pass` unless the caller set it. A delegated task
   * goes back to its owner. Answers the ids of the tasks the completion opened.
   */
  complete(c: Caller, input: { taskId: string; flag?: string; comment?: string; variables?: Vars }): Promise<string[]> {
    return this.onTask(c, input.taskId, async (h, t) => {
      mustAct(t, c);
      const comment = input.comment?.trim() || null;
      if (t.owner && t.owner !== c.userId) {
        await log(
          h,
          c,
          'resolve',
          t.id,
          t.nodeId,
          comment,
          undefined,
          (p) => `update wf_task set assignee = owner, owner = null where id = ${p(t.id)}::bigint`,
        );
        return [];
      }
      const flag = input.flag ?? 'ok';
      const variables = { ...input.variables };
      if (!('pass' in variables)) variables.pass = flag !== 'reject';
      const snap = h.loaded.snapshot;
      // The engine works on the task as claimed now.
      snap.tasks = snap.tasks.map((x) => (x.id === t.id ? { ...x, assignee: c.userId } : x));
      const result = await completeTask(
        h.graph,
        snap,
        { taskId: t.id, actor: c.userId, variables, outcome: flag, opinion: comment ?? undefined },
        h.engine,
      );
      await h.apply(result, { [t.id]: { comment, flag } });
      return (result.changes.tasks?.inserted ?? []).map((x) => x.id);
    });
  }

  returnTargets(c: Caller, taskId: string) {
    return this.onTask(c, taskId, async (h, t) => {
      mustAct(t, c);
      const ids = returnTargets(h.graph, h.loaded.snapshot, taskId, await passedNodes(h.q, t.instanceId));
      return ids.map((nodeId) => ({ nodeId, nodeName: h.graph.nodes.get(nodeId)?.name ?? nodeId }));
    });
  }

  /** 退回 to a step the instance passed. */
  returnTask(c: Caller, input: { taskId: string; targetNodeId: string; comment?: string }) {
    return this.onTask(c, input.taskId, async (h, t) => {
      mustAct(t, c);
      const passed = await passedNodes(h.q, t.instanceId);
      const comment = input.comment?.trim() || null;
      const result = await returnTo(
        h.graph,
        h.loaded.snapshot,
        { taskId: t.id, targetNodeId: input.targetNodeId, actor: c.userId, opinion: comment ?? undefined, passed },
        h.engine,
      );
      await h.apply(result, { [t.id]: { comment, flag: 'return' } });
    });
  }

  /** 撤回: the caller's completed task, while what came after is untouched. */
  recall(c: Caller, input: { taskId: string; processInstanceId?: string }) {
    return this.onTask(c, input.taskId, async (h, t) => {
      if (input.processInstanceId && input.processInstanceId !== t.instanceId) throw badRequest('任务不属于该流程实例');
      if (t.status !== 'completed' || t.completedBy !== c.userId) throw forbidden('只能撤回自己办理的任务');
      const [{ touched }] = await h.q.query<{ touched: number }>(
        `select count(*)::int as touched from wf_task where instance_id = $1 and id <> $2 and end_time is distinct from null and end_time > $3::timestamptz and status = 'completed'
           or (instance_id = $1 and status = 'open' and claim_time is not null and created_at >= $3::timestamptz)`,
        [t.instanceId, t.id, t.endTime],
      );
      const result = await recall(h.graph, h.loaded.snapshot, { nodeId: t.nodeId, actor: c.userId, untouched: touched === 0 }, h.engine);
      await h.apply(result, Object.fromEntries((result.changes.tasks?.closed ?? []).map((x) => [x.id, { flag: 'recall' }])));
    });
  }

  /** 委派 (comes back to the caller when done) or 转办 (passes it on for good). */
  handOver(c: Caller, input: { taskId: string; userId: string; mode: 'delegate' | 'transfer' }) {
    return this.onTask(c, input.taskId, async (h, t) => {
      mustAct(t, c);
      if (input.userId === c.userId) throw badRequest('不能委派或转办给自己');
      await this.mustBeUser(h.q, c.tenantId, input.userId);
      const set: AlongSql =
        input.mode === 'delegate'
          ? (p) =>
              `update wf_task set owner = coalesce(owner, ${p(c.userId)}::text), assignee = ${p(input.userId)}::text where id = ${p(t.id)}::bigint`
          : (p) => `update wf_task set owner = null, assignee = ${p(input.userId)}::text where id = ${p(t.id)}::bigint`;
      await log(h, c, input.mode, t.id, t.nodeId, null, { to: input.userId }, set);
    });
  }

  /** 抄送: copies with read state. */
  cc(c: Caller, input: { taskId: string; userIds: string[] }) {
    return this.onTask(c, input.taskId, async (h, t) => {
      if (t.assignee !== c.userId && t.completedBy !== c.userId && !isCandidate(t, c)) throw forbidden('无权抄送该任务');
      for (const u of input.userIds) await this.mustBeUser(h.q, c.tenantId, u);
      await h.q.query(
        `insert into wf_cc (id, tenant_id, instance_id, task_id, user_id, from_user, create_time)
         select x.id, $2, $3, $4, x.user_id, $5, $6 from jsonb_to_recordset($1::jsonb) as x(id bigint, user_id text)`,
        [
          JSON.stringify(input.userIds.map((u) => ({ id: newId(), user_id: u }))),
          c.tenantId,
          t.instanceId,
          t.id,
          c.userId,
          h.engine.now().toISOString(),
        ],
      );
      await log(h, c, 'cc', t.id, t.nodeId, null, { to: input.userIds });
    });
  }

  /** 加签 before or after the caller's task. */
  addSign(c: Caller, input: { taskId: string; position: 'before' | 'after'; userIds: string[] }) {
    return this.onTask(c, input.taskId, async (h, t) => {
      mustAct(t, c);
      for (const u of input.userIds) await this.mustBeUser(h.q, c.tenantId, u);
      const result = await addSign(
        h.graph,
        h.loaded.snapshot,
        { taskId: t.id, actor: c.userId, position: input.position, users: input.userIds },
        h.engine,
      );
      await h.apply(result);
    });
  }

  private async mustBeUser(q: Queryable, tenantId: string, userId: string) {
    if (!(await isUser(q, tenantId, userId))) throw badRequest(`用户不存在: ${userId}`);
  }
}
