import type { Db, Queryable } from '@civdesk/db';
import {
  CommandError,
  type CommandResult,
  childCompleted,
  type EngineContext,
  type ProcessGraph,
  type ServiceHandler,
  start,
  terminate,
  type Vars,
} from '@civdesk/workflow';
import { HttpError, notFound } from '../../core/envelope.ts';
import { newId } from '../../crud/ids.ts';
import { workingCalendar } from '../calendar/calendar.service.ts';
import { graphOf, latestDefinition, lockDefinition } from './definitions.ts';
import { type AssignmentResolver, defaultResolver, engineCalendar, type GraphHook } from './engine-context.ts';
import { type InstanceMeta, type Loaded, lockInstance, readInstance, readTask, type TaskState } from './instance-load.ts';
import { noticeRows } from './notices.ts';
import { type CloseNote, type WriteExtras, writeChanges } from './step-write.ts';

// The runtime: every command is one transaction that locks its instance row, runs the interpreter
// on the instance's live rows and writes back what changed (child instances included). A task
// completion sends three statements: lock, read (the instance's rows and the task), write; a start
// two: lock the definition, write.

export const conflict = (msg: string) => new HttpError(409, msg);

const STATUS: Record<CommandError['code'], number> = { NOT_FOUND: 404, CONFLICT: 409, INVALID: 400, FAILED: 400 };

/** A CommandError as the HTTP answer it stands for; anything else unchanged. */
export function asHttp(e: unknown): unknown {
  return e instanceof CommandError ? new HttpError(STATUS[e.code], e.message) : e;
}

/** What a command body gets: the locked instance, its graph and the interpreter's context. */
export type Held = {
  q: Queryable;
  loaded: Loaded;
  graph: ProcessGraph;
  engine: EngineContext;
  /** Writes a step's result (and runs what it asks for: child instances, the parent's continuation). */
  apply(result: CommandResult, notes?: Record<string, CloseNote>): Promise<void>;
};

export type StartInfo = {
  tenantId: string;
  definitionId: string;
  starter: string;
  starterName: string;
  starterDept: string | null;
  businessTable?: string | null;
  businessKey?: string | null;
  variables?: Vars;
};

export class WorkflowRuntime {
  /** The time every command and the timer poller read; tests move it instead of sleeping. */
  clock: () => Date = () => new Date();
  /** Resolvers asked in order; the first answer wins. Service matters put theirs in front. */
  readonly resolvers: AssignmentResolver[] = [defaultResolver];
  /** Service-task handlers by name. */
  readonly services: Record<string, ServiceHandler> = {};
  /** Asked in order for the graph a command runs on (service matters' configured gateway conditions). */
  readonly graphHooks: GraphHook[] = [];

  constructor(
    readonly db: Db,
    readonly tz: string,
  ) {}

  async engineContext(
    q: Queryable,
    tenantId: string,
    meta: Pick<InstanceMeta, 'startUser' | 'startDept'> & { definitionId?: string },
  ): Promise<EngineContext> {
    const now = this.clock();
    const calendar = engineCalendar(await workingCalendar(q), this.tz);
    return {
      now: () => now,
      newId,
      calendar,
      services: this.services,
      assign: async (req) => {
        for (const r of this.resolvers) {
          const found = await r.resolve(req, {
            q,
            tenantId,
            starter: meta.startUser,
            startDept: meta.startDept,
            definitionId: meta.definitionId,
          });
          if (found) return found;
        }
        return undefined;
      },
    };
  }

  /** The compiled graph of a definition as the graph hooks adjust it for one instance. */
  private async graphFor(q: Queryable, tenantId: string, definitionId: string, variables: Readonly<Vars>): Promise<ProcessGraph> {
    let graph = await graphOf(q, definitionId);
    for (const hook of this.graphHooks) graph = await hook(graph, { q, tenantId, definitionId, variables });
    return graph;
  }

  /** Runs `body` on one instance of a tenant, locked, in one transaction. */
  async command<T>(tenantId: string, instanceId: string, body: (h: Held) => Promise<T>, o: { whileSuspended?: boolean } = {}): Promise<T> {
    try {
      return await this.db.tx(async (q) => {
        const h = await this.hold(q, tenantId, instanceId);
        if (h.loaded.snapshot.instance.status !== 'active') throw conflict('流程已结束');
        if (h.loaded.meta.suspendedAt && !o.whileSuspended) throw conflict('流程已挂起，请先激活');
        return body(h);
      });
    } catch (e) {
      throw asHttp(e);
    }
  }

  /** Locks and loads an instance inside a transaction (404 when the tenant has none such). */
  async hold(q: Queryable, tenantId: string, instanceId: string): Promise<Held> {
    const id = await lockInstance(q, tenantId, { instanceId });
    return (await this.held(q, tenantId, id, '流程实例不存在')).h;
  }

  /** Loads an instance this transaction has already locked (the timer poller locks it itself). */
  async holdLocked(q: Queryable, tenantId: string, instanceId: string): Promise<Held> {
    return (await this.held(q, tenantId, instanceId, '流程实例不存在')).h;
  }

  /** The Held of an instance this transaction has locked (read with one of its tasks, when named). */
  private async held(q: Queryable, tenantId: string, instanceId: string | null, missing: string, taskId?: string) {
    const loaded = instanceId ? await readInstance(q, instanceId, tenantId, taskId) : null;
    if (!loaded) throw notFound(missing);
    const graph = await this.graphFor(q, tenantId, loaded.meta.definitionId, loaded.snapshot.variables);
    const engine = await this.engineContext(q, tenantId, loaded.meta);
    const h: Held = {
      q,
      loaded: { snapshot: loaded.snapshot, meta: loaded.meta },
      graph,
      engine,
      apply: (result, notes) => this.apply(q, tenantId, loaded.meta, graph, result, notes),
    };
    return { h, task: loaded.task };
  }

  /**
   * Runs `body` on the instance of one task of a tenant, locked in one transaction, with the task as
   * read under the lock (404 when the tenant has no such task). Three statements before the body's
   * writes: the lock (found from the task), and the instance's rows with the task.
   */
  async taskCommand<T>(tenantId: string, taskId: string, body: (h: Held, task: TaskState) => Promise<T>): Promise<T> {
    if (this.command !== WorkflowRuntime.prototype.command) {
      // A runtime whose commands run in a transaction of the caller's (approvals): the task names
      // its instance, the command locks it, and the task is read again under the lock.
      const { instanceId } = await readTask(this.db, taskId, tenantId);
      return this.command(tenantId, instanceId, async (h) => body(h, await readTask(h.q, taskId, tenantId)));
    }
    try {
      return await this.db.tx(async (q) => {
        const instanceId = await lockInstance(q, tenantId, { taskId });
        const { h, task } = await this.held(q, tenantId, instanceId, '任务不存在', taskId);
        if (!task) throw notFound('任务不存在');
        if (h.loaded.snapshot.instance.status !== 'active') throw conflict('流程已结束');
        if (h.loaded.meta.suspendedAt) throw conflict('流程已挂起，请先激活');
        return body(h, task);
      });
    } catch (e) {
      throw asHttp(e);
    }
  }

  /** Starts an instance of a deployed, active definition; returns its id. */
  async start(info: StartInfo, q?: Queryable): Promise<string> {
    const run = (tx: Queryable) => this.startIn(tx, info, true);
    try {
      return q ? await run(q) : await this.db.tx(run);
    } catch (e) {
      throw asHttp(e);
    }
  }

  /**
   * Locks the definition and checks it before anything runs (a service task's handler may act
   * outside the database), then runs the first step and writes it with the instance row: two
   * statements. Refused when the definition is not the tenant's or (`activeOnly`) is suspended.
   */
  private async startIn(
    q: Queryable,
    info: StartInfo,
    activeOnly: boolean,
    parent?: { instanceId: string; tokenId: string },
  ): Promise<string> {
    const state = await lockDefinition(q, info.definitionId, info.tenantId);
    if (state === null) throw notFound('流程定义不存在');
    if (activeOnly && state !== 1) throw conflict('流程定义已挂起，不能发起');
    const graph = await this.graphFor(q, info.tenantId, info.definitionId, info.variables ?? {});
    const meta = { startUser: info.starter, startDept: info.starterDept, definitionId: info.definitionId };
    const engine = await this.engineContext(q, info.tenantId, meta);
    const result = await start(
      graph,
      { variables: info.variables, starter: info.starter, businessKey: info.businessKey ?? null, parent },
      engine,
    );
    const row = result.snapshot.instance;
    const fullMeta: InstanceMeta = { tenantId: info.tenantId, suspendedAt: null, businessTable: null, ...meta };
    await this.apply(q, info.tenantId, fullMeta, graph, result, undefined, {
      definitionId: info.definitionId,
      row,
      businessTable: info.businessTable ?? null,
      starter: info.starter,
      starterName: info.starterName,
      starterDept: info.starterDept,
    });
    return row.id;
  }

  /** Writes a step and runs what it asks for (with `create`, the new instance's row too). */
  private async apply(
    q: Queryable,
    tenantId: string,
    meta: InstanceMeta,
    graph: ProcessGraph,
    result: CommandResult,
    notes?: Record<string, CloseNote>,
    create?: WriteExtras['create'],
  ): Promise<void> {
    const { changes, snapshot } = result;
    const instanceId = snapshot.instance.id;
    const notices = { rows: await noticeRows(q, tenantId, changes.tasks?.inserted ?? [], graph), at: this.clock().toISOString() };
    await writeChanges(q, tenantId, instanceId, changes, graph, notes, { create, notices });
    for (const child of changes.children?.start ?? []) {
      const def = await latestDefinition(q, tenantId, child.processKey);
      if (!def) throw new CommandError('FAILED', `调用的流程不存在: ${child.processKey}`);
      await this.startIn(
        q,
        {
          tenantId,
          definitionId: def.id,
          starter: meta.startUser ?? '',
          starterName: '',
          starterDept: meta.startDept,
          variables: child.variables,
          businessKey: child.businessKey,
        },
        false,
        { instanceId, tokenId: child.tokenId },
      );
    }
    for (const tokenId of changes.children?.terminate ?? []) {
      const [c] = await q.query<{ id: string }>(`select id::text from wf_instance where parent_token_id = $1 and status = 'active'`, [
        tokenId,
      ]);
      if (!c) continue;
      const h = await this.hold(q, tenantId, c.id);
      await h.apply(await terminate(h.graph, h.loaded.snapshot, { reason: 'parent' }, h.engine));
    }
    const inst = snapshot.instance;
    if (changes.instance?.status === 'completed' && inst.parentInstanceId && inst.parentTokenId) {
      const p = await this.hold(q, tenantId, inst.parentInstanceId);
      if (p.loaded.snapshot.instance.status === 'active' && p.loaded.snapshot.tokens.some((t) => t.id === inst.parentTokenId)) {
        await p.apply(
          await childCompleted(p.graph, p.loaded.snapshot, { tokenId: inst.parentTokenId, variables: snapshot.variables }, p.engine),
        );
      }
    }
  }
}

// One runtime per server copy (its clock, resolvers and handlers), found from the app context.
const runtimes = new WeakMap<object, WorkflowRuntime>();

export function workflowOf(ctx: { db: Db; tz: string }): WorkflowRuntime {
  let r = runtimes.get(ctx);
  if (!r) {
    r = new WorkflowRuntime(ctx.db, ctx.tz);
    runtimes.set(ctx, r);
  }
  return r;
}
