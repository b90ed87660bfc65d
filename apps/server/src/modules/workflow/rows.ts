import type { Queryable } from '@civdesk/db';
import type { Changes, InstanceSnapshot, JobRow, ProcessGraph, ScopeRow, TaskRow, TokenRow } from '@civdesk/workflow';
import { newId } from '../../crud/ids.ts';

// An instance's live rows in and out of the database. Loading locks the instance row (every
// command on one instance waits its turn); writing sends one statement per part the step changed.

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

const LOAD = `select i.id::text as id, i.tenant_id as "tenantId", i.definition_id::text as "definitionId", i.process_key as "processKey",
  i.status, i.business_key as "businessKey", i.business_table as "businessTable", i.start_user as "startUser",
  i.start_dept::text as "startDept", ${iso('i.started_at')} as "startedAt", ${iso('i.ended_at')} as "endedAt",
  ${iso('i.suspended_at')} as "suspendedAt", i.parent_instance_id::text as "parentInstanceId", i.parent_token_id::text as "parentTokenId", i.vars,
  (select coalesce(json_agg(${TASK_JSON} order by t.created_at, t.id), '[]') from wf_task t where t.instance_id = i.id and t.status = 'open') as tasks,
  (select coalesce(json_agg(${TOKEN_JSON} order by k.id), '[]') from wf_token k where k.instance_id = i.id) as tokens,
  (select coalesce(json_agg(${SCOPE_JSON} order by s.id), '[]') from wf_scope s where s.instance_id = i.id) as scopes,
  (select coalesce(json_agg(${JOB_JSON} order by j.id), '[]') from wf_job j where j.instance_id = i.id) as jobs
  from wf_instance i where i.id = $1 and i.tenant_id = $2 for no key update of i`;

type LoadRow = Record<string, unknown> & { tasks: TaskRow[]; tokens: TokenRow[]; scopes: ScopeRow[]; jobs: JobRow[] };

const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

/** Locks and loads one instance of a tenant; null when there is none. */
export async function loadInstance(q: Queryable, instanceId: string, tenantId: string): Promise<Loaded | null> {
  const [r] = await q.query<LoadRow>(LOAD, [instanceId, tenantId]);
  if (!r) return null;
  const s = (k: string) => (r[k] as string | null) ?? null;
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
  };
}

type Col<T> = [column: string, type: string, value: (row: T) => unknown];

const TASK_COLS: Col<TaskRow>[] = [
  ['id', 'bigint', (t) => t.id],
  ['node_id', 'text', (t) => t.nodeId],
  ['scope_id', 'bigint', (t) => t.scopeId],
  ['name', 'text', (t) => t.name],
  ['assignee', 'text', (t) => t.assignee],
  ['candidates', 'jsonb', (t) => t.candidates],
  ['form_key', 'text', (t) => t.formKey],
  ['due_at', 'timestamptz', (t) => t.dueAt],
  ['created_at', 'timestamptz', (t) => t.createdAt],
  ['loop_counter', 'integer', (t) => t.loopCounter],
  ['local_vars', 'jsonb', (t) => t.localVars],
  ['kind', 'text', (t) => t.kind],
  ['parent_task_id', 'bigint', (t) => t.parentTaskId],
  ['waiting', 'boolean', (t) => t.waiting],
  ['sign_after', 'jsonb', (t) => t.signAfter],
];
const TOKEN_COLS: Col<TokenRow>[] = [
  ['id', 'bigint', (t) => t.id],
  ['node_id', 'text', (t) => t.nodeId],
  ['scope_id', 'bigint', (t) => t.scopeId],
  ['kind', 'text', (t) => t.kind],
  ['via_flow', 'text', (t) => t.viaFlow],
  ['created_at', 'timestamptz', (t) => t.createdAt],
];
const SCOPE_COLS: Col<ScopeRow>[] = [
  ['id', 'bigint', (s) => s.id],
  ['node_id', 'text', (s) => s.nodeId],
  ['parent_scope_id', 'bigint', (s) => s.parentScopeId],
  ['kind', 'text', (s) => s.kind],
  ['vars', 'jsonb', (s) => s.vars],
  ['items', 'jsonb', (s) => s.items],
  ['created_at', 'timestamptz', (s) => s.createdAt],
];
const JOB_COLS: Col<JobRow>[] = [
  ['id', 'bigint', (j) => j.id],
  ['kind', 'text', (j) => j.kind],
  ['node_id', 'text', (j) => j.nodeId],
  ['scope_id', 'bigint', (j) => j.scopeId],
  ['due_at', 'timestamptz', (j) => j.dueAt],
  ['interrupting', 'boolean', (j) => j.interrupting],
  ['task_id', 'bigint', (j) => j.taskId],
  ['token_id', 'bigint', (j) => j.tokenId],
  ['attached_scope_id', 'bigint', (j) => j.attachedScopeId],
  ['round', 'integer', (j) => j.round],
];

const recordset = <T>(cols: Col<T>[]) => `jsonb_to_recordset($1::jsonb) as x(${cols.map(([c, t]) => `${c} ${t}`).join(', ')})`;
const payload = <T>(cols: Col<T>[], rows: T[]) => JSON.stringify(rows.map((r) => Object.fromEntries(cols.map(([c, , v]) => [c, v(r)]))));

async function insertRows<T>(q: Queryable, table: string, cols: Col<T>[], rows: T[] | undefined, tenantId: string, instanceId: string) {
  if (!rows?.length) return;
  const names = cols.map(([c]) => c);
  await q.query(
    `insert into ${table} (tenant_id, instance_id, ${names.join(', ')}) select $2, $3::bigint, ${names.map((c) => `x.${c}`).join(', ')} from ${recordset(cols)}`,
    [payload(cols, rows), tenantId, instanceId],
  );
}

async function updateRows<T>(q: Queryable, table: string, cols: Col<T>[], rows: T[] | undefined) {
  if (!rows?.length) return;
  const set = cols.filter(([c]) => c !== 'id').map(([c]) => `${c} = x.${c}`);
  await q.query(`update ${table} r set ${set.join(', ')} from ${recordset(cols)} where r.id = x.id`, [payload(cols, rows)]);
}

async function deleteRows(q: Queryable, table: string, ids: string[] | undefined) {
  if (!ids?.length) return;
  await q.query(`delete from ${table} where id in (select jsonb_array_elements_text($1::jsonb)::bigint)`, [JSON.stringify(ids)]);
}

/** What the server adds to a closed task: the opinion and decision of the one who completed it. */
export type CloseNote = { comment?: string | null; flag?: string | null };

/** Writes a step's changes. `graph` names the nodes in history; `notes` adds opinions to closed tasks. */
export async function writeChanges(
  q: Queryable,
  tenantId: string,
  instanceId: string,
  changes: Changes,
  graph: ProcessGraph,
  notes: Record<string, CloseNote> = {},
): Promise<void> {
  const inst = changes.instance;
  if (inst) {
    await q.query('update wf_instance set status = $2, ended_at = $3::timestamptz, process_key = $4 where id = $1', [
      instanceId,
      inst.status,
      inst.endedAt,
      inst.processKey,
    ]);
  }
  if (changes.variables) {
    await q.query('update wf_instance set vars = vars || $2::jsonb where id = $1', [instanceId, JSON.stringify(changes.variables)]);
  }
  const tasks = changes.tasks;
  if (tasks?.closed?.length) {
    const closed = tasks.closed.map((c) => ({ ...c, comment: notes[c.id]?.comment ?? null, flag: notes[c.id]?.flag ?? null }));
    await q.query(
      `update wf_task r set status = x.status, end_time = x.at, completed_by = case when x.status = 'completed' then x.actor end,
         comment = coalesce(x.comment, r.comment), flag = coalesce(x.flag, r.flag)
       from jsonb_to_recordset($1::jsonb) as x(id bigint, status text, at timestamptz, actor text, comment text, flag text) where r.id = x.id`,
      [JSON.stringify(closed)],
    );
    await q.query("delete from wf_task_candidate where task_id in (select (jsonb_array_elements($1::jsonb)->>'id')::bigint)", [
      JSON.stringify(closed),
    ]);
  }
  await insertRows(q, 'wf_task', TASK_COLS, tasks?.inserted, tenantId, instanceId);
  await updateRows(q, 'wf_task', TASK_COLS, tasks?.updated);
  if (tasks?.updated?.length) {
    await q.query('delete from wf_task_candidate where task_id in (select jsonb_array_elements_text($1::jsonb)::bigint)', [
      JSON.stringify(tasks.updated.map((t) => t.id)),
    ]);
  }
  const candidates = [...(tasks?.inserted ?? []), ...(tasks?.updated ?? [])].flatMap((t) =>
    t.candidates.map((c) => ({ task_id: t.id, kind: c.kind, value: String(c.value).slice(0, 64) })),
  );
  if (candidates.length) {
    await q.query(
      `insert into wf_task_candidate (task_id, tenant_id, kind, value)
       select distinct x.task_id, $2, x.kind, x.value from jsonb_to_recordset($1::jsonb) as x(task_id bigint, kind text, value text)`,
      [JSON.stringify(candidates), tenantId],
    );
  }
  for (const [table, cols, part] of [
    ['wf_token', TOKEN_COLS, changes.tokens],
    ['wf_scope', SCOPE_COLS, changes.scopes],
    ['wf_job', JOB_COLS, changes.jobs],
  ] as const) {
    if (!part) continue;
    await deleteRows(q, table, part.deleted);
    await updateRows(q, table, cols as Col<unknown>[], part.updated);
    await insertRows(q, table, cols as Col<unknown>[], part.inserted, tenantId, instanceId);
  }
  await appendHistory(q, tenantId, instanceId, changes.history, graph);
}

type HistoryIn = Changes['history'][number];

/** Appends events after the instance's last one (the caller holds the instance lock). */
export async function appendHistory(q: Queryable, tenantId: string, instanceId: string, events: HistoryIn[], graph: ProcessGraph | null) {
  if (!events.length) return;
  const rows = events.map((e, i) => {
    const node = e.nodeId ? graph?.nodes.get(e.nodeId) : undefined;
    return {
      id: newId(),
      n: i + 1,
      type: e.type,
      node_id: e.nodeId,
      node_name: node?.name ?? null,
      node_type: node?.type ?? null,
      scope_id: e.scopeId,
      task_id: e.taskId ?? null,
      flow_id: e.flowId ?? null,
      actor: e.actor ?? null,
      opinion: e.opinion?.slice(0, 2000) ?? null,
      outcome: e.outcome?.slice(0, 32) ?? null,
      at: e.at,
      data: e.data ?? null,
    };
  });
  await q.query(
    `insert into wf_history (id, tenant_id, instance_id, seq, type, node_id, node_name, node_type, scope_id, task_id, flow_id, actor, opinion, outcome, at, data)
     select x.id, $2, $3::bigint, coalesce((select max(seq) from wf_history where instance_id = $3::bigint), 0) + x.n,
            x.type, x.node_id, x.node_name, x.node_type, x.scope_id, x.task_id, x.flow_id, x.actor, x.opinion, x.outcome, x.at, x.data
     from jsonb_to_recordset($1::jsonb) as x(id bigint, n int, type text, node_id text, node_name text, node_type text, scope_id bigint, task_id bigint,
          flow_id text, actor text, opinion text, outcome text, at timestamptz, data jsonb)`,
    [JSON.stringify(rows), tenantId, instanceId],
  );
}
