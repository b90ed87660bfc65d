// Moving a running instance to another version of its definition: each live position's node is
// mapped (same id unless the mapping says otherwise) and must find a node of the same kind in the
// same place. Timers follow: kept when their event still exists, added for new boundary events.
import { Step } from '../engine/step.ts';
import { scheduleBoundary } from '../engine/timers.ts';
import { CommandError } from '../errors.ts';
import type { GraphNode, ProcessGraph } from '../model/graph.ts';
import type { CommandResult, EngineContext, InstanceSnapshot, ScopeRow } from '../types.ts';

export interface MigrationProblem {
  nodeId: string;
  message: string;
}

export type NodeMapping = Readonly<Record<string, string>>;

function mapper(to: ProcessGraph, mapping: NodeMapping) {
  return (id: string): GraphNode | undefined => to.nodes.get(mapping[id] ?? id);
}

/** The flow a join arrival came by, in the new graph. */
function mapFlow(from: ProcessGraph, to: ProcessGraph, mapping: NodeMapping, flowId: string, target: GraphNode): string | undefined {
  const mapped = mapping[flowId] ?? flowId;
  if (to.flows.get(mapped)?.target === target.id) return mapped;
  const source = from.flows.get(flowId)?.source;
  const newSource = source === undefined ? undefined : mapper(to, mapping)(source);
  return target.incoming.find((f) => to.flows.get(f)!.source === newSource?.id);
}

/** Everything that stops `snapshot` from moving to `to` with `mapping`; empty when it can. */
export function checkMigration(from: ProcessGraph, to: ProcessGraph, snapshot: InstanceSnapshot, mapping: NodeMapping): MigrationProblem[] {
  const problems: MigrationProblem[] = [];
  const map = mapper(to, mapping);
  const scopes = new Map(snapshot.scopes.map((s) => [s.id, s]));
  // The sub-process (new id) a row must sit in, from the scope row it belongs to.
  const levelNode = (scopeId: string | null): string | null => {
    let s: ScopeRow | undefined = scopeId === null ? undefined : scopes.get(scopeId);
    while (s && s.kind !== 'subProcess') s = s.parentScopeId === null ? undefined : scopes.get(s.parentScopeId);
    return s ? (map(s.nodeId)?.id ?? `?${s.nodeId}`) : null;
  };
  const check = (nodeId: string, scopeId: string | null, ok: (n: GraphNode) => boolean, what: string) => {
    const n = map(nodeId);
    if (!n) problems.push({ nodeId, message: `节点 ${nodeId} 在新版本中没有对应节点` });
    else if (!ok(n)) problems.push({ nodeId, message: `节点 ${nodeId} 对应的 ${n.id} 不是${what}` });
    else if (n.parent !== levelNode(scopeId)) problems.push({ nodeId, message: `节点 ${nodeId} 对应的 ${n.id} 不在同一个子流程中` });
    return n;
  };
  for (const t of snapshot.tasks) {
    const inMulti = t.scopeId !== null && scopes.get(t.scopeId)?.kind === 'multiInstance';
    check(
      t.nodeId,
      inMulti ? scopes.get(t.scopeId!)!.parentScopeId : t.scopeId,
      (n) => n.type === 'userTask' && !!n.multiInstance === inMulti,
      inMulti ? '多实例用户任务' : '用户任务',
    );
  }
  for (const t of snapshot.tokens) {
    const kind = t.kind === 'join' ? '汇聚网关' : t.kind === 'timer' ? '定时中间事件' : '调用活动';
    const want = (n: GraphNode) =>
      t.kind === 'join'
        ? n.type === from.nodes.get(t.nodeId)?.type && n.incoming.length > 1
        : n.type === (t.kind === 'timer' ? 'timerCatch' : 'callActivity');
    const n = check(t.nodeId, t.scopeId, want, kind);
    if (n && t.kind === 'join' && t.viaFlow && !mapFlow(from, to, mapping, t.viaFlow, n)) {
      problems.push({ nodeId: t.nodeId, message: `汇聚网关 ${t.nodeId} 的进入顺序流 ${t.viaFlow} 在新版本中没有对应` });
    }
  }
  for (const s of snapshot.scopes) {
    const multi = s.kind === 'multiInstance';
    check(
      s.nodeId,
      s.parentScopeId,
      (n) => (multi ? n.type === 'userTask' && !!n.multiInstance : n.type === 'subProcess'),
      multi ? '多实例用户任务' : '子流程',
    );
  }
  return problems;
}

export interface MigrateInput {
  mapping?: NodeMapping;
  actor?: string;
}

export async function migrate(
  from: ProcessGraph,
  to: ProcessGraph,
  snapshot: InstanceSnapshot,
  input: MigrateInput,
  ctx: EngineContext,
): Promise<CommandResult> {
  if (snapshot.instance.status !== 'active') throw new CommandError('CONFLICT', '流程实例已结束');
  const mapping = input.mapping ?? {};
  const problems = checkMigration(from, to, snapshot, mapping);
  if (problems.length) throw new CommandError('INVALID', problems.map((p) => p.message).join('；'));
  const map = mapper(to, mapping);
  const step = new Step(to, snapshot, ctx);
  for (const t of snapshot.tasks) {
    const n = map(t.nodeId)!;
    if (n.id !== t.nodeId || n.name !== t.name) step.updateTask({ ...t, nodeId: n.id, name: n.name });
  }
  for (const t of snapshot.tokens) {
    const n = map(t.nodeId)!;
    const viaFlow = t.kind === 'join' && t.viaFlow ? mapFlow(from, to, mapping, t.viaFlow, n)! : t.viaFlow;
    if (n.id !== t.nodeId || viaFlow !== t.viaFlow) step.updateToken({ ...t, nodeId: n.id, viaFlow });
  }
  for (const s of snapshot.scopes) {
    const n = map(s.nodeId)!;
    if (n.id !== s.nodeId) step.updateScope({ ...s, nodeId: n.id });
  }
  // Timers: keep those whose event maps onto a timer attached to the same (mapped) owner.
  for (const job of snapshot.jobs) {
    const n = map(job.nodeId);
    const ownerNode = job.taskId
      ? step.tasks.get(job.taskId)?.nodeId
      : job.tokenId
        ? step.tokens.get(job.tokenId)?.nodeId
        : step.scopes.get(job.attachedScopeId!)?.nodeId;
    const keep = n && (n.type === 'timerCatch' ? job.tokenId !== null : n.type === 'boundaryTimer' && n.attachedTo === ownerNode);
    if (!keep) step.removeJob(job);
    else if (n.id !== job.nodeId) step.updateJob({ ...job, nodeId: n.id });
  }
  // New boundary timers on positions that did not have them.
  const has = (nodeId: string, owner: (j: (typeof snapshot.jobs)[number]) => boolean) =>
    [...step.jobs.values()].some((j) => j.nodeId === nodeId && owner(j));
  for (const t of [...step.tasks.values()]) {
    const n = to.nodes.get(t.nodeId)!;
    if (t.kind !== 'task' || (n.type === 'userTask' && n.multiInstance)) continue;
    scheduleBoundary(step, { ...n, boundary: n.boundary.filter((b) => !has(b, (j) => j.taskId === t.id)) }, { taskId: t.id }, t.scopeId);
  }
  for (const s of [...step.scopes.values()]) {
    const n = to.nodes.get(s.nodeId)!;
    scheduleBoundary(
      step,
      { ...n, boundary: n.boundary.filter((b) => !has(b, (j) => j.attachedScopeId === s.id)) },
      { attachedScopeId: s.id },
      s.parentScopeId,
    );
  }
  for (const t of [...step.tokens.values()]) {
    if (t.kind !== 'call') continue;
    const n = to.nodes.get(t.nodeId)!;
    scheduleBoundary(step, { ...n, boundary: n.boundary.filter((b) => !has(b, (j) => j.tokenId === t.id)) }, { tokenId: t.id }, t.scopeId);
  }
  if (to.key !== snapshot.instance.processKey) step.setInstance({ ...step.instance, processKey: to.key });
  step.event('migrated', null, null, { actor: input.actor, data: { from: from.key, to: to.key, mapping } });
  return step.finish();
}
