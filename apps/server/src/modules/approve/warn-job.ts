import { newId } from '../../crud/ids.ts';
import { usersOfGroups } from '../workflow/people.ts';
import type { WorkflowRuntime } from '../workflow/runtime.ts';
import { stepElement } from './buttons.ts';
import { A, warnState } from './sql.ts';
import { resumeDue, warnSuspensions } from './suspension.ts';

// The warning job: an application whose current step reached its warning date, or passed its
// deadline, sends one notice each to the step's handler (the assignee, else every candidate user)
// through the workflow notices (the bell). Rows are taken with SKIP LOCKED, so server copies never
// send one twice; the users of the step's leader role get the same notices. Before that, the
// suspensions whose limit is reached are resumed (the task goes back to its handler) and those that
// reached their warning limit send one 挂起预警; nothing is ever decided automatically.

const BATCH = 100;

export class WarnJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    readonly rt: WorkflowRuntime,
    readonly log: (msg: string, err?: unknown) => void = () => {},
    readonly tz = 'Asia/Shanghai',
  ) {}

  /**
   * Resumes the suspensions whose limit is reached, then sends the notices due by the runtime's
   * clock; answers how many applications were noticed.
   */
  async runOnce(): Promise<number> {
    await resumeDue(this.rt, this.tz);
    await warnSuspensions(this.rt);
    const now = this.rt.clock();
    return this.rt.db.tx(async (q) => {
      const at = '$1::timestamptz';
      const due = await q.query<{
        id: string;
        tenantId: string;
        taskId: string;
        instanceId: string;
        state: number;
        name: string;
        item: string;
        versionId: string | null;
        nodeId: string | null;
      }>(
        `select ${A.c.id}::text as id, ${A.c.tenantId} as "tenantId", ${A.c.curTaskId} as "taskId", ${A.c.processInstanceId} as "instanceId",
                ${warnState(at)} as state, ${A.c.realCurActivityName} as name, ${A.c.itemName} as item,
                ${A.c.mathfVersionId}::text as "versionId", ${A.c.realCurActivityId} as "nodeId"
           from ${A.table}
          where ${A.c.isDeleted} = 0 and ${A.c.curTaskId} is not null and ${A.c.applyStatus} in ('SUBMITTED', 'IN_PROGRESS')
            and ${warnState(at)} in (1, 2) and coalesce(${A.c.noticeState}, 0) < ${warnState(at)}
          order by ${A.c.curActivityWarnDate} limit ${BATCH} for update of a skip locked`,
        [now.toISOString()],
      );
      for (const d of due) {
        const [t] = await q.query<{ assignee: string | null; candidates: unknown }>(
          'select assignee, candidates from wf_task where id = $1::bigint',
          [d.taskId],
        );
        const users = new Set<string>();
        if (t?.assignee) users.add(t.assignee);
        else if (t) {
          const cands = (typeof t.candidates === 'string' ? JSON.parse(t.candidates) : t.candidates) as { kind: string; value: string }[];
          for (const c of cands) if (c.kind === 'user') users.add(c.value);
          const groups = cands.filter((c) => c.kind === 'role' || c.kind === 'dept');
          if (groups.length) for (const g of await usersOfGroups(q, d.tenantId, groups)) users.add(g.user_id);
        }
        // The step's leader role hears of it too (once per state, as the handler).
        const el = d.nodeId ? await stepElement(q, d.tenantId, d.versionId, d.nodeId.split(',')[0]) : null;
        if (el?.leaderRole)
          for (const g of await usersOfGroups(q, d.tenantId, [{ kind: 'role', value: el.leaderRole }])) users.add(g.user_id);
        const title = `${d.state === 2 ? '超期' : '预警'}：${d.item ?? ''}（${d.name ?? ''}）`.slice(0, 255);
        for (const u of users)
          await q.query(
            'insert into wf_notice (id, tenant_id, user_id, title, instance_id, task_id, create_time) values ($1, $2, $3, $4, $5, $6, $7)',
            [newId(), d.tenantId, u, title, d.instanceId, d.taskId, now.toISOString()],
          );
        await q.query(`update ${A.table} set ${A.c.noticeState.replace('a.', '')} = $2 where ${A.c.id} = $1`, [d.id, d.state]);
      }
      return due.length;
    });
  }

  start(ms: number) {
    if (this.timer || ms <= 0) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.runOnce()
        .catch((e) => this.log('approval warning job failed', e))
        .finally(() => {
          this.running = null;
        });
    }, ms);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
