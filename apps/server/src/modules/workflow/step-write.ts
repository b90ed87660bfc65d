import type { Queryable } from '@civdesk/db';
import type { Changes, InstanceRow, JobRow, ProcessGraph, ScopeRow, TaskRow, TokenRow } from '@civdesk/workflow';
import { historyInsert, historyRows } from './history-write.ts';
import type { NoticeRow } from './notices.ts';
import { Batch, type Col, payload, recordset } from './write-batch.ts';

// A step's changes written back in one statement: one data-modifying CTE per part changed (the
// instance, tasks and their candidates, tokens, scopes, jobs, history, notices).

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

// Rows named by id are found through the primary key (or the index leading with the id) whatever
// the planner believes of the table: `= any(array(…))` is an index condition, while a join on a
// JSON parameter's rows (estimated at 100) may become a hash join over a sequential scan, whose
// cost grows with the table (a table that grew since it was last analysed looks small).
/** `any(…)` of the `id` fields of a JSON array of objects (parameter `P`). */
const idsOf = (P: string) => `any(array(select (jsonb_array_elements(${P}::jsonb)->>'id')::bigint))`;
/** `any(…)` of a JSON array of ids (parameter `P`). */
const idList = (P: string) => `any(array(select jsonb_array_elements_text(${P}::jsonb)::bigint))`;

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
       from jsonb_to_recordset(${P}::jsonb) as x(id bigint, status text, at timestamptz, actor text, comment text, flag text)
       where r.id = x.id and r.id = ${idsOf(P)}`,
    );
    b.add(`delete from wf_task_candidate where task_id = ${idsOf(P)}`);
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
      `delete from wf_task_candidate c where c.task_id = ${idList(b.p(JSON.stringify(tasks.updated.map((t) => t.id))))}
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
      b.add(`delete from ${table} where id = ${idList(b.p(JSON.stringify(part.deleted)))}`);
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
  const P = b.p(payload(cols, rows));
  b.add(`update ${table} r set ${set.join(', ')} from ${recordset(cols, P)} where r.id = x.id and r.id = ${idsOf(P)}`);
}
