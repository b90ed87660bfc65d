// Plays the server's part in memory: keeps every instance's rows, applies each command's changes
// and checks them against the returned snapshot, starts and ends child instances, keeps history,
// and drives a clock. Tests use it to run processes end to end.
import { addSign, completeTask } from '../commands/complete.ts';
import { recall, returnTo } from '../commands/jump.ts';
import { migrate } from '../commands/migrate.ts';
import { childCompleted, fireTimer, terminate } from '../commands/misc.ts';
import { type StartInput, start } from '../commands/start.ts';
import type { ProcessGraph } from '../model/graph.ts';
import type {
  AssignHook,
  CommandResult,
  EngineContext,
  HistoryEvent,
  JobRow,
  ServiceHandler,
  TaskRow,
  Vars,
  WorkingCalendar,
} from '../types.ts';
import { weekdayCalendar } from './calendar.ts';
import { applyChanges, compareWithSnapshot, emptyStored, type StoredInstance, toSnapshot } from './store.ts';

export interface RuntimeOptions {
  services?: Record<string, ServiceHandler>;
  assign?: AssignHook;
  calendar?: WorkingCalendar;
  /** The clock's start (default Friday 2026-01-02 09:00 UTC). */
  now?: Date;
}

export type StoredEvent = HistoryEvent & { instanceId: string; seq: number };

export class MemoryRuntime {
  readonly graphs = new Map<string, ProcessGraph>();
  readonly instances = new Map<string, StoredInstance>();
  readonly history: StoredEvent[] = [];
  /** Every command's result, in order, for invariant checks. */
  readonly results: { instanceId: string; result: CommandResult }[] = [];
  now: Date;
  private seq = 0;
  private ids = 0;
  readonly ctx: EngineContext;

  constructor(graphs: Iterable<ProcessGraph>, options: RuntimeOptions = {}) {
    for (const g of graphs) this.graphs.set(g.key, g);
    this.now = options.now ?? new Date('2026-01-02T09:00:00.000Z');
    this.ctx = {
      now: () => this.now,
      newId: () => `id${String(++this.ids).padStart(5, '0')}`,
      calendar: options.calendar ?? weekdayCalendar(),
      services: options.services,
      assign: options.assign,
    };
  }

  graphOf(instanceId: string): ProcessGraph {
    const key = this.stored(instanceId).instance.processKey;
    const g = this.graphs.get(key);
    if (!g) throw new Error(`no graph ${key}`);
    return g;
  }

  stored(instanceId: string): StoredInstance {
    const s = this.instances.get(instanceId);
    if (!s) throw new Error(`no instance ${instanceId}`);
    return s;
  }

  snapshot(instanceId: string) {
    return toSnapshot(this.stored(instanceId));
  }

  advance(ms: number): void {
    this.now = new Date(this.now.getTime() + ms);
  }

  async start(key: string, input: StartInput = {}): Promise<string> {
    const graph = this.graphs.get(key);
    if (!graph) throw new Error(`调用的流程不存在: ${key}`);
    const result = await start(graph, input, this.ctx);
    const id = result.snapshot.instance.id;
    this.instances.set(id, emptyStored(result.snapshot.instance));
    await this.apply(id, result);
    return id;
  }

  openTasks(instanceId?: string): (TaskRow & { instanceId: string })[] {
    const out: (TaskRow & { instanceId: string })[] = [];
    for (const [id, s] of this.instances) {
      if (instanceId && id !== instanceId) continue;
      for (const t of s.tasks.values()) out.push({ ...t, instanceId: id });
    }
    return out;
  }

  /** The single open task at a node (throws when there is none or several). */
  task(nodeId: string, instanceId?: string): TaskRow & { instanceId: string } {
    const found = this.openTasks(instanceId).filter((t) => t.nodeId === nodeId);
    if (found.length !== 1) throw new Error(`expected one open task at ${nodeId}, found ${found.length}`);
    return found[0];
  }

  jobs(instanceId?: string): (JobRow & { instanceId: string })[] {
    const out: (JobRow & { instanceId: string })[] = [];
    for (const [id, s] of this.instances) {
      if (!instanceId || id === instanceId) for (const j of s.jobs.values()) out.push({ ...j, instanceId: id });
    }
    return out;
  }

  instanceOfTask(taskId: string): string {
    for (const [id, s] of this.instances) if (s.tasks.has(taskId)) return id;
    throw new Error(`no open task ${taskId}`);
  }

  /** Node ids the instance has passed, as the server reads them from history. */
  passed(instanceId: string): string[] {
    return this.history
      .filter((e) => e.instanceId === instanceId && e.nodeId && ['complete', 'pass', 'end'].includes(e.type))
      .map((e) => e.nodeId!);
  }

  async complete(taskId: string, input: { actor?: string; variables?: Vars; outcome?: string; opinion?: string } = {}): Promise<void> {
    const id = this.instanceOfTask(taskId);
    const task = this.stored(id).tasks.get(taskId)!;
    const actor = input.actor ?? task.assignee ?? 'someone';
    await this.apply(id, await completeTask(this.graphOf(id), this.snapshot(id), { ...input, taskId, actor }, this.ctx));
  }

  async fire(jobId: string): Promise<void> {
    const id = this.jobs().find((j) => j.id === jobId)?.instanceId;
    if (!id) throw new Error(`no job ${jobId}`);
    await this.apply(id, await fireTimer(this.graphOf(id), this.snapshot(id), { jobId }, this.ctx));
  }

  /** Fires every job due by now, earliest first, as the server's poller does. */
  async fireDue(): Promise<number> {
    let fired = 0;
    for (;;) {
      const due = this.jobs()
        .filter((j) => j.dueAt <= this.now.toISOString())
        .sort((a, b) => a.dueAt.localeCompare(b.dueAt));
      if (!due.length) return fired;
      await this.fire(due[0].id);
      fired++;
    }
  }

  async returnTo(taskId: string, targetNodeId: string, input: { actor?: string; opinion?: string; assignee?: string } = {}): Promise<void> {
    const id = this.instanceOfTask(taskId);
    const actor = input.actor ?? this.stored(id).tasks.get(taskId)!.assignee ?? 'someone';
    const cmd = { ...input, taskId, targetNodeId, actor, passed: this.passed(id) };
    await this.apply(id, await returnTo(this.graphOf(id), this.snapshot(id), cmd, this.ctx));
  }

  async recall(instanceId: string, nodeId: string, actor: string, untouched = true): Promise<void> {
    await this.apply(instanceId, await recall(this.graphOf(instanceId), this.snapshot(instanceId), { nodeId, actor, untouched }, this.ctx));
  }

  async addSign(taskId: string, position: 'before' | 'after', users: string[], actor = 'someone'): Promise<void> {
    const id = this.instanceOfTask(taskId);
    await this.apply(id, await addSign(this.graphOf(id), this.snapshot(id), { taskId, position, users, actor }, this.ctx));
  }

  async terminate(instanceId: string, reason?: string): Promise<void> {
    await this.apply(instanceId, await terminate(this.graphOf(instanceId), this.snapshot(instanceId), { reason }, this.ctx));
  }

  async migrate(instanceId: string, to: ProcessGraph, mapping: Record<string, string> = {}): Promise<void> {
    const from = this.graphOf(instanceId);
    const result = await migrate(from, to, this.snapshot(instanceId), { mapping }, this.ctx);
    this.graphs.set(to.key, to);
    await this.apply(instanceId, result);
  }

  private async apply(instanceId: string, result: CommandResult): Promise<void> {
    const stored = this.stored(instanceId);
    applyChanges(stored, result.changes);
    const diff = compareWithSnapshot(stored, result.snapshot);
    if (diff) throw new Error(`changes do not reproduce the snapshot: ${diff}`);
    this.results.push({ instanceId, result });
    for (const e of result.changes.history) this.history.push({ ...e, instanceId, seq: ++this.seq });
    for (const child of result.changes.children?.start ?? []) {
      await this.start(child.processKey, {
        variables: child.variables,
        businessKey: child.businessKey,
        parent: { instanceId, tokenId: child.tokenId },
      });
    }
    for (const tokenId of result.changes.children?.terminate ?? []) {
      const child = [...this.instances.entries()].find(([, s]) => s.instance.parentTokenId === tokenId && s.instance.status === 'active');
      if (child) await this.terminate(child[0], 'parent');
    }
    const inst = stored.instance;
    if (result.changes.instance?.status === 'completed' && inst.parentInstanceId && inst.parentTokenId) {
      const parent = this.stored(inst.parentInstanceId);
      if (parent.instance.status === 'active' && parent.tokens.has(inst.parentTokenId)) {
        const cmd = { tokenId: inst.parentTokenId, variables: stored.variables };
        await this.apply(
          inst.parentInstanceId,
          await childCompleted(this.graphOf(inst.parentInstanceId), toSnapshot(parent), cmd, this.ctx),
        );
      }
    }
  }
}
