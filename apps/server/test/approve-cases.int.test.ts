import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WarnJob } from '../src/modules/approve/warn-job.ts';
import { workflowOf } from '../src/modules/workflow/runtime.ts';
import { approveCalls, dropApplies, pass } from './helpers/approve.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// Actions on the whole application: not accepting, supplement requests that stop the clock over
// the National Day holiday and its 调休 Saturday, suspension, hand-overs, withdrawal, termination,
// and the warning job. The runtime's clock is moved, never slept on.

let t: TestApp;
let admin: TestUser;
let cw: TestUser;
let auditor: TestUser;
let c: ReturnType<typeof approveCalls>;
const made: string[] = [];
/** A local time in the product's zone (Asia/Shanghai). */
const at = (local: string) => new Date(`${local}+08:00`);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin', '100001');
  cw = await t.as('caseworker', '100001');
  auditor = await t.as('auditor', '100001');
  c = approveCalls(t);
});
afterAll(async () => {
  workflowOf(t.app.ctx).clock = () => new Date();
  if (t) await dropApplies(t, made);
  await t?.close();
});

async function newApply() {
  const res = await c.register(admin);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  made.push(res.body.data.id);
  return res.body.data.id as string;
}
const row = async (id: string) =>
  (
    await t.db.query<Record<string, unknown>>(
      `select apply_status as s, to_char(promise_deadline, 'YYYY-MM-DD') as promise, to_char(legal_deadline, 'YYYY-MM-DD') as legal,
              to_char(cur_activity_deadline_date at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as due,
              to_char(cur_activity_warn_date at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as warn, suspended_days as paused
         from biz_apply where id = $1`,
      [id],
    )
  )[0];
const claimed = async (u: TestUser, id: string) => {
  const task = (await c.taskOf(u, id)) as { taskId: string; claimed: boolean };
  if (!task.claimed) await c.get(u, `/demoTodo/doClaim?taskId=${task.taskId}`);
  return task.taskId;
};
const act = (u: TestUser, body: Record<string, unknown>) => c.post(u, '/demoApply/handleTask', body);

describe('not accepting', () => {
  it('needs a reason, only at the acceptance step, and ends the process', async () => {
    const id = await newApply();
    const taskId = await claimed(cw, id);
    const none = await act(cw, { applyId: id, taskId, action: 'notAccept' });
    expect([none.status, none.body.msg]).toEqual([400, '请填写不予受理理由']);
    const res = await act(cw, { applyId: id, taskId, action: 'notAccept', reason: '不符合申领条件' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('NOT_ACCEPTED');
    const [inst] = await t.db.query<{ status: string }>(
      'select status from wf_instance where id = (select process_instance_id::bigint from biz_apply where id = $1)',
      [id],
    );
    expect(inst.status).toBe('terminated');
    expect(await c.taskOf(cw, id)).toBeUndefined();

    const later = await newApply();
    await pass(t, cw, later, 'accept');
    const t2 = await claimed(admin, later);
    const refused = await act(admin, { applyId: later, taskId: t2, action: 'notAccept', reason: 'x' });
    expect([refused.status, refused.body.msg]).toEqual([409, '只有受理环节可以不予受理']);
  });
});

describe('deadlines and suspension over a holiday', () => {
  it('counts working days, stops the clock while awaiting a supplement and adds the paused days back', async () => {
    const rt = workflowOf(t.app.ctx);
    rt.clock = () => at('2026-09-29T10:00:00');
    const id = await newApply();
    expect((await pass(t, cw, id, 'accept')).status).toBe(200);
    // Accepted Tue 29 Sep: 20 / 30 working days skip 1–7 Oct and count Sat 10 Oct (调休).
    expect(await row(id)).toMatchObject({
      s: 'IN_PROGRESS',
      promise: '2026-11-02',
      legal: '2026-11-16',
      due: '2026-10-19 10:00',
      warn: '2026-10-09 10:00',
      paused: 0,
    });
    rt.clock = () => at('2026-09-30T09:00:00');
    const taskId = await claimed(admin, id);
    const sup = await act(admin, { applyId: id, taskId, action: 'supplement', reason: '请补充户籍证明' });
    expect(sup.status, JSON.stringify(sup.body)).toBe(200);
    expect(sup.body.data.status).toBe('SUSPENDED');
    const top = await c.get(admin, `/demoApply/getCurrentTopRight?applyId=${id}`);
    expect(top.body.data.warnState).toBe(3);
    // A suspended application refuses work until resumed.
    const blocked = await c.post(admin, '/demoOpinion/submit', { applyId: id, taskId, buttonId: 'agree', content: '同意' });
    expect([blocked.status, blocked.body.msg]).toEqual([409, '办件已挂起，请先恢复']);

    rt.clock = () => at('2026-10-09T15:00:00');
    const resumed = await act(admin, { applyId: id, action: 'resume' });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    // Paused working days: Thu 8 and Fri 9 Oct (the holiday is not counted).
    expect(await row(id)).toMatchObject({
      s: 'IN_PROGRESS',
      paused: 2,
      promise: '2026-11-04',
      legal: '2026-11-18',
      due: '2026-10-21 10:00',
      warn: '2026-10-12 10:00',
    });
    const [s] = await t.db.query<{ days: number; kind: string }>(
      'select paused_days as days, kind from biz_apply_suspension where apply_id = $1',
      [id],
    );
    expect(s).toEqual({ days: 2, kind: 'supplement' });

    // warnState and the warning job: one warning, then one overdue notice, to the step's handler.
    const job = new WarnJob(rt);
    const notices = async () =>
      (
        await t.db.query<{ title: string }>(
          `select title from wf_notice where user_id = $1 and instance_id = (select process_instance_id::bigint from biz_apply where id = $2)
            and (title like '预警%' or title like '超期%') order by create_time`,
          [admin.userId, id],
        )
      ).map((n) => n.title);
    rt.clock = () => at('2026-10-13T09:00:00');
    expect((await c.get(admin, `/demoApply/getCurrentTopRight?applyId=${id}`)).body.data.warnState).toBe(1);
    await job.runOnce();
    await job.runOnce();
    expect(await notices()).toEqual(['预警：孤儿基本生活费申领（县级审批）']);
    rt.clock = () => at('2026-10-22T09:00:00');
    const todo = await c.get(admin, '/demoTodo/getMyTodoList?size=500&warnState=2');
    expect(todo.body.data.records.map((r: { applyId: string }) => r.applyId)).toContain(id);
    expect((await c.get(admin, '/demoTodo/getMyTodoCount')).body.data.overdue).toBeGreaterThan(0);
    await job.runOnce();
    expect(await notices()).toEqual(['预警：孤儿基本生活费申领（县级审批）', '超期：孤儿基本生活费申领（县级审批）']);
    // Nothing was decided for the handler.
    expect((await row(id)).s).toBe('IN_PROGRESS');
    rt.clock = () => new Date();
  });

  it('a supplement before acceptance awaits the applicant and resumes to 待受理', async () => {
    const id = await newApply();
    const taskId = await claimed(cw, id);
    const res = await act(cw, { applyId: id, taskId, action: 'supplement', reason: '缺少死亡证明' });
    expect(res.body.data.status).toBe('AWAIT_SUPPLEMENT');
    expect((await act(auditor, { applyId: id, action: 'resume' })).status).toBe(403);
    const back = await act(cw, { applyId: id, action: 'resume' });
    expect(back.body.data.status).toBe('SUBMITTED');
    expect((await act(cw, { applyId: id, action: 'resume' })).body.msg).toBe('办件未挂起');
  });
});

describe('hand-overs, withdrawal and termination', () => {
  it('transfers, delegates, copies and adds a signer', async () => {
    const id = await newApply();
    const taskId = await claimed(cw, id);
    const self = await act(cw, { applyId: id, taskId, action: 'transfer', userId: cw.userId });
    expect([self.status, self.body.msg]).toEqual([400, '不能委派或转办给自己']);
    const cc = await act(cw, { applyId: id, taskId, action: 'cc', userIds: [auditor.userId] });
    expect(cc.status, JSON.stringify(cc.body)).toBe(200);
    const [copy] = await t.db.query<{ n: number }>('select count(*)::int as n from wf_cc where user_id = $1 and task_id = $2', [
      auditor.userId,
      taskId,
    ]);
    expect(copy.n).toBe(1);
    const moved = await act(cw, { applyId: id, taskId, action: 'transfer', userId: auditor.userId });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await c.taskOf(auditor, id))?.claimed).toBe(true);
    expect(await c.taskOf(cw, id)).toBeUndefined();
    const del = await act(auditor, { applyId: id, taskId, action: 'delegate', userId: cw.userId });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect((await c.taskOf(cw, id))?.claimed).toBe(true);
    const sign = await act(cw, { applyId: id, taskId, action: 'addSign', position: 'after', userIds: [admin.userId] });
    expect(sign.status, JSON.stringify(sign.body)).toBe(200);
  });

  it('the registrant withdraws; only an administrator terminates', async () => {
    const id = await newApply();
    const none = await act(admin, { applyId: id, action: 'withdraw' });
    expect([none.status, none.body.msg]).toEqual([400, '请填写撤件原因']);
    const w = await act(admin, { applyId: id, action: 'withdraw', reason: '申请人主动撤回' });
    expect(w.body.data.status).toBe('WITHDRAWN');
    expect((await act(admin, { applyId: id, action: 'withdraw', reason: 'x' })).body.msg).toBe('办件已结束');

    const other = await newApply();
    await pass(t, cw, other, 'accept');
    const refused = await act(cw, { applyId: other, action: 'terminate', reason: '重复申请' });
    expect([refused.status, refused.body.msg]).toEqual([403, '只有管理员可以终止办件']);
    const ended = await act(admin, { applyId: other, action: 'terminate', reason: '重复申请' });
    expect(ended.body.data.status).toBe('TERMINATED');
    const stats = await c.post(admin, '/demoApply/findApplyStatsInfo', {});
    expect(stats.body.data.byStatus.TERMINATED).toBeGreaterThan(0);
    expect(stats.body.data.byStatus.WITHDRAWN).toBeGreaterThan(0);
  });

  it('answers 404 for an application of no one and 400 for a bad action', async () => {
    expect((await act(admin, { applyId: '1', action: 'resume' })).status).toBe(404);
    const bad = await act(admin, { applyId: '1', action: 'explode' });
    expect(bad.status).toBe(400);
  });
});
