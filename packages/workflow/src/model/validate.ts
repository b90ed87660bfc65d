// Structural checks a deployment must pass. Returns the process-level start event.
import { ModelError } from '../errors.ts';
import type { Flow, GraphNode } from './graph.ts';
import type { ReadContext } from './read-node.ts';

const ATTACHABLE = new Set(['userTask', 'subProcess', 'callActivity']);

export function validate(nodes: Map<string, GraphNode>, flows: Map<string, Flow>, rc: ReadContext): string {
  const fail = (node: GraphNode, message: string) => {
    throw new ModelError(message, node.id, node.bpmnType);
  };
  const starts = new Map<string | null, string[]>();
  for (const node of nodes.values()) {
    if (node.type === 'startEvent') {
      starts.set(node.parent, [...(starts.get(node.parent) ?? []), node.id]);
      if (node.incoming.length) fail(node, `开始事件 ${node.id} 不能有进入的顺序流`);
    }
    if (node.type === 'endEvent' && node.outgoing.length) fail(node, `结束事件 ${node.id} 不能有离开的顺序流`);
    if (node.type === 'boundaryTimer') {
      if (node.incoming.length) fail(node, `边界事件 ${node.id} 不能有进入的顺序流`);
      const host = nodes.get(node.attachedTo);
      if (!host || host.parent !== node.parent) fail(node, `边界事件 ${node.id} 依附的活动 ${node.attachedTo} 不存在`);
      if (!ATTACHABLE.has(host!.type)) fail(node, `边界定时器 ${node.id} 只能依附于用户任务、子流程或调用活动`);
      host!.boundary.push(node.id);
    }
    checkOutgoing(node, flows, fail, rc);
    if (node.incoming.length === 0 && node.type !== 'startEvent' && node.type !== 'boundaryTimer') {
      rc.warn({ $type: node.bpmnType, id: node.id }, `${node.id} 没有进入的顺序流，永远不会执行`);
    }
  }
  for (const node of nodes.values()) {
    if (node.type !== 'subProcess') continue;
    const inner = starts.get(node.id) ?? [];
    if (inner.length !== 1) fail(node, `子流程 ${node.id} 需要且只能有一个开始事件`);
    node.start = inner[0];
  }
  const top = starts.get(null) ?? [];
  if (top.length === 0) throw new ModelError('流程没有开始事件');
  if (top.length > 1) throw new ModelError(`流程有多个开始事件: ${top.join(', ')}`, top[1], 'bpmn:StartEvent');
  return top[0];
}

function checkOutgoing(node: GraphNode, flows: Map<string, Flow>, fail: (n: GraphNode, m: string) => never, rc: ReadContext): void {
  const out = node.outgoing.map((id) => flows.get(id)!);
  if (node.type === 'parallelGateway') {
    if (node.defaultFlow) fail(node, `并行网关 ${node.id} 不能有默认顺序流`);
    if (out.some((f) => f.condition)) rc.warn({ $type: node.bpmnType, id: node.id }, `并行网关 ${node.id} 出口上的条件会被忽略`);
  }
  if (node.defaultFlow && flows.get(node.defaultFlow)!.condition) {
    rc.warn({ $type: node.bpmnType, id: node.id }, `默认顺序流 ${node.defaultFlow} 上的条件会被忽略`);
  }
  if (node.type === 'exclusiveGateway') {
    // An unconditional flow is always true, so the first one wins: more than one such exit
    // (the default counted) means the model does not say which way to go.
    const unconditional = out.filter((f) => !f.condition || f.id === node.defaultFlow);
    if (unconditional.length > 1) fail(node, `排他网关 ${node.id} 有多个默认出口: ${unconditional.map((f) => f.id).join(', ')}`);
  }
}
