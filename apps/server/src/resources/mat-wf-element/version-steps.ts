import type { Queryable } from '@civdesk/db';
import { matWfElement, matWfElementGatewayCondition, matWfElementTransactor } from '@civdesk/resources';
import { sqlOf } from '../../core/table-sql.ts';
import { versionGraph } from './step.service.ts';

const E = sqlOf(matWfElement, 'e');
const T = sqlOf(matWfElementTransactor, 't');
const G = sqlOf(matWfElementGatewayCondition, 'g');

/** The parts a step needs before it counts as configured, by field. */
const REQUIRED = ['basicForm', 'handleFromSetting', 'timeLimitWarning', 'timeLimitUserTask'] as const;

type StepRow = { id: string; userTaskId: string; transactorNames: string | null; transactors: number } & Record<
  (typeof REQUIRED)[number],
  unknown
>;

/**
 * The version's user tasks in model order, each with its configuration (if any), what it still
 * lacks (a required field, or `transactor` when no transactor is set) and whether it is complete;
 * and its gateways with their outgoing flows and the conditions configured on them.
 */
export async function versionSteps(q: Queryable, tenantId: string, versionId: string) {
  const { graph } = await versionGraph(q, tenantId, versionId);
  const rows = await q.query<StepRow>(
    `select ${E.c.id}::text as id, ${E.c.userTaskId} as "userTaskId", ${E.c.transactorNames} as "transactorNames",
            ${E.c.basicForm} as "basicForm", ${E.c.handleFromSetting} as "handleFromSetting",
            ${E.c.timeLimitWarning} as "timeLimitWarning", ${E.c.timeLimitUserTask} as "timeLimitUserTask",
            (select count(*)::int from ${T.table} where ${T.live('$2')} and ${T.c.elementId} = ${E.c.id}) as transactors
       from ${E.table} where ${E.c.versionId} = $1 and ${E.live('$2')}`,
    [versionId, tenantId],
  );
  const conditions = await q.query<{ id: string; elementId: string; sequenceFlowId: string; info: string }>(
    `select ${G.c.id}::text as id, ${G.c.elementId}::text as "elementId", ${G.c.sequenceFlowId} as "sequenceFlowId", ${G.c.gatewayConditionInfo} as info
       from ${G.table} join ${E.table} on ${E.c.id} = ${G.c.elementId} and ${E.live('$2')}
      where ${E.c.versionId} = $1 and ${G.live('$2')}`,
    [versionId, tenantId],
  );
  const byTask = new Map(rows.map((r) => [r.userTaskId, r]));
  const byFlow = new Map(conditions.map((c) => [c.sequenceFlowId, c]));
  const steps = [];
  const gateways = [];
  for (const node of graph.nodes.values()) {
    if (node.type === 'userTask') {
      const row = byTask.get(node.id);
      const missing = row ? REQUIRED.filter((f) => row[f] === null || row[f] === '') : [...REQUIRED];
      if (!row?.transactors) missing.push('transactor' as never);
      steps.push({
        userTaskId: node.id,
        name: node.name ?? node.id,
        elementId: row?.id ?? null,
        transactorNames: row?.transactorNames ?? null,
        missing,
        configured: missing.length === 0,
      });
    } else if (node.type === 'exclusiveGateway' || node.type === 'inclusiveGateway') {
      gateways.push({
        id: node.id,
        name: node.name ?? node.id,
        type: node.type,
        defaultFlow: node.defaultFlow ?? null,
        flows: node.outgoing.map((fid) => {
          const f = graph.flows.get(fid);
          const c = byFlow.get(fid);
          return {
            id: fid,
            name: f?.name ?? null,
            target: f?.target ?? null,
            targetName: (f && graph.nodes.get(f.target)?.name) ?? f?.target ?? null,
            modelCondition: f?.condition?.source ?? null,
            conditionId: c?.id ?? null,
            elementId: c?.elementId ?? null,
            condition: c?.info ?? null,
          };
        }),
      });
    }
  }
  return { steps, gateways };
}
