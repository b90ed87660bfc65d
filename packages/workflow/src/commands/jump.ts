// 退回 (return to an earlier node) and 撤回 (recall one's own completed step). Both cancel the
// positions that lie after the target in the target's scope and enter the target again.
// "After" follows the forward edges (loops' back edges left out), so positions in parallel
// branches that do not come from the target stay where they are.
import { cancelScope, cancelTask, cancelToken } from '../engine/cancel.ts';
import { Step } from '../engine/step.ts';
import { CommandError } from '../errors.ts';
import type { ProcessGraph } from '../model/graph.ts';
import type { CommandResult, EngineContext, InstanceSnapshot, ScopeRow, TaskRow, TokenRow } from '../types.ts';
import { execute, openTask } from './execute.ts';

const reachCache = new WeakMap<ProcessGraph, Map<string, Set<string>>>();

/** Nodes reachable from `id` along forward edges (not including `id` unless a node loops to itself). */
export function reachFrom(graph: ProcessGraph, id: string): Set<string> {
  let perGraph = reachCache.get(graph);
  if (!perGraph) {
    perGraph = new Map();
    reachCache.set(graph, perGraph);
  }
  let seen = perGraph.get(id);
  if (seen) return seen;
  seen = new Set();
  const queue = [...(graph.forward.get(id) ?? [])];
  while (queue.length) {
    const n = queue.pop()!;
    if (seen.has(n)) continue;
    seen.add(n);
    queue.push(...(graph.forward.get(n) ?? []));
  }
  perGraph.set(id, seen);
  return seen;
}

const TARGET_TYPES = new Set(['userTask', 'serviceTask', 'callActivity', 'subProcess', 'passThrough']);

/**
 * Why jumping back to `target` cannot restore the positions at `reps`, or null when it can: every
 * rep must come after the target, and a parallel join between them must be fed only from the target
 * (otherwise re-entering the target would leave that join waiting for a branch that already passed).
 */
function jumpProblem(graph: ProcessGraph, target: string, reps: string[]): string | null {
  const after = reachFrom(graph, target);
  for (const rep of reps) if (!after.has(rep)) return '目标节点不在当前节点之前';
  for (const id of after) {
    const j = graph.nodes.get(id)!;
    if (j.type !== 'parallelGateway' || j.incoming.length < 2) continue;
    if (!reps.some((rep) => rep === id || reachFrom(graph, id).has(rep))) continue;
    const fed = j.incoming.every((f) => {
      const source = graph.flows.get(f)!.source;
      return source === target || after.has(source);
    });
    if (!fed) return `不能越过并行汇聚 ${id} 退回到分支内的节点`;
  }
  return null;
}

/** The scope level (row id, null for the process) where `nodeId` runs, found along the task's chain. */
function levelFor(step: Step, task: TaskRow, nodeId: string): { level: string | null; rep: string } | null {
  const parent = step.node(nodeId).parent;
  let level = task.scopeId;
  let rep = task.nodeId;
  for (;;) {
    const row = level === null ? null : step.scopes.get(level)!;
    if ((row === null && parent === null) || (row?.kind === 'subProcess' && row.nodeId === parent)) return { level, rep };
    if (row === null) return null;
    rep = row.nodeId;
    level = row.parentScopeId;
  }
}

interface After {
  tasks: TaskRow[];
  tokens: TokenRow[];
  scopes: ScopeRow[];
  /** The node each position stands for; a join arrival stands for the node it came from. */
  reps: string[];
}

/** The positions at `level` that come after `target` (the target's own included). */
function positionsAfter(step: Step, level: string | null, target: string): After {
  const after = reachFrom(step.graph, target);
  const hit = (nodeId: string) => nodeId === target || after.has(nodeId);
  const out: After = { tasks: [], tokens: [], scopes: [], reps: [] };
  for (const t of step.tasks.values()) {
    if (t.scopeId === level && hit(t.nodeId)) out.tasks.push(t);
  }
  for (const t of step.tokens.values()) {
    if (t.scopeId !== level || !hit(t.nodeId)) continue;
    // A join arrival from a branch the target does not lead to stays: that branch is not redone.
    const source = t.kind === 'join' && t.viaFlow ? step.graph.flows.get(t.viaFlow)!.source : t.nodeId;
    if (!hit(source)) continue;
    out.tokens.push(t);
    out.reps.push(source);
  }
  for (const s of step.scopes.values()) {
    if (s.parentScopeId === level && hit(s.nodeId)) out.scopes.push(s);
  }
  out.reps.push(...out.tasks.map((t) => t.nodeId), ...out.scopes.map((s) => s.nodeId));
  return out;
}

function cancelAll(step: Step, found: After, recallBy?: string): void {
  const reason = recallBy ? 'recall' : 'return';
  for (const t of found.tasks) {
    if (recallBy) cancelTask(step, t, { status: 'recalled', event: 'recall', actor: recallBy, reason });
    else cancelTask(step, t, { reason });
  }
  for (const t of found.tokens) cancelToken(step, t, reason);
  for (const s of found.scopes) cancelScope(step, s, reason);
}

export interface ReturnInput {
  taskId: string;
  targetNodeId: string;
  actor: string;
  opinion?: string;
  /** Node ids the instance has completed (from history); the target must be one of them. */
  passed: Iterable<string>;
  /** Who gets the re-created task (usually whoever handled it before). */
  assignee?: string | null;
}

function checkReturn(step: Step, input: ReturnInput): { task: TaskRow; level: string | null; found: After } {
  const task = openTask(step, input.taskId);
  if (task.kind !== 'task') throw new CommandError('INVALID', '加签任务不能退回');
  if (task.waiting) throw new CommandError('CONFLICT', '任务正在等待加签人处理，暂不能退回');
  const target = step.graph.nodes.get(input.targetNodeId);
  if (!target || !TARGET_TYPES.has(target.type)) throw new CommandError('INVALID', `不能退回到 ${input.targetNodeId}`);
  if (!new Set(input.passed).has(target.id)) throw new CommandError('INVALID', `流程尚未经过 ${target.id}，不能退回`);
  const found = levelFor(step, task, target.id);
  if (!found || found.rep === target.id) throw new CommandError('INVALID', `不能退回到 ${target.id}`);
  const after = positionsAfter(step, found.level, target.id);
  const problem = jumpProblem(step.graph, target.id, [found.rep, ...after.reps]);
  if (problem) throw new CommandError('INVALID', problem);
  return { task, level: found.level, found: after };
}

/** Earlier nodes the task may be returned to (for the 退回 list), given the nodes history says were completed. */
export function returnTargets(graph: ProcessGraph, snapshot: InstanceSnapshot, taskId: string, passed: Iterable<string>): string[] {
  const seen = [...new Set(passed)];
  const step = new Step(graph, snapshot, { now: () => new Date(0), newId: () => '' });
  return seen.filter((nodeId) => {
    try {
      checkReturn(step, { taskId, targetNodeId: nodeId, actor: '', passed: seen });
      return true;
    } catch {
      return false;
    }
  });
}

export function returnTo(graph: ProcessGraph, snapshot: InstanceSnapshot, input: ReturnInput, ctx: EngineContext): Promise<CommandResult> {
  return execute(graph, snapshot, ctx, (step) => {
    const { task, level, found } = checkReturn(step, input);
    cancelTask(step, task, { status: 'returned', event: 'return', actor: input.actor, opinion: input.opinion });
    step.history[step.history.length - 1].data = { target: input.targetNodeId };
    cancelAll(step, found);
    step.reentry = { nodeId: input.targetNodeId, assignee: input.assignee ?? null, cause: 'return' };
    step.queue.push({ nodeId: input.targetNodeId, scopeId: level, flowId: null });
  });
}

export interface RecallInput {
  /** The user task the actor completed. */
  nodeId: string;
  actor: string;
  /** The caller's verdict that the tasks created after that step have not been acted on (claimed, saved, signed). */
  untouched: boolean;
  opinion?: string;
}

export function recall(graph: ProcessGraph, snapshot: InstanceSnapshot, input: RecallInput, ctx: EngineContext): Promise<CommandResult> {
  return execute(graph, snapshot, ctx, (step) => {
    if (!input.untouched) throw new CommandError('CONFLICT', '下一步已经开始办理，不能撤回');
    const node = step.graph.nodes.get(input.nodeId);
    if (node?.type !== 'userTask') throw new CommandError('INVALID', `不能撤回 ${input.nodeId}`);
    const levels =
      node.parent === null
        ? [null]
        : [...step.scopes.values()].filter((s) => s.kind === 'subProcess' && s.nodeId === node.parent).map((s) => s.id);
    if (levels.length !== 1) throw new CommandError('CONFLICT', '该步骤所在的子流程已结束，不能撤回');
    const level = levels[0];
    const busy = (id: string) => id === node.id;
    if (
      [...step.tasks.values(), ...step.tokens.values()].some((r) => r.scopeId === level && busy(r.nodeId)) ||
      [...step.scopes.values()].some((s) => s.parentScopeId === level && busy(s.nodeId))
    ) {
      throw new CommandError('CONFLICT', '该步骤仍在办理中，不能撤回');
    }
    const found = positionsAfter(step, level, node.id);
    if (found.reps.length === 0) throw new CommandError('CONFLICT', '没有可撤回的后续步骤');
    const problem = jumpProblem(step.graph, node.id, found.reps);
    if (problem) throw new CommandError('CONFLICT', problem.replace('退回', '撤回'));
    cancelAll(step, found, input.actor);
    step.reentry = { nodeId: node.id, assignee: input.actor, cause: 'recall' };
    step.queue.push({ nodeId: node.id, scopeId: level, flowId: null });
  });
}
