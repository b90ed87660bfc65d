import type { Queryable } from '@civdesk/db';
import type { Changes, InstanceRow, InstanceSnapshot, JobRow, ProcessGraph, ScopeRow, TaskRow, TokenRow } from '@civdesk/workflow';
import { notFound } from '../../core/envelope.ts';
import { newId } from '../../crud/ids.ts';
import type { NoticeRow } from './notices.ts';

// An instance's live rows in and out of the database. A command locks the instance row first and
// reads its rows in a second statement: a read that had to wait for the lock would otherwise see
// the rows as they were before the holder committed (a statement's snapshot is taken when it
// starts). A step's changes go back in one statement (data-modifying CTEs, one per part changed).

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
 * when the tenant has none such. Waits while another command holds it.
 */
export async function lockInstance(
  q: Queryable,
  tenantId: string,
  by: { instanceId: string } | { taskId: string },
): Promise<string | null> {
  const [r] =
    'taskId' in by
      ? await q.query<{ id: string }>(
          `select i.id::text as id from wf_instance i
            where i.id = (select instance_id from wf_task where id = $1 and tenant_id = $2) and i.tenant_id = $2 for no key update of i`,
          [by.taskId, tenantId],
        )
      : await q.query<{ id: string }>('select id::text as id from wf_instance where id = $1 and tenant_id = $2 for no key update', [
          by.instanceId,
          tenantId,
        ]);
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

const recordset = <T>(cols: Col<T>[], param: string) =>
  `jsonb_to_recordset(${param}::jsonb) as x(${cols.map(([c, t]) => `${c} ${t}`).join(', ')})`;
const payload = <T>(cols: Col<T>[], rows: T[]) => JSON.stringify(rows.map((r) => Object.fromEntries(cols.map(([c, , v]) => [c, v(r)]))));

/** One statement made of data-modifying CTEs, its parameters numbered across them. */
class Batch {
  readonly params: unknown[] = [];
  private readonly parts: string[] = [];
  /** The placeholder of a new parameter. */
  p(v: unknown): string {
    this.params.push(v);
    return `$${this.params.length}`;
  }
  add(sql: string, name = `w${this.parts.length}`) {
    this.parts.push(`${name} as (${sql})`);
  }
  get empty() {
    return this.parts.length === 0;
  }
  sql(select: string) {
    return `with ${this.parts.join(',\n')}\n${select}`;
  }
}

/** What the server adds to a closed task: the opinion and decision of the one who completed it. */
export type CloseNote = { comment?: string | null; flag?: string | null };

/** A new instance row, written in the same statement as its first step (its definition checked and locked before). */
export type NewInstance = {
  definitionId: string;
  row: InstanceRow;
  businessTable: string | null;
  starter: string;
  starterName: string;
  starterDept: string | null;
};

/** Extra parts of a step's statement: the new instance, and the notices of its new tasks. */
export type WriteExtras = { create?: NewInstance; notices?: { rows: NoticeRow[]; at: string } };

/**
 * Writes a step's changes in one statement. `graph` names the nodes in history; `notes` adds
 * opinions to closed tasks; with `extras.create` the instance row is inserted too.
 */
export async function writeChanges(
  q: Queryable,
  tenantId: string,
  instanceId: string,
  changes: Changes,
  graph: ProcessGraph,
  notes: Record<string, CloseNote> = {},
  extras: WriteExtras = {},
): Promise<void> {
  const b = new Batch();
  // The tenant and instance as parameters, numbered when first used (an unused one has no type).
  let t: string | undefined;
  let i: string | undefined;
  const T = () => (t ??= `${b.p(tenantId)}::text`);
  const I = () => (i ??= `${b.p(instanceId)}::bigint`);
  const create = extras.create;
  const inst = changes.instance;
  if (create) {
    const r = create.row;
    const end = inst ?? r;
    b.add(
      `insert into wf_instance (id, tenant_id, definition_id, process_key, status, business_table, business_key, start_user, start_user_name,
         start_dept, started_at, ended_at, vars, parent_instance_id, parent_token_id)
       values (${I()}, ${T()}, ${b.p(create.definitionId)}::bigint, ${b.p(end.processKey)}::text, ${b.p(end.status)}::text, ${b.p(create.businessTable)}::text, ${b.p(r.businessKey)}::text,
         ${b.p(create.starter)}::text, ${b.p(create.starterName)}::text, ${b.p(create.starterDept)}::bigint, ${b.p(r.startedAt)}::timestamptz,
         ${b.p(end.endedAt)}::timestamptz, ${b.p(JSON.stringify(changes.variables ?? {}))}::jsonb, ${b.p(r.parentInstanceId)}::bigint, ${b.p(r.parentTokenId)}::bigint)`,
    );
  } else if (inst || changes.variables) {
    const set: string[] = [];
    if (inst) {
      set.push(
        `status = ${b.p(inst.status)}::text`,
        `ended_at = ${b.p(inst.endedAt)}::timestamptz`,
        `process_key = ${b.p(inst.processKey)}::text`,
      );
    }
    if (changes.variables) set.push(`vars = vars || ${b.p(JSON.stringify(changes.variables))}::jsonb`);
    b.add(`update wf_instance set ${set.join(', ')} where id = ${I()}`);
  }
  const tasks = changes.tasks;
  if (tasks?.closed?.length) {
    const closed = tasks.closed.map((c) => ({ ...c, comment: notes[c.id]?.comment ?? null, flag: notes[c.id]?.flag ?? null }));
    const P = b.p(JSON.stringify(closed));
    b.add(
      `update wf_task r set status = x.status, end_time = x.at, completed_by = case when x.status = 'completed' then x.actor end,
         comment = coalesce(x.comment, r.comment), flag = coalesce(x.flag, r.flag)
       from jsonb_to_recordset(${P}::jsonb) as x(id bigint, status text, at timestamptz, actor text, comment text, flag text) where r.id = x.id`,
    );
    b.add(`delete from wf_task_candidate where task_id in (select (jsonb_array_elements(${P}::jsonb)->>'id')::bigint)`);
  }
  insertRows(b, 'wf_task', TASK_COLS, tasks?.inserted, T, I);
  updateRows(b, 'wf_task', TASK_COLS, tasks?.updated);
  const candidates = [...(tasks?.inserted ?? []), ...(tasks?.updated ?? [])].flatMap((t) =>
    t.candidates.map((c) => ({ task_id: t.id, kind: c.kind, value: String(c.value).slice(0, 64) })),
  );
  const C = candidates.length || tasks?.updated?.length ? b.p(JSON.stringify(candidates)) : '';
  const CX = `jsonb_to_recordset(${C}::jsonb) as x(task_id bigint, kind text, value text)`;
  if (tasks?.updated?.length) {
    // An updated task keeps the candidates it still has (one statement cannot delete and insert one row).
    b.add(
      `delete from wf_task_candidate c where c.task_id in (select jsonb_array_elements_text(${b.p(JSON.stringify(tasks.updated.map((t) => t.id)))}::jsonb)::bigint)
         and not exists (select 1 from ${CX} where x.task_id = c.task_id and x.kind = c.kind and x.value = c.value)`,
    );
  }
  if (candidates.length) {
    b.add(
      `insert into wf_task_candidate (task_id, tenant_id, kind, value)
       select distinct x.task_id, ${T()}, x.kind, x.value from ${CX} on conflict (task_id, kind, value) do nothing`,
    );
  }
  for (const [table, cols, part] of [
    ['wf_token', TOKEN_COLS, changes.tokens],
    ['wf_scope', SCOPE_COLS, changes.scopes],
    ['wf_job', JOB_COLS, changes.jobs],
  ] as const) {
    if (!part) continue;
    if (part.deleted?.length) {
      b.add(`delete from ${table} where id in (select jsonb_array_elements_text(${b.p(JSON.stringify(part.deleted))}::jsonb)::bigint)`);
    }
    updateRows(b, table, cols as Col<unknown>[], part.updated);
    insertRows(b, table, cols as Col<unknown>[], part.inserted, T, I);
  }
  if (changes.history.length) b.add(historyInsert(b, T(), I(), historyRows(changes.history, graph)));
  const notices = extras.notices;
  if (notices?.rows.length) {
    b.add(
      `insert into wf_notice (id, tenant_id, user_id, title, instance_id, task_id, create_time, sms_state)
       select x.id, ${T()}, x.user_id, x.title, ${I()}, x.task_id, ${b.p(notices.at)}::timestamptz, x.sms
         from jsonb_to_recordset(${b.p(JSON.stringify(notices.rows))}::jsonb) as x(id bigint, user_id text, title text, task_id bigint, sms text)`,
    );
  }
  if (!b.empty) await q.query(b.sql('select 1 as n'), b.params);
}

function insertRows<T>(b: Batch, table: string, cols: Col<T>[], rows: T[] | undefined, T: () => string, I: () => string) {
  if (!rows?.length) return;
  const names = cols.map(([c]) => c);
  b.add(
    `insert into ${table} (tenant_id, instance_id, ${names.join(', ')}) select ${T()}, ${I()}, ${names.map((c) => `x.${c}`).join(', ')}
       from ${recordset(cols, b.p(payload(cols, rows)))}`,
  );
}

function updateRows<T>(b: Batch, table: string, cols: Col<T>[], rows: T[] | undefined) {
  if (!rows?.length) return;
  const set = cols.filter(([c]) => c !== 'id').map(([c]) => `${c} = x.${c}`);
  b.add(`update ${table} r set ${set.join(', ')} from ${recordset(cols, b.p(payload(cols, rows)))} where r.id = x.id`);
}

type HistoryIn = Changes['history'][number];

/** History rows as the insert reads them, nodes named from the graph. */
function historyRows(events: HistoryIn[], graph: ProcessGraph | null) {
  return events.map((e, i) => {
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
}

/** Events numbered after the instance's last one (the caller holds the instance lock). */
const historyInsert = (b: Batch, T: string, I: string, rows: ReturnType<typeof historyRows>) =>
  `insert into wf_history (id, tenant_id, instance_id, seq, type, node_id, node_name, node_type, scope_id, task_id, flow_id, actor, opinion, outcome, at, data)
     select x.id, ${T}, ${I}, coalesce((select max(seq) from wf_history where instance_id = ${I}), 0) + x.n,
            x.type, x.node_id, x.node_name, x.node_type, x.scope_id, x.task_id, x.flow_id, x.actor, x.opinion, x.outcome, x.at, x.data
     from jsonb_to_recordset(${b.p(JSON.stringify(rows))}::jsonb) as x(id bigint, n int, type text, node_id text, node_name text, node_type text,
          scope_id bigint, task_id bigint, flow_id text, actor text, opinion text, outcome text, at timestamptz, data jsonb)`;

/** A statement run with the history insert, its parameters numbered through `p`. */
export type AlongSql = (p: (v: unknown) => string) => string;

/**
 * Appends events after the instance's last one (the caller holds the instance lock); `along`, a
 * change to the task the events tell of, goes in the same statement.
 */
export async function appendHistory(
  q: Queryable,
  tenantId: string,
  instanceId: string,
  events: HistoryIn[],
  graph: ProcessGraph | null,
  along?: AlongSql,
) {
  if (!events.length) return;
  const b = new Batch();
  if (along) b.add(along((v) => b.p(v)));
  const T = `${b.p(tenantId)}::text`;
  const I = `${b.p(instanceId)}::bigint`;
  const insert = historyInsert(b, T, I, historyRows(events, graph));
  if (!along) return void (await q.query(insert, b.params));
  b.add(insert);
  await q.query(b.sql('select 1 as n'), b.params);
}
