import type { Queryable } from '@civdesk/db';
import { checkMigration, migrate, shiftDeadlines, terminate } from '@civdesk/workflow';
import type { Caller } from '../../core/caller.ts';
import { badRequest } from '../../core/envelope.ts';
import { definitionOf, graphOf } from './definitions.ts';
import { appendHistory } from './history-write.ts';
import { asHttp, conflict, type Held, type WorkflowRuntime } from './runtime.ts';

// Commands on a whole instance, for administrators: 挂起 / 激活, termination, version migration.

const note = (h: Held, c: Caller, type: string, opinion?: string, data?: Record<string, unknown>) =>
  appendHistory(
    h.q,
    c.tenantId,
    h.loaded.snapshot.instance.id,
    [{ type: type as 'terminate', nodeId: null, scopeId: null, at: h.engine.now().toISOString(), actor: c.userId, opinion, data }],
    h.graph,
  );

export class InstanceCommands {
  constructor(readonly rt: WorkflowRuntime) {}

  suspend(c: Caller, tenantId: string, instanceId: string) {
    return this.rt.command(tenantId, instanceId, async (h) => {
      await h.q.query('update wf_instance set suspended_at = $2 where id = $1', [instanceId, h.engine.now().toISOString()]);
      await note(h, c, 'suspend');
    });
  }

  /** 激活: deadlines and timers move by the working days (or time) spent suspended. */
  resume(c: Caller, tenantId: string, instanceId: string) {
    return this.rt.command(
      tenantId,
      instanceId,
      async (h) => {
        const at = h.loaded.meta.suspendedAt;
        if (!at) throw conflict('流程未挂起');
        const shift = shiftDeadlines(h.loaded.snapshot, { suspendedAt: new Date(at), resumedAt: h.engine.now() }, h.engine.calendar);
        for (const t of shift.tasks) await h.q.query('update wf_task set due_at = $2 where id = $1', [t.id, t.dueAt]);
        for (const j of shift.jobs) await h.q.query('update wf_job set due_at = $2 where id = $1', [j.id, j.dueAt]);
        await h.q.query('update wf_instance set suspended_at = null where id = $1', [instanceId]);
        await note(h, c, 'resume');
      },
      { whileSuspended: true },
    );
  }

  /** Ends a running instance (删除流程实例) with a reason; child instances end with it. */
  terminate(c: Caller, tenantId: string, instanceId: string, reason: string) {
    return this.rt.command(tenantId, instanceId, (h) => this.terminateHeld(h, c, reason), { whileSuspended: true });
  }

  /** The same inside a caller's transaction (a deployment deleted with its instances). */
  async terminateIn(q: Queryable, c: Caller, tenantId: string, instanceId: string, reason: string) {
    try {
      await this.terminateHeld(await this.rt.hold(q, tenantId, instanceId), c, reason);
    } catch (e) {
      throw asHttp(e);
    }
  }

  private async terminateHeld(h: Held, c: Caller, reason: string) {
    if (h.loaded.snapshot.instance.status !== 'active') throw conflict('流程已结束');
    await h.apply(await terminate(h.graph, h.loaded.snapshot, { actor: c.userId, reason }, h.engine));
    await h.q.query('update wf_instance set end_reason = $2, suspended_at = null where id = $1', [
      h.loaded.snapshot.instance.id,
      reason.slice(0, 500),
    ]);
  }

  /** Moves a running instance to another version of its process, with a node mapping checked first. */
  migrate(c: Caller, tenantId: string, instanceId: string, toDefinitionId: string, mapping: Record<string, string>) {
    return this.rt.command(tenantId, instanceId, async (h) => {
      const to = await definitionOf(h.q, toDefinitionId, tenantId);
      if (to.key !== h.graph.key) throw badRequest('只能迁移到同一流程的其他版本');
      const toGraph = await graphOf(h.q, to.id);
      const problems = checkMigration(h.graph, toGraph, h.loaded.snapshot, mapping);
      if (problems.length) throw badRequest(problems.map((p) => p.message).join('；'));
      await h.apply(await migrate(h.graph, toGraph, h.loaded.snapshot, { mapping, actor: c.userId }, h.engine));
      await h.q.query('update wf_instance set definition_id = $2 where id = $1', [instanceId, to.id]);
    });
  }
}
