// The working state of one command: the instance's rows in maps, every change recorded as it is
// made, so the result carries both the new snapshot and the minimal changes to store.
import { type Lookup, MISSING } from '../expr/index.ts';
import type { GraphNode, ProcessGraph } from '../model/graph.ts';
import type {
  Changes,
  ChildStart,
  ClosedTask,
  CommandResult,
  EngineContext,
  HistoryEvent,
  HistoryType,
  InstanceRow,
  InstanceSnapshot,
  JobRow,
  ScopeRow,
  TaskCloseStatus,
  TaskRow,
  TokenRow,
  Vars,
} from '../types.ts';
import { Recorder } from './recorder.ts';

/** Equal as stored (JSON): primitives by value, objects and arrays by their JSON text. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

export interface Arrival {
  nodeId: string;
  scopeId: string | null;
  flowId: string | null;
}

/** A user task re-entered by a return or recall gets this assignee. */
export interface Reentry {
  nodeId: string;
  assignee: string | null;
  cause: 'return' | 'recall';
}

export class Step {
  readonly nowDate: Date;
  readonly at: string;
  instance: InstanceRow;
  vars: Vars;
  readonly tasks: Map<string, TaskRow>;
  readonly tokens: Map<string, TokenRow>;
  readonly scopes: Map<string, ScopeRow>;
  readonly jobs: Map<string, JobRow>;

  readonly queue: Arrival[] = [];
  /** Scopes something left; checked for completion when the queue is empty. */
  readonly dirty = new Set<string | null>();
  reentry: Reentry | null = null;

  private instanceChanged = false;
  private varsCopied = false;
  private varsPatch: Vars | null = null;
  private readonly rec = {
    tasks: new Recorder<TaskRow>(),
    tokens: new Recorder<TokenRow>(),
    scopes: new Recorder<ScopeRow>(),
    jobs: new Recorder<JobRow>(),
  };
  private readonly closed: ClosedTask[] = [];
  readonly history: HistoryEvent[] = [];
  readonly childStarts: ChildStart[] = [];
  readonly childTerminations: string[] = [];

  constructor(
    readonly graph: ProcessGraph,
    snapshot: InstanceSnapshot,
    readonly ctx: EngineContext,
    inserted = false,
  ) {
    this.nowDate = ctx.now();
    this.at = this.nowDate.toISOString();
    this.instance = snapshot.instance;
    this.vars = snapshot.variables;
    this.tasks = new Map(snapshot.tasks.map((r) => [r.id, r]));
    this.tokens = new Map(snapshot.tokens.map((r) => [r.id, r]));
    this.scopes = new Map(snapshot.scopes.map((r) => [r.id, r]));
    this.jobs = new Map(snapshot.jobs.map((r) => [r.id, r]));
    this.instanceChanged = inserted;
  }

  node(id: string): GraphNode {
    const n = this.graph.nodes.get(id);
    if (!n) throw new Error(`node ${id} is not in process ${this.graph.key}`);
    return n;
  }

  newId(): string {
    return this.ctx.newId();
  }

  isLive(scopeId: string | null): boolean {
    return this.instance.status === 'active' && (scopeId === null || this.scopes.has(scopeId));
  }

  setInstance(row: InstanceRow): void {
    this.instance = row;
    this.instanceChanged = true;
  }

  event(
    type: HistoryType,
    nodeId: string | null,
    scopeId: string | null,
    extra?: Omit<HistoryEvent, 'type' | 'nodeId' | 'scopeId' | 'at'>,
  ): void {
    const e: HistoryEvent = { type, nodeId, scopeId, at: this.at };
    if (extra) for (const [k, v] of Object.entries(extra)) if (v !== undefined && v !== null) (e as unknown as Vars)[k] = v;
    this.history.push(e);
  }

  // Variables: a name already defined in an enclosing scope is written there, otherwise on the instance.
  lookup(scopeId: string | null, local?: Vars | null): Lookup {
    return (name) => {
      if (local && Object.hasOwn(local, name)) return local[name];
      for (let s = scopeId; s !== null; ) {
        const row = this.scopes.get(s);
        if (!row) break;
        if (Object.hasOwn(row.vars, name)) return row.vars[name];
        s = row.parentScopeId;
      }
      return Object.hasOwn(this.vars, name) ? this.vars[name] : MISSING;
    };
  }

  /** All variables visible from a scope, inner ones winning: for handlers and hooks. */
  flatVars(scopeId: string | null, local?: Vars | null): Vars {
    const chain: Vars[] = [];
    for (let s = scopeId; s !== null; ) {
      const row = this.scopes.get(s);
      if (!row) break;
      chain.unshift(row.vars);
      s = row.parentScopeId;
    }
    return Object.assign({}, this.vars, ...chain, local ?? {});
  }

  setVariables(values: Vars, scopeId: string | null): void {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) continue;
      let owner: ScopeRow | undefined;
      for (let s = scopeId; s !== null && !owner; ) {
        const row = this.scopes.get(s);
        if (!row) break;
        if (Object.hasOwn(row.vars, name)) owner = row;
        s = row.parentScopeId;
      }
      if (owner) this.updateScope({ ...owner, vars: { ...owner.vars, [name]: value } });
      else this.setInstanceVar(name, value);
    }
  }

  private setInstanceVar(name: string, value: unknown): void {
    // A value the instance already holds changes nothing to store (every approval sets `pass`).
    if (Object.hasOwn(this.vars, name) && sameValue(this.vars[name], value)) return;
    if (!this.varsCopied) {
      this.vars = { ...this.vars };
      this.varsCopied = true;
    }
    this.vars[name] = value;
    this.varsPatch ??= {};
    this.varsPatch[name] = value;
  }

  addTask(row: TaskRow): void {
    this.tasks.set(row.id, row);
    this.rec.tasks.insert(row);
  }
  updateTask(row: TaskRow): void {
    this.tasks.set(row.id, row);
    this.rec.tasks.update(row);
  }
  closeTask(row: TaskRow, status: TaskCloseStatus, actor: string | null): void {
    this.tasks.delete(row.id);
    if (this.rec.tasks.delete(row.id)) this.closed.push({ id: row.id, status, at: this.at, actor });
    this.rec.tasks.deleted.delete(row.id);
    this.dirty.add(row.scopeId);
  }
  addToken(row: TokenRow): void {
    this.tokens.set(row.id, row);
    this.rec.tokens.insert(row);
  }
  updateToken(row: TokenRow): void {
    this.tokens.set(row.id, row);
    this.rec.tokens.update(row);
  }
  removeToken(row: TokenRow): void {
    this.tokens.delete(row.id);
    this.rec.tokens.delete(row.id);
    this.dirty.add(row.scopeId);
  }
  addScope(row: ScopeRow): void {
    this.scopes.set(row.id, row);
    this.rec.scopes.insert(row);
  }
  updateScope(row: ScopeRow): void {
    this.scopes.set(row.id, row);
    this.rec.scopes.update(row);
  }
  removeScope(row: ScopeRow): void {
    this.scopes.delete(row.id);
    this.rec.scopes.delete(row.id);
    this.dirty.add(row.parentScopeId);
  }
  addJob(row: JobRow): void {
    this.jobs.set(row.id, row);
    this.rec.jobs.insert(row);
  }
  updateJob(row: JobRow): void {
    this.jobs.set(row.id, row);
    this.rec.jobs.update(row);
  }
  removeJob(row: JobRow): void {
    this.jobs.delete(row.id);
    this.rec.jobs.delete(row.id);
  }

  snapshot(): InstanceSnapshot {
    return {
      instance: this.instance,
      variables: this.vars,
      tasks: [...this.tasks.values()],
      tokens: [...this.tokens.values()],
      scopes: [...this.scopes.values()],
      jobs: [...this.jobs.values()],
    };
  }

  finish(): CommandResult {
    const changes: Changes = { history: this.history };
    if (this.instanceChanged) changes.instance = this.instance;
    if (this.varsPatch) changes.variables = this.varsPatch;
    const tasks = this.rec.tasks.changes();
    if (tasks || this.closed.length) {
      changes.tasks = {};
      if (tasks?.inserted) changes.tasks.inserted = tasks.inserted;
      if (tasks?.updated) changes.tasks.updated = tasks.updated;
      if (this.closed.length) changes.tasks.closed = this.closed;
    }
    const tokens = this.rec.tokens.changes();
    if (tokens) changes.tokens = tokens;
    const scopes = this.rec.scopes.changes();
    if (scopes) changes.scopes = scopes;
    const jobs = this.rec.jobs.changes();
    if (jobs) changes.jobs = jobs;
    if (this.childStarts.length || this.childTerminations.length) {
      changes.children = {};
      if (this.childStarts.length) changes.children.start = this.childStarts;
      if (this.childTerminations.length) changes.children.terminate = this.childTerminations;
    }
    return { snapshot: this.snapshot(), changes };
  }
}
