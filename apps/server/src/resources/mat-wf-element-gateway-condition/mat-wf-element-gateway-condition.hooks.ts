import { matWfElement, matWfElementGatewayCondition } from '@civdesk/resources';
import { compileExpression, ExpressionError } from '@civdesk/workflow';
import { badRequest } from '../../core/envelope.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { workflowOf } from '../../modules/workflow/runtime.ts';
import { stepOf } from '../mat-wf-element/step.service.ts';
import { assertEditable } from '../mat-wf-version/version.service.ts';
import { configuredConditions } from './condition-overlay.ts';

const E = sqlOf(matWfElement, 'e');
const G = sqlOf(matWfElementGatewayCondition, 'g');

const refuse = (field: string, msg: string) => badRequest(msg, { errors: [{ field, message: msg }] });

/**
 * Gateway conditions: the flow must leave a gateway of the version's model, at most one condition
 * per flow and version, and the text must compile in the workflow's expression language. The
 * conditions replace the model's own on those flows at run time (graph hook registered here).
 */
export const matWfElementGatewayConditionHooks: ResourceHooks = {
  async beforeWrite({ db, existing, tenantId }, values) {
    const elementId = String(values.elementId ?? existing?.elementId);
    const { step, graph } = await stepOf(db, tenantId, elementId);
    await assertEditable(db, tenantId, step.versionId);
    const flowId = String(values.sequenceFlowId ?? existing?.sequenceFlowId);
    const flow = graph.flows.get(flowId);
    if (!flow) throw refuse('sequenceFlowId', `流程中没有连线${flowId}`);
    const source = graph.nodes.get(flow.source)?.type;
    if (source !== 'exclusiveGateway' && source !== 'inclusiveGateway') throw refuse('sequenceFlowId', `连线${flowId}不是网关的出口`);
    const text = String(values.gatewayConditionInfo ?? existing?.gatewayConditionInfo);
    try {
      if (compileExpression(text, flowId).constant) throw refuse('gatewayConditionInfo', `连线${flowId}的条件应写成\${...}表达式`);
    } catch (e) {
      if (e instanceof ExpressionError) throw refuse('gatewayConditionInfo', `连线${flowId}的条件表达式有误: ${e.message}`);
      throw e;
    }
    const [taken] = await db.query(
      `select 1 from ${G.table} join ${E.table} on ${E.c.id} = ${G.c.elementId} and ${E.live('$1')}
        where ${G.live('$1')} and ${E.c.versionId} = $2 and ${G.c.sequenceFlowId} = $3 and ($4::text is null or ${G.c.id}::text <> $4)`,
      [tenantId, step.versionId, flowId, existing ? String(existing.id) : null],
    );
    if (taken) throw refuse('sequenceFlowId', '该连线已配置条件');
  },
  routes(_app, _r, ctx) {
    const rt = workflowOf(ctx);
    if (!rt.graphHooks.includes(configuredConditions)) rt.graphHooks.push(configuredConditions);
  },
};
