import { fireTimer } from '@civdesk/workflow';
import { HttpError } from '../../core/envelope.ts';
import type { WorkflowRuntime } from './runtime.ts';
import { sendPendingSms } from './sms-notices.ts';

// Due timers, shared by every server copy: a job is fired inside its instance's transaction after
// locking the instance (SKIP LOCKED: another copy has it) and then the job row (SKIP LOCKED: another
// copy is firing it; gone: fired or cancelled meanwhile). The lock order is the commands' own
// (instance, then its rows), so a timer and a command never deadlock, and no job fires twice.

const BATCH = 50;

export class JobPoller {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    readonly rt: WorkflowRuntime,
    readonly log: (msg: string, err?: unknown) => void = () => {},
  ) {}

  /** Fires every job due by the runtime's clock (skipping suspended instances); returns how many fired. */
  async pollOnce(): Promise<number> {
    let fired = 0;
    for (;;) {
      const now = this.rt.clock().toISOString();
      const due = await this.rt.db.query<{ id: string; instanceId: string; tenantId: string }>(
        `select j.id::text, j.instance_id::text as "instanceId", j.tenant_id as "tenantId" from wf_job j
           join wf_instance i on i.id = j.instance_id
          where j.due_at <= $1 and i.suspended_at is null and i.status = 'active' order by j.due_at, j.id limit ${BATCH}`,
        [now],
      );
      let firedNow = 0;
      for (const job of due) if (await this.fire(job)) firedNow++;
      fired += firedNow;
      if (due.length < BATCH || firedNow === 0) return fired;
    }
  }

  private async fire(job: { id: string; instanceId: string; tenantId: string }): Promise<boolean> {
    try {
      return await this.rt.db.tx(async (q) => {
        const [mine] = await q.query('select 1 from wf_instance where id = $1 and suspended_at is null for no key update skip locked', [
          job.instanceId,
        ]);
        if (!mine) return false;
        const [still] = await q.query('select 1 from wf_job where id = $1 for update skip locked', [job.id]);
        if (!still) return false;
        const h = await this.rt.holdLocked(q, job.tenantId, job.instanceId);
        if (h.loaded.snapshot.instance.status !== 'active') return false;
        await h.apply(await fireTimer(h.graph, h.loaded.snapshot, { jobId: job.id }, h.engine));
        return true;
      });
    } catch (e) {
      // A timer whose step fails (an expression, a handler) is tried again later, with the error kept.
      this.log(`workflow timer ${job.id} failed`, e);
      const msg = e instanceof HttpError || e instanceof Error ? e.message : String(e);
      await this.rt.db.query(
        `update wf_job set attempts = attempts + 1, last_error = $2, due_at = $3::timestamptz + (least(attempts + 1, 60) * interval '1 minute') where id = $1`,
        [job.id, msg.slice(0, 1000), this.rt.clock().toISOString()],
      );
      return false;
    }
  }

  /** Sends the task SMS waiting to go (all of them, a batch at a time); answers how many were settled. */
  async sendSmsOnce(): Promise<number> {
    let settled = 0;
    for (;;) {
      const n = await sendPendingSms(this.rt.db, this.rt.tz);
      settled += n;
      if (n === 0) return settled;
    }
  }

  /** Polls every `ms` until stopped: due timers, then task SMS. */
  start(ms: number) {
    if (this.timer || ms <= 0) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = Promise.all([this.pollOnce(), this.sendSmsOnce()])
        .catch((e) => this.log('workflow timer poll failed', e))
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
