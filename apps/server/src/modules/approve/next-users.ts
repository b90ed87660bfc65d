import type { Queryable } from '@civdesk/db';
import { dept, user } from '@civdesk/resources';
import type { Candidate, ProcessGraph, TaskRow } from '@civdesk/workflow';
import { sqlOf } from '../../core/table-sql.ts';
import { usersOfGroups } from '../workflow/people.ts';
import type { WorkflowRuntime } from '../workflow/runtime.ts';

// Who may handle the step after the current one: the next user task(s) reached through gateways,
// each with the users its configured transactor rules give (the same resolver the runtime uses
// when the task is created: the step's transactors and its custom handler sets). None when the
// next node is an end.

const U = sqlOf(user, 'u');
const D = sqlOf(dept, 'd');

export type NextUser = { id: string; account: string; realName: string; deptName: string | null };

/** The user tasks (and whether an end) directly after `nodeId`, through gateways. */
export function nextSteps(graph: ProcessGraph, nodeId: string): { steps: { id: string; name: string }[]; end: boolean } {
  const steps: { id: string; name: string }[] = [];
  let end = false;
  const seen = new Set<string>();
  const walk = (id: string) => {
    for (const f of graph.nodes.get(id)?.outgoing ?? []) {
      const target = graph.flows.get(f)?.target;
      const n = target ? graph.nodes.get(target) : undefined;
      if (!n || seen.has(n.id)) continue;
      seen.add(n.id);
      if (n.type === 'userTask') steps.push({ id: n.id, name: n.name ?? n.id });
      else if (n.type === 'endEvent') end = true;
      else walk(n.id);
    }
  };
  walk(nodeId);
  return { steps, end: end && steps.length === 0 };
}

type Instance = { id: string; definitionId: string; startUser: string | null; startDept: string | null; vars: Record<string, unknown> };

export async function usersForStep(
  rt: WorkflowRuntime,
  q: Queryable,
  tenantId: string,
  inst: Instance,
  nodeId: string,
): Promise<NextUser[]> {
  // The runtime's own resolvers in order, as when the task is created (the matter's transactors first).
  let found: Awaited<ReturnType<WorkflowRuntime['resolvers'][number]['resolve']>>;
  for (const r of rt.resolvers) {
    found = await r.resolve(
      {
        instanceId: inst.id,
        nodeId,
        task: { candidates: [] as Candidate[] } as unknown as TaskRow,
        variables: inst.vars as never,
        cause: 'enter',
      },
      { q, tenantId, starter: inst.startUser, startDept: inst.startDept, definitionId: inst.definitionId },
    );
    if (found) break;
  }
  return usersOf(q, tenantId, found?.candidates ?? []);
}

async function usersOf(q: Queryable, tenantId: string, cands: { kind: string; value: unknown }[]): Promise<NextUser[]> {
  const ids = new Set(cands.filter((c) => c.kind === 'user').map((c) => String(c.value)));
  const groups = cands.filter((c) => c.kind === 'role' || c.kind === 'dept').map((c) => ({ kind: c.kind, value: String(c.value) }));
  if (groups.length) for (const r of await usersOfGroups(q, tenantId, groups)) ids.add(r.user_id);
  if (!ids.size) return [];
  return q.query<NextUser>(
    `select ${U.c.id}::text as id, ${U.c.account} as account, ${U.c.realName} as "realName",
            (select ${D.c.deptName} from ${D.table} where ${D.c.id}::text = split_part(${U.c.deptId}, ',', 1)) as "deptName"
       from ${U.table} where ${U.live('$1')} and ${U.c.status} = 1 and ${U.c.id}::text = any($2::text[]) order by ${U.c.account}`,
    [tenantId, [...ids]],
  );
}
