// Random processes driven by random commands; after every step the invariants below must hold.
// The in-memory runtime already checks that each step's changes reproduce its snapshot.
import fc from 'fast-check';
import { it } from 'vitest';
import { returnTargets } from '../commands/jump.ts';
import { CommandError } from '../errors.ts';
import { compileDefinitions } from '../model/compile.ts';
import type { ProcessGraph } from '../model/graph.ts';
import { MemoryRuntime } from '../testing/runtime.ts';
import { ModelBuilder, type Rand, seeded, VARIABLES } from './random-model.ts';

const STEPS = 40;

const checked = new WeakMap<MemoryRuntime, number>();

/** A plain assertion: thousands run per walk, so no matcher machinery. */
function check(ok: boolean, message: string): void {
  if (!ok) throw new Error(`invariant broken: ${message}`);
}

function checkInvariants(rt: MemoryRuntime, repeatable: Set<string>): void {
  for (const [id, s] of rt.instances) {
    const graph = rt.graphs.get(s.instance.processKey)!;
    const live = (scopeId: string | null) => scopeId === null || s.scopes.has(scopeId);
    if (s.instance.status !== 'active') {
      check(s.tasks.size + s.tokens.size + s.scopes.size + s.jobs.size === 0, `ended ${id} keeps rows`);
    }
    for (const t of s.tasks.values()) check(live(t.scopeId), `orphan task ${t.id}`);
    for (const t of s.tokens.values()) check(live(t.scopeId), `orphan token ${t.id}`);
    for (const x of s.scopes.values()) check(live(x.parentScopeId), `orphan scope ${x.id}`);
    for (const j of s.jobs.values()) {
      check(live(j.scopeId), `orphan job ${j.id}`);
      const owner = j.taskId ? s.tasks.has(j.taskId) : j.tokenId ? s.tokens.has(j.tokenId) : s.scopes.has(j.attachedScopeId!);
      check(owner, `job ${j.id} without owner`);
    }
    // One position per node and scope, except reminders and multi-instance bodies' tasks; a join
    // arrival per flow. Two positions at one node would mean a join or a path ran twice.
    const keys = new Set<string>();
    const once = (key: string) => {
      check(!keys.has(key), `duplicate position ${key}`);
      keys.add(key);
    };
    for (const t of s.tasks.values()) {
      if (t.kind === 'task' && !repeatable.has(t.nodeId)) once(`${t.nodeId}|${t.scopeId}|${t.loopCounter}`);
    }
    for (const t of s.tokens.values()) once(`${t.nodeId}|${t.scopeId}|${t.viaFlow}`);
    for (const x of s.scopes.values()) once(`${x.nodeId}|${x.parentScopeId}`);
    // No join is left waiting that should have fired.
    for (const t of s.tokens.values()) {
      if (t.kind !== 'join') continue;
      const node = graph.nodes.get(t.nodeId)!;
      const arrived = new Set([...s.tokens.values()].filter((x) => x.nodeId === t.nodeId && x.scopeId === t.scopeId).map((x) => x.viaFlow));
      if (node.type === 'parallelGateway') check(!node.incoming.every((f) => arrived.has(f)), `parallel join ${t.nodeId} missed`);
      if (node.type === 'inclusiveGateway')
        check(inclusiveBlocked(graph, s, t.nodeId, t.scopeId, arrived), `inclusive join ${t.nodeId} missed`);
    }
  }
  // History: starts with the instance's start, nothing after its end, times never go back.
  const byInstance = new Map<string, typeof rt.history>();
  for (const e of rt.history) byInstance.set(e.instanceId, [...(byInstance.get(e.instanceId) ?? []), e]);
  for (const [id, events] of byInstance) {
    check(events[0].type === 'start' && events[0].nodeId === null, `${id} does not begin with its start`);
    const end = events.findIndex((e) => e.nodeId === null && (e.type === 'end' || e.type === 'terminate'));
    check(end < 0 || end === events.length - 1, `events after the end of ${id}`);
    for (let i = 1; i < events.length; i++) check(events[i].at >= events[i - 1].at, `history of ${id} goes back in time`);
  }
  // Every task stored or closed has its history in the same step (steps not yet checked).
  for (const { result } of rt.results.slice(checked.get(rt) ?? 0)) {
    const ids = (type: string) => new Set(result.changes.history.filter((e) => e.type === type).map((e) => e.taskId));
    const created = ids('create');
    for (const t of result.changes.tasks?.inserted ?? []) check(created.has(t.id), `task ${t.id} without create event`);
    const completed = ids('complete');
    for (const c of result.changes.tasks?.closed ?? [])
      if (c.status === 'completed') check(completed.has(c.id), `task ${c.id} without complete event`);
  }
}

/** The BPMN rule, written again independently of the engine. */
function inclusiveBlocked(
  graph: ProcessGraph,
  s: MemoryRuntime['instances'] extends Map<string, infer V> ? V : never,
  gw: string,
  scopeId: string | null,
  arrived: Set<string | null>,
): boolean {
  const up = graph.inclusiveUpstream.get(gw)!;
  const nodes = [
    ...[...s.tasks.values()].filter((t) => t.scopeId === scopeId).map((t) => t.nodeId),
    ...[...s.tokens.values()].filter((t) => t.scopeId === scopeId && t.nodeId !== gw).map((t) => t.nodeId),
    ...[...s.scopes.values()].filter((x) => x.parentScopeId === scopeId).map((x) => x.nodeId),
  ];
  return nodes.some(
    (n) => [...up].some(([f, set]) => !arrived.has(f) && set.has(n)) && ![...up].some(([f, set]) => arrived.has(f) && set.has(n)),
  );
}

async function walk(seed: number): Promise<void> {
  const rnd: Rand = seeded(seed);
  const pick = <T>(items: T[]): T => items[Math.floor(rnd() * items.length)];
  const builder = new ModelBuilder(rnd);
  const xml = builder.build();
  const { processes } = await compileDefinitions(xml);
  const flips = () => Object.fromEntries(VARIABLES.filter(() => rnd() < 0.3).map((v) => [v, rnd() < 0.5]));
  const rt = new MemoryRuntime(processes.values(), { services: { flip: () => flips() } });
  const root = await rt.start('p', { variables: Object.fromEntries(VARIABLES.map((v) => [v, rnd() < 0.5])) });
  checkInvariants(rt, builder.repeatable);
  const tolerated = async (run: () => Promise<void>) => {
    try {
      await run();
    } catch (e) {
      if (!(e instanceof CommandError) || e.code === 'FAILED') throw e;
    }
  };
  for (let i = 0; i < STEPS && rt.stored(root).instance.status === 'active'; i++) {
    const tasks = rt.openTasks().filter((t) => !t.waiting);
    const jobs = rt.jobs();
    const roll = rnd();
    if (roll < 0.5 && tasks.length) {
      await rt.complete(pick(tasks).id, { variables: flips() });
    } else if (roll < 0.65 && jobs.length) {
      const job = pick(jobs);
      if (job.dueAt > rt.now.toISOString()) rt.now = new Date(job.dueAt);
      await rt.fire(job.id);
    } else if (roll < 0.77 && tasks.length) {
      const t = pick(tasks.filter((x) => x.kind === 'task').concat(tasks.slice(0, 1)));
      const targets =
        t.kind === 'task' ? returnTargets(rt.graphOf(t.instanceId), rt.snapshot(t.instanceId), t.id, rt.passed(t.instanceId)) : [];
      if (targets.length) await rt.returnTo(t.id, pick(targets));
    } else if (roll < 0.85) {
      const active = [...rt.instances.entries()].filter(([, s]) => s.instance.status === 'active');
      const [id] = pick(active);
      // Mostly the step completed last (the usual recall), sometimes any passed step.
      const done = rt.history.filter((e) => e.instanceId === id && e.type === 'complete').map((e) => e.nodeId!);
      const node = rnd() < 0.7 ? done.at(-1) : pick(done);
      if (node && rt.graphOf(id).nodes.get(node)?.type === 'userTask') await tolerated(() => rt.recall(id, node, 'u0'));
    } else if (roll < 0.93 && tasks.length) {
      await tolerated(() => rt.addSign(pick(tasks).id, rnd() < 0.5 ? 'before' : 'after', [`s${i}`]));
    } else if (roll < 0.94) {
      await rt.terminate(root);
    } else if (tasks.length) {
      await rt.complete(pick(tasks).id);
    }
    checkInvariants(rt, builder.repeatable);
  }
}

it('random processes under random commands keep every invariant', async () => {
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => walk(seed)),
    { numRuns: 100, seed: 20260102 },
  );
}, 60_000);
