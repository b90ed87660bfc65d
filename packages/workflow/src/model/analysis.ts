// Precomputed facts about the graph: forward edges without loop back edges (what "earlier" means
// for a return or recall) and, per joining inclusive gateway, the nodes that can still reach it.
import type { Flow, GraphNode } from './graph.ts';

type Nodes = ReadonlyMap<string, GraphNode>;

/** Successors of a node: its outgoing flows' targets, plus its boundary events. */
function successors(_nodes: Nodes, flows: ReadonlyMap<string, Flow>, node: GraphNode): string[] {
  const out = node.outgoing.map((f) => flows.get(f)!.target);
  return node.boundary.length ? [...out, ...node.boundary] : out;
}

/**
 * Depth-first from each scope's start event (then from any node not yet seen); an edge to a node
 * still on the stack closes a loop and is left out. Iterative: deep graphs cannot overflow.
 */
export function forwardEdges(nodes: Nodes, flows: ReadonlyMap<string, Flow>): Map<string, string[]> {
  const forward = new Map<string, string[]>();
  const state = new Map<string, 1 | 2>(); // 1 on stack, 2 done
  const roots = [...nodes.values()].sort((a, b) => rank(a) - rank(b));
  for (const root of roots) {
    if (state.has(root.id)) continue;
    const stack: { id: string; next: string[]; i: number }[] = [];
    const push = (id: string) => {
      state.set(id, 1);
      stack.push({ id, next: successors(nodes, flows, nodes.get(id)!), i: 0 });
      forward.set(id, []);
    };
    push(root.id);
    while (stack.length) {
      const top = stack[stack.length - 1];
      if (top.i >= top.next.length) {
        state.set(top.id, 2);
        stack.pop();
        continue;
      }
      const to = top.next[top.i++];
      const s = state.get(to);
      if (s === 1) continue; // back edge: a loop
      forward.get(top.id)!.push(to);
      if (s === undefined) push(to);
    }
  }
  return forward;
}

function rank(n: GraphNode): number {
  return n.type === 'startEvent' ? 0 : n.incoming.length === 0 ? 1 : 2;
}

/**
 * For every inclusive gateway with several incoming flows, and each of those flows: the nodes from
 * which the flow can be reached without passing through the gateway (loops included). The join
 * waits for a position that can reach an empty incoming flow and cannot reach a filled one, as
 * BPMN describes; a position that can reach a filled flow will arrive at the next activation.
 */
export function inclusiveUpstream(nodes: Nodes, flows: ReadonlyMap<string, Flow>): Map<string, Map<string, Set<string>>> {
  const predecessors = new Map<string, string[]>();
  for (const n of nodes.values()) {
    for (const s of successors(nodes, flows, n)) {
      const list = predecessors.get(s) ?? [];
      list.push(n.id);
      predecessors.set(s, list);
    }
  }
  const result = new Map<string, Map<string, Set<string>>>();
  for (const gw of nodes.values()) {
    if (gw.type !== 'inclusiveGateway' || gw.incoming.length < 2) continue;
    const perFlow = new Map<string, Set<string>>();
    for (const flowId of gw.incoming) {
      const seen = new Set<string>();
      const queue = [flows.get(flowId)!.source];
      while (queue.length) {
        const id = queue.pop()!;
        if (id === gw.id || seen.has(id)) continue;
        seen.add(id);
        for (const p of predecessors.get(id) ?? []) queue.push(p);
      }
      perFlow.set(flowId, seen);
    }
    result.set(gw.id, perFlow);
  }
  return result;
}
