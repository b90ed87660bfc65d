// Activities that do not wait for a person: service tasks (product handlers), embedded
// sub-processes (a scope) and call activities (a child instance the caller starts).
import { CommandError } from '../errors.ts';
import { lookupOf } from '../expr/index.ts';
import type { NodeOf } from '../model/graph.ts';
import type { ScopeRow, TokenRow, Vars } from '../types.ts';
import { leave } from './run.ts';
import type { Arrival, Step } from './step.ts';
import { scheduleBoundary } from './timers.ts';

export async function runService(step: Step, node: NodeOf<'serviceTask'>, a: Arrival): Promise<void> {
  const handler = step.ctx.services?.[node.handler];
  if (!handler) throw new CommandError('FAILED', `服务任务 ${node.id} 的处理程序未注册: ${node.handler}`);
  let result: unknown;
  try {
    result = await handler({
      instanceId: step.instance.id,
      nodeId: node.id,
      handler: node.handler,
      variables: step.flatVars(a.scopeId),
      fields: node.fields,
    });
  } catch (e) {
    throw new CommandError('FAILED', `服务任务 ${node.id} 执行失败: ${(e as Error).message}`, e);
  }
  if (node.resultVariable) step.setVariables({ [node.resultVariable]: result ?? null }, a.scopeId);
  else if (result && typeof result === 'object' && !Array.isArray(result)) step.setVariables(result as Vars, a.scopeId);
  step.event('pass', node.id, a.scopeId, { flowId: a.flowId ?? undefined, data: { handler: node.handler } });
  leave(step, node, a.scopeId);
}

export function enterSubProcess(step: Step, node: NodeOf<'subProcess'>, a: Arrival): void {
  const scope: ScopeRow = {
    id: step.newId(),
    nodeId: node.id,
    parentScopeId: a.scopeId,
    kind: 'subProcess',
    vars: {},
    items: null,
    createdAt: step.at,
  };
  step.addScope(scope);
  step.event('start', node.id, a.scopeId, { flowId: a.flowId ?? undefined });
  scheduleBoundary(step, node, { attachedScopeId: scope.id }, a.scopeId);
  step.queue.push({ nodeId: node.start, scopeId: scope.id, flowId: null });
}

export function callActivity(step: Step, node: NodeOf<'callActivity'>, a: Arrival): void {
  const lookup = step.lookup(a.scopeId);
  const processKey = String(node.calledElement.evaluate(lookup) ?? '');
  if (!processKey) throw new CommandError('FAILED', `调用活动 ${node.id} 的流程标识为空`);
  const variables: Vars = node.inAll ? step.flatVars(a.scopeId) : {};
  for (const m of node.ins) {
    variables[m.target] = m.sourceExpression
      ? m.sourceExpression.evaluate(lookup)
      : m.source
        ? (step.flatVars(a.scopeId)[m.source] ?? null)
        : null;
  }
  const businessKey = node.businessKey ? node.businessKey.evaluate(lookup) : null;
  const token: TokenRow = { id: step.newId(), nodeId: node.id, scopeId: a.scopeId, kind: 'call', viaFlow: a.flowId, createdAt: step.at };
  step.addToken(token);
  step.childStarts.push({ tokenId: token.id, processKey, businessKey: businessKey === null ? null : String(businessKey), variables });
  step.event('start', node.id, a.scopeId, { flowId: a.flowId ?? undefined, data: { processKey } });
  scheduleBoundary(step, node, { tokenId: token.id }, a.scopeId);
}

/** The child of a call activity ended: copy its output variables back and continue. */
export function returnFromCall(step: Step, token: TokenRow, childVariables: Vars): void {
  const node = step.node(token.nodeId) as NodeOf<'callActivity'>;
  const out: Vars = node.outAll ? { ...childVariables } : {};
  const childLookup = lookupOf(childVariables);
  for (const m of node.outs) {
    out[m.target] = m.sourceExpression ? m.sourceExpression.evaluate(childLookup) : m.source ? (childVariables[m.source] ?? null) : null;
  }
  step.setVariables(out, token.scopeId);
  for (const job of [...step.jobs.values()]) if (job.tokenId === token.id) step.removeJob(job);
  step.removeToken(token);
  step.event('end', node.id, token.scopeId, { data: { processKey: String(node.calledElement.source) } });
  leave(step, node, token.scopeId);
}
