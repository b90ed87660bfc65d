import { type Queryable, sqlLiteral } from '@civdesk/db';
import { isIdText } from '@civdesk/meta';
import type { InstanceSnapshot, JobRow, ScopeRow, TaskRow, TokenRow } from '@civdesk/workflow';
import { notFound } from '../../core/envelope.ts';

// An instance's live rows read for a command. The command locks the instance row first and reads
// its rows in a second statement: a read that had to wait for the lock would otherwise see the rows
// as they were before the holder committed (a statement's snapshot is taken when it starts).

const iso = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The stored instance row beside the interpreter's part of it. */
export type InstanceMeta = {
  tenantId: string;
  definitionId: string;
  suspendedAt: string | null;
  businessTable: string | null;
  startUser: string | null;
  startDept: string | null;
};

export type Loaded = { snapshot: InstanceSnapshot; meta: InstanceMeta };

const TASK_JSON = `json_build_object('id', t.id::text, 'nodeId', t.node_id, 'scopeId', t.scope_id::text, 'name', t.name,
  'assignee', t.assignee, 'candidates', t.candidates, 'formKey', t.form_key, 'dueAt', ${iso('t.due_at')},
  'createdAt', ${iso('t.created_at')}, 'loopCounter', t.loop_counter, 'localVars', t.local_vars, 'kind', t.kind,
  'parentTaskId', t.parent_task_id::text, 'waiting', t.waiting, 'signAfter', t.sign_after)`;
const TOKEN_JSON = `json_build_object('id', k.id::text, 'nodeId', k.node_id, 'scopeId', k.scope_id::text, 'kind', k.kind,
  'viaFlow', k.via_flow, 'createdAt', ${iso('k.created_at')})`;
const SCOPE_JSON = `json_build_object('id', s.id::text, 'nodeId', s.node_id, 'parentScopeId', s.parent_scope_id::text, 'kind', s.kind,
  'vars', s.vars, 'items', s.items, 'createdAt', ${iso('s.created_at')})`;
const JOB_JSON = `json_build_object('id', j.id::text, 'kind', j.kind, 'nodeId', j.node_id, 'scopeId', j.scope_id::text,
  'dueAt', ${iso('j.due_at')}, 'interrupting', j.interrupting, 'taskId', j.task_id::text, 'tokenId', j.token_id::text,
  'attachedScopeId', j.attached_scope_id::text, 'round', j.round)`;

const LOAD = (
  withTask: boolean,
) => `select i.id::text as id, i.tenant_id as "tenantId", i.definition_id::text as "definitionId", i.process_key as "processKey",
  i.status, i.business_key as "businessKey", i.business_table as "businessTable", i.start_user as "startUser",
  i.start_dept::text as "startDept", ${iso('i.started_at')} as "startedAt", ${iso('i.ended_at')} as "endedAt",
  ${iso('i.suspended_at')} as "suspendedAt", i.parent_instance_id::text as "parentInstanceId", i.parent_token_id::text as "parentTokenId", i.vars,
  (select coalesce(json_agg(${TASK_JSON} order by t.created_at, t.id), '[]') from wf_task t where t.instance_id = i.id and t.status = 'open') as tasks,
  (select coalesce(json_agg(${TOKEN_JSON} order by k.id), '[]') from wf_token k where k.instance_id = i.id) as tokens,
  (select coalesce(json_agg(${SCOPE_JSON} order by s.id), '[]') from wf_scope s where s.instance_id = i.id) as scopes,
  (select coalesce(json_agg(${JOB_JSON} order by j.id), '[]') from wf_job j where j.instance_id = i.id) as jobs${
    withTask
      ? `,
  (select json_build_object('id', t.id::text, 'instanceId', t.instance_id::text, 'nodeId', t.node_id, 'status', t.status, 'assignee', t.assignee,
     'owner', t.owner, 'candidates', t.candidates, 'completedBy', t.completed_by, 'endTime', t.end_time::text)
     from wf_task t where t.id = $3 and t.tenant_id = $2) as task`
      : ''
  }
  from wf_instance i where i.id = $1 and i.tenant_id = $2`;
const LOAD_INSTANCE = LOAD(false);
const LOAD_WITH_TASK = LOAD(true);

/** A task as the task commands check it (read with its instance, after the lock). */
export type TaskState = {
  id: string;
  instanceId: string;
  nodeId: string;
  status: string;
  assignee: string | null;
  owner: string | null;
  candidates: { kind: string; value: string }[];
  completedBy: string | null;
  endTime: string | null;
};

type LoadRow = Record<string, unknown> & {
  tasks: TaskRow[];
  tokens: TokenRow[];
  scopes: ScopeRow[];
  jobs: JobRow[];
  task?: TaskState | null;
};

const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

/**
 * Locks one instance of a tenant, named by its id or by one of its tasks; answers its id, or null
 * when the tenant has none such. Waits while another command holds it. Written with literals (ids
 * are digits, the tenant quoted by the driver): as a command's first statement it travels with the
 * transaction's BEGIN in one exchange.
 */
export async function lockInstance(
  q: Queryable,
  tenantId: string,
  by: { instanceId: string } | { taskId: string },
): Promise<string | null> {
  const id = 'taskId' in by ? by.taskId : by.instanceId;
  if (!isIdText(id)) return null;
  const T = sqlLiteral(tenantId);
  const [r] = await q.query<{ id: string }>(
    'taskId' in by
      ? `select i.id::text as id from wf_instance i
          where i.id = (select instance_id from wf_task where id = ${id} and tenant_id = ${T}) and i.tenant_id = ${T} for no key update of i`
      : `select id::text as id from wf_instance where id = ${id} and tenant_id = ${T} for no key update`,
  );
  return r?.id ?? null;
}

/** Reads a locked instance's rows (and one task of it, when asked); null when there is none. */
export async function readInstance(
  q: Queryable,
  instanceId: string,
  tenantId: string,
  taskId?: string,
): Promise<(Loaded & { task?: TaskState | null }) | null> {
  const [r] = await q.query<LoadRow>(
    taskId ? LOAD_WITH_TASK : LOAD_INSTANCE,
    taskId ? [instanceId, tenantId, taskId] : [instanceId, tenantId],
  );
  if (!r) return null;
  const s = (k: string) => (r[k] as string | null) ?? null;
  const task = taskId ? ((json(r.task) as TaskState | null) ?? null) : undefined;
  return {
    snapshot: {
      instance: {
        id: r.id as string,
        processKey: r.processKey as string,
        status: r.status as InstanceSnapshot['instance']['status'],
        businessKey: s('businessKey'),
        startedBy: s('startUser'),
        startedAt: r.startedAt as string,
        endedAt: s('endedAt'),
        parentInstanceId: s('parentInstanceId'),
        parentTokenId: s('parentTokenId'),
      },
      variables: json(r.vars) ?? {},
      tasks: json(r.tasks),
      tokens: json(r.tokens),
      scopes: json(r.scopes),
      jobs: json(r.jobs),
    },
    meta: {
      tenantId: r.tenantId as string,
      definitionId: r.definitionId as string,
      suspendedAt: s('suspendedAt'),
      businessTable: s('businessTable'),
      startUser: s('startUser'),
      startDept: s('startDept'),
    },
    ...(taskId ? { task } : {}),
  };
}

const TASK = `select id::text, instance_id::text as "instanceId", node_id as "nodeId", status, assignee, owner, candidates,
  completed_by as "completedBy", end_time::text as "endTime" from wf_task where id = $1 and tenant_id = $2`;

/** One task of a tenant, or 404. */
export async function readTask(q: Queryable, taskId: string, tenantId: string): Promise<TaskState> {
  const [t] = await q.query<TaskState>(TASK, [taskId, tenantId]);
  if (!t) throw notFound('任务不存在');
  return { ...t, candidates: json(t.candidates) };
}
