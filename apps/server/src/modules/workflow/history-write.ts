import type { Queryable } from '@civdesk/db';
import type { Changes, ProcessGraph } from '@civdesk/workflow';
import { newId } from '../../crud/ids.ts';
import { Batch } from './write-batch.ts';

// An instance's history: events numbered after its last one, written in the step's own statement
// or, for the server's own events on a task (claim, delegate, …), with that task's change.

type HistoryIn = Changes['history'][number];

/** History rows as the insert reads them, nodes named from the graph. */
export function historyRows(events: HistoryIn[], graph: ProcessGraph | null) {
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
export const historyInsert = (b: Batch, T: string, I: string, rows: ReturnType<typeof historyRows>) =>
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
