// The token loop: arrivals are processed until none is left, then inclusive joins and finished
// scopes are settled, which may produce new arrivals. Nothing waits here: a step ends when every
// position rests on a task, a token or a job.
import { CommandError } from '../errors.ts';
import { evaluateCondition } from '../expr/index.ts';
import type { Flow, GraphNode } from '../model/graph.ts';
import type { TokenRow } from '../types.ts';
import { callActivity, enterSubProcess, runService } from './activities.ts';
import { cancelContents, endInstance } from './cancel.ts';
import type { Arrival, Step } from './step.ts';
import { createTask, startMultiInstance } from './tasks.ts';
import { catchTimer } from './timers.ts';

export async function run(step: Step): Promise<void> {
  for (;;) {
    while (step.queue.length) {
      const a = step.queue.shift()!;
      if (step.isLive(a.scopeId)) await arrive(step, a);
    }
    if (step.instance.status !== 'active') return;
    if (fireInclusiveJoins(step)) continue;
    if (completeScopes(step)) continue;
    return;
  }
}

async function arrive(step: Step, a: Arrival): Promise<void> {
  const node = step.node(a.nodeId);
  const flowId = a.flowId ?? undefined;
  switch (node.type) {
    case 'startEvent':
    case 'passThrough':
    case 'exclusiveGateway':
      step.event(node.type === 'startEvent' ? 'start' : 'pass', node.id, a.scopeId, { flowId });
      return leave(step, node, a.scopeId);
    case 'endEvent':
      if (!node.terminate) {
        step.event('end', node.id, a.scopeId, { flowId });
        step.dirty.add(a.scopeId);
        return;
      }
      step.event('terminate', node.id, a.scopeId, { flowId });
      if (node.terminateAll || a.scopeId === null) {
        cancelContents(step, null);
        return endInstance(step, 'completed');
      }
      // A terminate end inside a sub-process ends only that sub-process, which then completes.
      cancelContents(step, a.scopeId);
      for (let i = step.queue.length - 1; i >= 0; i--) if (step.queue[i].scopeId === a.scopeId) step.queue.splice(i, 1);
      step.dirty.add(a.scopeId);
      return;
    case 'userTask':
      if (node.multiInstance) return startMultiInstance(step, node, a);
      await createTask(step, node, a.scopeId, { flowId: a.flowId });
      return;
    case 'serviceTask':
      return runService(step, node, a);
    case 'parallelGateway':
      return parallel(step, node, a);
    case 'inclusiveGateway':
      if (node.incoming.length > 1) {
        addJoinToken(step, node, a);
        return;
      }
      step.event('pass', node.id, a.scopeId, { flowId });
      return leave(step, node, a.scopeId);
    case 'subProcess':
      return enterSubProcess(step, node, a);
    case 'callActivity':
      return callActivity(step, node, a);
    case 'timerCatch':
      return catchTimer(step, node, a);
    case 'boundaryTimer':
      throw new Error(`boundary event ${node.id} cannot be entered by a flow`);
  }
}

function addJoinToken(step: Step, node: GraphNode, a: Arrival): TokenRow {
  const token: TokenRow = { id: step.newId(), nodeId: node.id, scopeId: a.scopeId, kind: 'join', viaFlow: a.flowId, createdAt: step.at };
  step.addToken(token);
  return token;
}

function parallel(step: Step, node: GraphNode, a: Arrival): void {
  if (node.incoming.length > 1) {
    addJoinToken(step, node, a);
    // One arrival per incoming flow, oldest first; later arrivals on a flow wait for the next round.
    const picked = new Map<string, TokenRow>();
    for (const t of step.tokens.values()) {
      if (t.kind === 'join' && t.nodeId === node.id && t.scopeId === a.scopeId && t.viaFlow && !picked.has(t.viaFlow))
        picked.set(t.viaFlow, t);
    }
    if (!node.incoming.every((f) => picked.has(f))) return;
    for (const t of picked.values()) step.removeToken(t);
    step.event('join', node.id, a.scopeId, { flowId: a.flowId ?? undefined, data: { flows: node.incoming } });
  } else if (node.outgoing.length <= 1) {
    step.event('pass', node.id, a.scopeId, { flowId: a.flowId ?? undefined });
  }
  leave(step, node, a.scopeId);
}

/** Takes the node's outgoing flows: gateway rules for gateways, conditions and default for everything else. */
export function leave(step: Step, node: GraphNode, scopeId: string | null): void {
  if (node.outgoing.length === 0) {
    step.dirty.add(scopeId); // an activity without outgoing flow ends its path
    return;
  }
  const flows = chooseFlows(step, node, scopeId);
  if (flows.length > 1) step.event('fork', node.id, scopeId, { data: { flows: flows.map((f) => f.id) } });
  for (const f of flows) step.queue.push({ nodeId: f.target, scopeId, flowId: f.id });
}

function chooseFlows(step: Step, node: GraphNode, scopeId: string | null): Flow[] {
  const out = node.outgoing.map((id) => step.graph.flows.get(id)!);
  if (node.type === 'parallelGateway') return out;
  let lookup: ReturnType<Step['lookup']> | undefined;
  const test = (f: Flow) => {
    if (!f.condition) return true;
    lookup ??= step.lookup(scopeId);
    return evaluateCondition(f.condition, lookup, f.id);
  };
  const fallback = node.defaultFlow ? step.graph.flows.get(node.defaultFlow)! : undefined;
  if (node.type === 'exclusiveGateway') {
    const first = out.find((f) => f.id !== node.defaultFlow && test(f));
    if (first) return [first];
  } else {
    const taken = out.filter((f) => f.id !== node.defaultFlow && test(f));
    if (taken.length) return taken;
  }
  if (fallback) return [fallback];
  throw new CommandError('FAILED', `${node.id} 没有满足条件的出口`);
}

/** Positions in a scope: its tasks, tokens and child scopes, each by the node it sits on. */
function positions(step: Step, scopeId: string | null): { nodeId: string; token?: TokenRow }[] {
  const out: { nodeId: string; token?: TokenRow }[] = [];
  for (const t of step.tasks.values()) if (t.scopeId === scopeId) out.push({ nodeId: t.nodeId });
  for (const t of step.tokens.values()) if (t.scopeId === scopeId) out.push({ nodeId: t.nodeId, token: t });
  for (const s of step.scopes.values()) if (s.parentScopeId === scopeId) out.push({ nodeId: s.nodeId });
  return out;
}

function fireInclusiveJoins(step: Step): boolean {
  const groups = new Map<string, TokenRow[]>();
  for (const t of step.tokens.values()) {
    if (t.kind !== 'join' || !step.graph.inclusiveUpstream.has(t.nodeId)) continue;
    const key = `${t.nodeId}\u0000${t.scopeId ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  for (const arrivals of groups.values()) {
    const { nodeId, scopeId } = arrivals[0];
    const upstream = step.graph.inclusiveUpstream.get(nodeId)!;
    const filled = new Set(arrivals.map((t) => t.viaFlow));
    const empty = [...upstream.keys()].filter((f) => !filled.has(f));
    const blocked = positions(step, scopeId).some((p) => {
      if (p.nodeId === nodeId && p.token?.kind === 'join') return false;
      const reachesEmpty = empty.some((f) => upstream.get(f)!.has(p.nodeId));
      const reachesFilled = [...filled].some((f) => f !== null && upstream.get(f)?.has(p.nodeId));
      return reachesEmpty && !reachesFilled;
    });
    if (blocked) continue;
    for (const t of arrivals) step.removeToken(t);
    step.event('join', nodeId, scopeId, { data: { flows: [...filled] } });
    leave(step, step.node(nodeId), scopeId);
    return true;
  }
  return false;
}

function completeScopes(step: Step): boolean {
  for (const scopeId of [...step.dirty]) {
    step.dirty.delete(scopeId);
    if (!step.isLive(scopeId) || positions(step, scopeId).length) continue;
    if (scopeId === null) {
      endInstance(step, 'completed');
      return true;
    }
    const scope = step.scopes.get(scopeId)!;
    if (scope.kind !== 'subProcess') continue;
    for (const job of [...step.jobs.values()]) if (job.attachedScopeId === scope.id) step.removeJob(job);
    step.removeScope(scope);
    step.event('end', scope.nodeId, scope.parentScopeId);
    leave(step, step.node(scope.nodeId), scope.parentScopeId);
    return true;
  }
  return false;
}
