import { matWfElement, matWfElementGatewayCondition } from '@civdesk/resources';
import { compileExpression, type Flow } from '@civdesk/workflow';
import { sqlOf } from '../../core/table-sql.ts';
import type { GraphHook } from '../../modules/workflow/engine-context.ts';
import { versionOfInstance } from '../mat-wf-version/instance-version.ts';

const E = sqlOf(matWfElement, 'e');
const G = sqlOf(matWfElementGatewayCondition, 'g');

/**
 * The graph an instance of a matter runs on: a condition configured for a sequence flow of its
 * version replaces the model's condition on that flow (the model's stands where none is
 * configured). The compiled graph itself is shared and never changed: the flows are copied.
 */
export const configuredConditions: GraphHook = async (graph, { q, tenantId, definitionId, variables }) => {
  const versionId = await versionOfInstance(q, tenantId, definitionId, variables);
  if (!versionId) return graph;
  const rows = await q.query<{ flowId: string; info: string }>(
    `select ${G.c.sequenceFlowId} as "flowId", ${G.c.gatewayConditionInfo} as info
       from ${G.table} join ${E.table} on ${E.c.id} = ${G.c.elementId} and ${E.live('$1')}
      where ${G.live('$1')} and ${E.c.versionId} = $2`,
    [tenantId, versionId],
  );
  if (!rows.length) return graph;
  const flows = new Map<string, Flow>(graph.flows);
  for (const r of rows) {
    const f = flows.get(r.flowId);
    if (f) flows.set(r.flowId, { ...f, condition: compileExpression(r.info, r.flowId) });
  }
  return { ...graph, flows };
};
