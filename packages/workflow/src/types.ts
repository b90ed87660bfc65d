// Rows, snapshot, changes and the context the engine needs. Everything here is plain data so the
// server can keep it in tables and send a step's changes to the database in one statement.

export type Vars = Record<string, unknown>;

/** Who may act on a task. `role` is BPMN's candidate group; `relativeRole` comes from the product's own assignment. */
export interface Candidate {
  kind: 'user' | 'role' | 'dept' | 'relativeRole';
  value: string;
}

export type InstanceStatus = 'active' | 'completed' | 'terminated';

export interface InstanceRow {
  id: string;
  processKey: string;
  status: InstanceStatus;
  businessKey: string | null;
  startedBy: string | null;
  startedAt: string;
  endedAt: string | null;
  /** Set on an instance started by a call activity: the parent and the parent's waiting call token. */
  parentInstanceId: string | null;
  parentTokenId: string | null;
}

/**
 * An open work item. `kind` is `task` for a BPMN user task (one per instance of a multi-instance task)
 * and `signBefore` / `signAfter` for a task added by 加签 to another task (`parentTaskId`).
 */
export interface TaskRow {
  id: string;
  nodeId: string;
  scopeId: string | null;
  name: string | null;
  assignee: string | null;
  candidates: Candidate[];
  formKey: string | null;
  dueAt: string | null;
  createdAt: string;
  /** Index of this instance inside a multi-instance task, otherwise null. */
  loopCounter: number | null;
  /** Variables local to this task (a multi-instance task's element variable and loopCounter). */
  localVars: Vars | null;
  kind: 'task' | 'signBefore' | 'signAfter';
  parentTaskId: string | null;
  /** True while tasks added before this one (加签 before) are open: it cannot be completed yet. */
  waiting: boolean;
  /** Users who get a task after this one completes (加签 after), before the flow continues. */
  signAfter: string[];
}

/** A position that is not a task: an arrival waiting at a join, a timer catch, a call activity waiting for its child. */
export interface TokenRow {
  id: string;
  nodeId: string;
  scopeId: string | null;
  kind: 'join' | 'timer' | 'call';
  /** The flow a join arrival came by. */
  viaFlow: string | null;
  createdAt: string;
}

/** A running embedded sub-process, or the body of a multi-instance task (its counters live in `vars`). */
export interface ScopeRow {
  id: string;
  nodeId: string;
  parentScopeId: string | null;
  kind: 'subProcess' | 'multiInstance';
  vars: Vars;
  /** A sequential multi-instance task's items, read once when the body starts. */
  items: unknown[] | null;
  createdAt: string;
}

/**
 * A scheduled timer. Exactly one of taskId / tokenId / attachedScopeId names what it belongs to: the
 * task or scope a boundary timer is attached to, or the token of an intermediate timer catch.
 */
export interface JobRow {
  id: string;
  kind: 'timer';
  /** The timer event (boundary or intermediate catch). */
  nodeId: string;
  /** The scope the timer's outgoing flow continues in. */
  scopeId: string | null;
  dueAt: string;
  interrupting: boolean;
  taskId: string | null;
  tokenId: string | null;
  attachedScopeId: string | null;
  /** How many times a repeating timer has fired before this job. */
  round: number;
}

/** One instance's live rows: what the server loads (or keeps) before a command. */
export interface InstanceSnapshot {
  instance: InstanceRow;
  variables: Vars;
  tasks: TaskRow[];
  tokens: TokenRow[];
  scopes: ScopeRow[];
  jobs: JobRow[];
}

export type HistoryType =
  | 'start'
  | 'create'
  | 'complete'
  | 'return'
  | 'recall'
  | 'cancel'
  | 'pass'
  | 'fork'
  | 'join'
  | 'timer'
  | 'end'
  | 'terminate'
  | 'migrated';

/** An audit row. A null nodeId means the process instance itself (its start, end, termination, migration). */
export interface HistoryEvent {
  type: HistoryType;
  nodeId: string | null;
  scopeId: string | null;
  at: string;
  taskId?: string;
  /** The flow the token arrived by, for colouring taken flows in the diagram. */
  flowId?: string;
  actor?: string;
  opinion?: string;
  outcome?: string;
  data?: Vars;
}

export type TaskCloseStatus = 'completed' | 'cancelled' | 'returned' | 'recalled';

export interface ClosedTask {
  id: string;
  status: TaskCloseStatus;
  at: string;
  actor: string | null;
}

export interface RowChanges<T> {
  inserted?: T[];
  updated?: T[];
  deleted?: string[];
}

/** A call activity asks the caller to start a child instance and link it to `tokenId`. */
export interface ChildStart {
  tokenId: string;
  processKey: string;
  businessKey: string | null;
  variables: Vars;
}

/**
 * Everything one command changed, and nothing else. Parts that did not change are absent, so the
 * server's write statement only carries what it needs.
 */
export interface Changes {
  /** The instance row when it was created or its status changed. */
  instance?: InstanceRow;
  /** Instance-level variables set by this step (merge into the stored object). */
  variables?: Vars;
  tasks?: { inserted?: TaskRow[]; updated?: TaskRow[]; closed?: ClosedTask[] };
  tokens?: RowChanges<TokenRow>;
  scopes?: RowChanges<ScopeRow>;
  jobs?: RowChanges<JobRow>;
  history: HistoryEvent[];
  /** Child instances to start (call activities) and call tokens whose child instances must be terminated. */
  children?: { start?: ChildStart[]; terminate?: string[] };
}

export interface CommandResult {
  snapshot: InstanceSnapshot;
  changes: Changes;
}

/** The product's holiday calendar. Both methods work on instants; the product decides the time of day. */
export interface WorkingCalendar {
  addWorkingDays(from: Date, days: number): Date;
  isWorkingDay(day: Date): boolean;
}

export interface ServiceCall {
  instanceId: string;
  nodeId: string;
  /** The registered name the task refers to (class, delegate expression, type, or civ:service). */
  handler: string;
  variables: Readonly<Vars>;
  /** Field injections written in the model (`flowable:field` / `camunda:field`), as strings. */
  fields: Readonly<Record<string, string>>;
}

/**
 * Returns (or resolves to) a plain object of variables to set, or nothing; with a `resultVariable`
 * on the task, whatever it returns is stored under that name. Runs inside the caller's
 * transaction: keep it short.
 */
export type ServiceHandler = (call: ServiceCall) => unknown;

export interface AssignRequest {
  instanceId: string;
  nodeId: string;
  /** The task as the model's attributes would create it. */
  task: Readonly<TaskRow>;
  variables: Readonly<Vars>;
  /** Why the task is created: normal arrival, a return to it, a recall, or a restart of a step. */
  cause: 'enter' | 'return' | 'recall';
}

export interface AssignResult {
  assignee?: string | null;
  candidates?: Candidate[];
}

export type AssignHook = (request: AssignRequest) => AssignResult | undefined | Promise<AssignResult | undefined>;

/** What a command needs from its surroundings. */
export interface EngineContext {
  now(): Date;
  newId(): string;
  calendar?: WorkingCalendar;
  services?: Readonly<Record<string, ServiceHandler>>;
  assign?: AssignHook;
}
