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
import { definitionOf, graphOf, latestDefinition } from './definitions.ts';
import { type AssignmentResolver, defaultResolver, engineCalendar, type GraphHook } from './engine-context.ts';
import { notifyNewTasks } from './notices.ts';
import { type CloseNote, type InstanceMeta, type Loaded, loadInstance, writeChanges } from './rows.ts';

// The runtime: every command is one transaction that locks its instance row, runs the interpreter
// on the instance's live rows and writes back what changed (child instances included).

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
    const loaded = await loadInstance(q, instanceId, tenantId);
    if (!loaded) throw notFound('流程实例不存在');
    const graph = await this.graphFor(q, tenantId, loaded.meta.definitionId, loaded.snapshot.variables);
    const engine = await this.engineContext(q, tenantId, loaded.meta);
    return {
      q,
      loaded,
      graph,
      engine,
      apply: (result, notes) => this.apply(q, tenantId, loaded.meta, graph, result, notes),
    };
  }

  /** Starts an instance of a deployed, active definition; returns its id. */
  async start(info: StartInfo, q?: Queryable): Promise<string> {
    const run = async (tx: Queryable) => {
      const def = await definitionOf(tx, info.definitionId, info.tenantId);
      if (def.suspensionState !== 1) throw conflict('流程定义已挂起，不能发起');
      return this.startIn(tx, info);
    };
    try {
      return q ? await run(q) : await this.db.tx(run);
    } catch (e) {
      throw asHttp(e);
    }
  }

  private async startIn(q: Queryable, info: StartInfo, parent?: { instanceId: string; tokenId: string }): Promise<string> {
    const graph = await this.graphFor(q, info.tenantId, info.definitionId, info.variables ?? {});
    const meta = { startUser: info.starter, startDept: info.starterDept, definitionId: info.definitionId };
    const engine = await this.engineContext(q, info.tenantId, meta);
    const result = await start(
      graph,
      { variables: info.variables, starter: info.starter, businessKey: info.businessKey ?? null, parent },
      engine,
    );
    const row = result.snapshot.instance;
    await q.query(
      `insert into wf_instance (id, tenant_id, definition_id, process_key, status, business_table, business_key, start_user, start_user_name,
         start_dept, started_at, vars, parent_instance_id, parent_token_id)
       values ($1, $2, $3, $4, 'active', $5, $6, $7, $8, $9, $10, '{}', $11, $12)`,
      [
        row.id,
        info.tenantId,
        info.definitionId,
        row.processKey,
        info.businessTable ?? null,
        row.businessKey,
        info.starter,
        info.starterName,
        info.starterDept,
        row.startedAt,
        row.parentInstanceId,
        row.parentTokenId,
      ],
    );
    const changes = { ...result.changes };
    if (changes.instance?.status === 'active') delete changes.instance;
    const fullMeta: InstanceMeta = {
      tenantId: info.tenantId,
      suspendedAt: null,
      businessTable: null,
      ...meta,
    };
    await this.apply(q, info.tenantId, fullMeta, graph, { ...result, changes });
    return row.id;
  }

  private async apply(
    q: Queryable,
    tenantId: string,
    meta: InstanceMeta,
    graph: ProcessGraph,
    result: CommandResult,
    notes?: Record<string, CloseNote>,
  ) {
    const { changes, snapshot } = result;
    const instanceId = snapshot.instance.id;
    await writeChanges(q, tenantId, instanceId, changes, graph, notes);
    await notifyNewTasks(q, tenantId, instanceId, changes.tasks?.inserted ?? [], this.clock(), graph);
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
