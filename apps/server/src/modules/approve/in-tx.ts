import type { Db, Queryable } from '@civdesk/db';
import { InstanceCommands } from '../workflow/admin.ts';
import { asHttp, conflict, type Held, WorkflowRuntime } from '../workflow/runtime.ts';
import { TaskCommands } from '../workflow/tasks.ts';

// The runtime's task and instance commands run inside the approval's own transaction: the
// application row is locked first, the command locks its instance, and the application's mirror
// of the process (current step, deadlines, status) is written before the one commit.

/** The runtime, its commands opening no transaction of their own but running on `q`. */
export function runtimeIn(rt: WorkflowRuntime, q: Queryable): WorkflowRuntime {
  const bound = Object.create(rt) as WorkflowRuntime;
  const command = async <T>(tenantId: string, instanceId: string, body: (h: Held) => Promise<T>, o: { whileSuspended?: boolean } = {}) => {
    try {
      const h = await rt.hold(q, tenantId, instanceId);
      if (h.loaded.snapshot.instance.status !== 'active') throw conflict('流程已结束');
      if (h.loaded.meta.suspendedAt && !o.whileSuspended) throw conflict('办件已挂起，请先恢复');
      return await body(h);
    } catch (e) {
      throw asHttp(e);
    }
  };
  Object.defineProperties(bound, { db: { value: q as Db }, command: { value: command } });
  return bound;
}

export const taskCommandsIn = (rt: WorkflowRuntime, q: Queryable) => new TaskCommands(runtimeIn(rt, q));
export const instanceCommandsIn = (rt: WorkflowRuntime, q: Queryable) => new InstanceCommands(runtimeIn(rt, q));
export { WorkflowRuntime };
