import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WarnJob } from '../src/modules/approve/warn-job.ts';
import { workflowOf } from '../src/modules/workflow/runtime.ts';
import { approveCalls, dropApplies, pass } from './helpers/approve.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// The step configuration's rules at run time, on the seeded 孤儿基本生活费申领 (受理 121 → 县级审批
// 122 → 发放登记 123): suspension audit by the step's leader role, automatic suspension for the
// step's limit and its resumption by the job, step hooks at submit (against an HTTP server started
// here: the systems hooks call are outside the project), custom handlers as next users, and the
// warning notices to the leader role. The runtime's clock is moved, never slept on.

let t: TestApp;
let admin: TestUser;
let cw: TestUser;
let auditor: TestUser;
let c: ReturnType<typeof approveCalls>;
let hookServer: Server;
let base = '';
let auditorRole = '';
const received: { path: string; body: Record<string, unknown> }[] = [];
const made: string[] = [];
const at = (local: string) => new Date(`${local}+08:00`);
const APPROVE = '1903000000000000122';
const REGISTER = '1903000000000000123';

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (x) => {
      s += x;
    });
    req.on('end', () => resolve(s));
  });

beforeAll(async () => {
  hookServer = createServer(async (req, res) => {
    const body = await readBody(req);
    received.push({ path: req.url ?? '', body: body ? JSON.parse(body) : {} });
    if (req.url?.includes('fail')) return res.writeHead(500).end('boom');
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((r) => hookServer.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}`;
  t = await buildTestApp();
  admin = await t.as('admin', '100001');
  cw = await t.as('caseworker', '100001');
  auditor = await t.as('auditor', '100001');
  c = approveCalls(t);
  [{ id: auditorRole }] = await t.db.query<{ id: string }>(
    "select id::text from blade_role where tenant_id = '100001' and role_alias = 'auditor' and is_deleted = 0",
  );
});
afterAll(async () => {
  if (t) workflowOf(t.app.ctx).clock = () => new Date();
  if (t) await dropApplies(t, made);
  await t?.close();
  hookServer?.closeAllConnections();
  await new Promise((r) => hookServer?.close(r));
});

async function newApply() {
  const res = await c.register(admin);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  made.push(res.body.data.id);
  return res.body.data.id as string;
}
const setStep = (id: string, sets: string, args: unknown[] = []) =>
  t.db.query(`update mat_wf_element set ${sets} where id = $1`, [id, ...args]);
const state = async (id: string) =>
  (
    await t.db.query<{ s: string; cur: string; paused: number }>(
      'select apply_status as s, real_cur_activity_name as cur, suspended_days as paused from biz_apply where id = $1',
      [id],
    )
  )[0];
const suspensions = (id: string) =>
  t.db.query<{ kind: string; audit: string | null; reason: string; auditReason: string | null; end: boolean; planned: string | null }>(
    `select kind, audit_status as audit, reason, audit_reason as "auditReason", end_time is not null as "end",
            to_char(planned_end at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as planned
       from biz_apply_suspension where apply_id = $1 order by start_time, id`,
    [id],
  );
const act = (u: TestUser, body: Record<string, unknown>) => c.post(u, '/demoApply/handleTask', body);
const claimed = async (u: TestUser, id: string) => {
  const task = (await c.taskOf(u, id)) as { taskId: string; claimed: boolean };
  if (!task.claimed) await c.get(u, `/demoTodo/doClaim?taskId=${task.taskId}`);
  return task.taskId;
};
const noticesOf = async (u: TestUser, id: string, like: string) =>
  (
    await t.db.query<{ title: string }>(
      `select title from wf_notice where user_id = $1 and title like $3
          and instance_id = (select process_instance_id::bigint from biz_apply where id = $2) order by create_time`,
      [u.userId, id, like],
    )
  ).map((n) => n.title);

describe('suspension audit (ifSuspendAudit)', () => {
  it('waits for the step leader role, who rejects with a reason or approves; the limit resumes it', async () => {
    const rt = workflowOf(t.app.ctx);
    rt.clock = () => at('2026-11-02T10:00:00');
    await setStep(APPROVE, 'if_suspend_audit = 1, leader_role = $2::bigint, time_limit_suspend = 3, time_limit_suspend_waring = 2', [
      auditorRole,
    ]);
    const id = await newApply();
    expect((await pass(t, cw, id, 'accept')).status).toBe(200);
    const taskId = await claimed(admin, id);
    const view = (u: TestUser) => c.get(u, `/demoApply/getCurrent?applyId=${id}`);
    expect((await view(auditor)).status).toBe(403);
    const req = await act(admin, { applyId: id, taskId, action: 'suspend', reason: '需现场核查' });
    expect(req.status, JSON.stringify(req.body)).toBe(200);
    // Not suspended yet: the clock runs while the request waits.
    expect(req.body.data.status).toBe('IN_PROGRESS');
    expect(await suspensions(id)).toMatchObject([{ kind: 'suspend', audit: 'pending', end: false }]);
    expect(await noticesOf(auditor, id, '挂起待审核%')).toEqual(['挂起待审核：孤儿基本生活费申领（县级审批）']);
    // The bell's message leads to the application: the auditor does not handle its task (a read-only page).
    const bell = async (u: TestUser, title: string) =>
      (
        (await t.call(u, { method: 'GET', url: '/api/blade-flow/work/notice-list?isRead=0&size=100' })).body.data.records as Record<
          string,
          unknown
        >[]
      ).find((n) => n.businessId === id && String(n.title).startsWith(title));
    expect(await bell(auditor, '挂起待审核')).toMatchObject({
      businessTable: 'biz_apply',
      taskId,
      taskName: '县级审批',
      taskStatus: 'open',
      processIsFinished: false,
      canHandle: false,
    });
    // The auditor may open the application while the request waits for them; the page shows the request.
    const seen = await view(auditor);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.data.suspendRequest).toMatchObject({ reason: '需现场核查', requestedBy: admin.userId, canAudit: true });
    expect((await view(admin)).body.data.suspendRequest).toMatchObject({ canAudit: false });
    // The auditor's list of requests awaiting them: not the requester's, not another role's.
    const audits = async (u: TestUser, filter = '') => {
      const list = await c.get(u, `/demoTodo/getMySuspendAuditList?size=100${filter}`);
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      if (!filter) expect((await c.get(u, '/demoTodo/getMySuspendAuditCount')).body.data.count).toBe(list.body.data.total);
      return (list.body.data.records as Record<string, unknown>[]).filter((r) => r.applyId === id);
    };
    expect(await audits(auditor)).toMatchObject([
      {
        applyId: id,
        taskId,
        activityName: '县级审批',
        suspendReason: '需现场核查',
        requestedByName: expect.any(String),
        requestTime: '2026-11-02 10:00:00',
        status: 'IN_PROGRESS',
        applicantIdCard: expect.stringMatching(/^\d{6}\*+\d{3}[\dX]$/),
      },
    ]);
    expect(await audits(auditor, '&itemName=孤儿')).toHaveLength(1);
    expect(await audits(auditor, '&applicantName=没有这个人')).toEqual([]);
    expect(await audits(admin)).toEqual([]);
    expect(await audits(cw)).toEqual([]);
    const again = await act(admin, { applyId: id, taskId, action: 'suspend', reason: '再次申请' });
    expect([again.status, again.body.msg]).toEqual([409, '已有待审核的挂起申请']);

    // Only the leader role audits, never the requester; a rejection needs its reason.
    const self = await act(admin, { applyId: id, action: 'suspendApprove' });
    expect([self.status, self.body.msg]).toEqual([403, '不能审核自己的挂起申请']);
    const other = await act(cw, { applyId: id, action: 'suspendApprove' });
    expect([other.status, other.body.msg]).toEqual([403, '只有环节负责角色可以审核挂起申请']);
    const bare = await act(auditor, { applyId: id, action: 'suspendReject' });
    expect([bare.status, bare.body.msg]).toEqual([400, '请填写驳回理由']);
    expect(await suspensions(id)).toMatchObject([{ audit: 'pending', end: false }]);

    const rejected = await act(auditor, { applyId: id, action: 'suspendReject', reason: '无需核查，请继续办理' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.data.status).toBe('IN_PROGRESS');
    expect(await suspensions(id)).toMatchObject([{ audit: 'rejected', auditReason: '无需核查，请继续办理', end: true }]);
    expect((await view(auditor)).status).toBe(403);
    expect(await audits(auditor)).toEqual([]);
    expect((await view(admin)).body.data.suspendRequest).toBeNull();
    const none = await act(auditor, { applyId: id, action: 'suspendApprove' });
    expect([none.status, none.body.msg]).toEqual([409, '没有待审核的挂起申请']);

    rt.clock = () => at('2026-11-03T10:00:00');
    expect((await act(admin, { applyId: id, taskId, action: 'suspend', reason: '需专家评审' })).status).toBe(200);
    expect(await audits(auditor)).toHaveLength(1);
    const approved = await act(auditor, { applyId: id, action: 'suspendApprove' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.status).toBe('SUSPENDED');
    expect(await audits(auditor)).toEqual([]);
    // Suspended from the approval, for the step's limit of 3 working days.
    expect((await suspensions(id))[1]).toMatchObject({ audit: 'approved', end: false, planned: '2026-11-06 10:00' });
    expect((await c.get(admin, `/demoApply/getCurrentTopRight?applyId=${id}`)).body.data.warnState).toBe(3);

    const job = new WarnJob(rt);
    rt.clock = () => at('2026-11-04T10:00:00');
    await job.runOnce();
    expect(await noticesOf(auditor, id, '挂起预警%')).toEqual([]);
    // Two working days into the suspension: one 挂起预警 to the handler and the leader role.
    rt.clock = () => at('2026-11-05T10:00:00');
    await job.runOnce();
    await job.runOnce();
    expect((await state(id)).s).toBe('SUSPENDED');
    expect(await noticesOf(auditor, id, '挂起预警%')).toEqual(['挂起预警：孤儿基本生活费申领（县级审批）']);
    expect(await noticesOf(admin, id, '挂起预警%')).toEqual(['挂起预警：孤儿基本生活费申领（县级审批）']);
    // The handler's message opens the task; the leader role's does not.
    expect(await bell(admin, '挂起预警')).toMatchObject({ businessTable: 'biz_apply', taskId, canHandle: true });
    expect(await bell(auditor, '挂起预警')).toMatchObject({ businessTable: 'biz_apply', taskId, canHandle: false });
    rt.clock = () => at('2026-11-06T10:30:00');
    await job.runOnce();
    expect(await state(id)).toMatchObject({ s: 'IN_PROGRESS', cur: '县级审批', paused: 3 });
    // The handler still has the task: nothing was decided for them.
    expect((await c.taskOf(admin, id))?.taskId).toBe(taskId);
    await setStep(APPROVE, 'if_suspend_audit = 0, leader_role = null, time_limit_suspend = null, time_limit_suspend_waring = null');
  });
});

describe('automatic suspension (ifAutomaticSuspend)', () => {
  it('suspends on entering the step for its working days, shows warnState 3, and resumes by itself', async () => {
    const rt = workflowOf(t.app.ctx);
    await setStep(REGISTER, 'if_automatic_suspend = 1, time_limit_suspend = 2');
    // Fri 6 Nov 2026: two working days end on Tue 10 Nov (the weekend is not counted).
    rt.clock = () => at('2026-11-06T09:00:00');
    const id = await newApply();
    expect((await pass(t, cw, id, 'accept')).status).toBe(200);
    const agreed = await pass(t, admin, id, 'agree');
    expect(agreed.status, JSON.stringify(agreed.body)).toBe(200);
    expect(agreed.body.data.status).toBe('SUSPENDED');
    expect(await suspensions(id)).toMatchObject([{ kind: 'auto', planned: '2026-11-10 09:00', end: false }]);
    const todo = await c.get(auditor, '/demoTodo/getMyTodoList?size=500&warnState=3');
    expect(todo.body.data.records.find((r: { applyId: string }) => r.applyId === id)).toMatchObject({ realCurActivityName: '发放登记' });
    const taskId = await claimed(auditor, id);
    const blocked = await c.post(auditor, '/demoOpinion/submit', { applyId: id, taskId, buttonId: 'finish', content: '办结' });
    expect([blocked.status, blocked.body.msg]).toEqual([409, '办件已挂起，请先恢复']);

    const job = new WarnJob(rt);
    rt.clock = () => at('2026-11-09T18:00:00');
    await job.runOnce();
    expect((await state(id)).s).toBe('SUSPENDED');
    rt.clock = () => at('2026-11-10T09:30:00');
    await job.runOnce();
    expect(await state(id)).toMatchObject({ s: 'IN_PROGRESS', cur: '发放登记', paused: 2 });
    const ops = await c.get(auditor, `/demoOpinion/getOpinionByApplyId?applyId=${id}`);
    expect(ops.body.data.map((o: { action: string }) => o.action).slice(-2)).toEqual(['suspend', 'resume']);
    // Resumed to its handler, not decided.
    expect((await c.taskOf(auditor, id))?.taskId).toBe(taskId);
    await setStep(REGISTER, 'if_automatic_suspend = 0, time_limit_suspend = null');
  });
});

describe('step hooks at submit (mat-wf-element-method)', () => {
  const M = '/api/dw-matter/matWfElementMethod';
  const hookOn = async (elementId: string, buttonId: string, methodId: string, way: number) =>
    t.db.query('update mat_wf_element_button set trigger_method = $3::bigint, trigger_way = $4 where element_id = $1 and button_id = $2', [
      elementId,
      buttonId,
      methodId,
      way,
    ]);

  it('a failing synchronous hook refuses the submit and nothing changes; a passing one lets it through', async () => {
    rtReset();
    await t.db.query("update blade_param set param_value = '127.0.0.1' where param_key = 'matter.hook.allowedHosts'");
    t.app.ctx.params.forget();
    const m = await t.call(admin, {
      method: 'POST',
      url: `${M}/submit`,
      payload: { methodName: '资金核验', triggerWay: 1, requestModel: 'sync', methodUrl: `${base}/check-fail` },
    });
    expect(m.status, JSON.stringify(m.body)).toBe(200);
    const [{ id: methodId }] = await t.db.query<{ id: string }>(
      "select id::text from mat_wf_element_method where method_name = '资金核验'",
    );
    await hookOn(APPROVE, 'agree', methodId, 1);

    const id = await newApply();
    expect((await pass(t, cw, id, 'accept')).status).toBe(200);
    const before = await c.get(admin, `/demoOpinion/getCountByApplyId?applyId=${id}`);
    const refused = await pass(t, admin, id, 'agree');
    expect([refused.status, refused.body.msg]).toEqual([400, '流程方法「资金核验」调用失败：HTTP 500']);
    expect(await state(id)).toMatchObject({ s: 'IN_PROGRESS', cur: '县级审批' });
    expect((await c.get(admin, `/demoOpinion/getCountByApplyId?applyId=${id}`)).body.data).toEqual(before.body.data);
    const call = received.filter((r) => r.path === '/check-fail').at(-1);
    expect(call?.body).toMatchObject({ event: 'before', applyId: id, activityId: 'approve', buttonId: 'agree', action: 'pass' });

    await t.db.query('update mat_wf_element_method set method_url = $2 where id = $1', [methodId, `${base}/check-ok`]);
    const passed = await pass(t, admin, id, 'agree');
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
    expect(passed.body.data.realCurActivityName).toBe('发放登记');
    expect(received.some((r) => r.path === '/check-ok' && r.body.applyId === id)).toBe(true);
    await t.db.query(
      "update mat_wf_element_button set trigger_method = null, trigger_way = null where element_id = $1 and button_id = 'agree'",
      [APPROVE],
    );
  });

  it('an asynchronous hook is fired after the commit and only logged, even when it fails', async () => {
    rtReset();
    const m = await t.call(admin, {
      method: 'POST',
      url: `${M}/submit`,
      payload: { methodName: '受理通知', triggerWay: 2, requestModel: 'async', methodUrl: `${base}/notify-fail` },
    });
    expect(m.status, JSON.stringify(m.body)).toBe(200);
    const [{ id: methodId }] = await t.db.query<{ id: string }>(
      "select id::text from mat_wf_element_method where method_name = '受理通知'",
    );
    await hookOn('1903000000000000121', 'accept', methodId, 2);
    const id = await newApply();
    const accepted = await pass(t, cw, id, 'accept');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(await state(id)).toMatchObject({ s: 'IN_PROGRESS', cur: '县级审批' });
    await vi.waitFor(() => expect(received.some((r) => r.path === '/notify-fail' && r.body.applyId === id)).toBe(true), {
      timeout: 10_000,
    });
    await vi.waitFor(
      async () => {
        await t.app.logs.writer.flush();
        const logs = await t.db.query<{ d: string }>(
          "select log_data as d from blade_log_usual where log_id = 'element-hook' and log_data like '受理通知%' order by create_time",
        );
        expect(logs.some((l) => l.d.includes(' async') && l.d.includes('status=500'))).toBe(true);
      },
      { timeout: 10_000 },
    );
    await t.db.query(
      "update mat_wf_element_button set trigger_method = null, trigger_way = null where element_id = '1903000000000000121' and button_id = 'accept'",
    );
  });
});

describe('step hooks on the task actions (handleTask)', () => {
  const ACCEPT = '1903000000000000121';
  // A method on a step button; the button's trigger way says when it runs (3 退回前, 2 办理后 …).
  const method = async (name: string, url: string, requestModel: 'sync' | 'async') => {
    const m = await t.call(admin, {
      method: 'POST',
      url: '/api/dw-matter/matWfElementMethod/submit',
      payload: { methodName: name, triggerWay: 1, requestModel, methodUrl: `${base}${url}` },
    });
    expect(m.status, JSON.stringify(m.body)).toBe(200);
    const [{ id }] = await t.db.query<{ id: string }>('select id::text from mat_wf_element_method where method_name = $1', [name]);
    return id;
  };
  const hookOn = (elementId: string, buttonId: string, methodId: string | null, way: number | null) =>
    t.db.query('update mat_wf_element_button set trigger_method = $3::bigint, trigger_way = $4 where element_id = $1 and button_id = $2', [
      elementId,
      buttonId,
      methodId,
      way,
    ]);
  const calls = (applyId: string, path: string) => received.filter((r) => r.path === path && r.body.applyId === applyId);
  const opinions = async (id: string) =>
    ((await c.get(admin, `/demoOpinion/getOpinionByApplyId?applyId=${id}`)).body.data as { action: string }[]).map((o) => o.action);

  it("退回 runs the step back button's hook: a failing synchronous one refuses and nothing changes", async () => {
    rtReset();
    await t.db.query("update blade_param set param_value = '127.0.0.1' where param_key = 'matter.hook.allowedHosts'");
    t.app.ctx.params.forget();
    const m = await method('退回校验', '/back-fail', 'sync');
    await hookOn(APPROVE, 'back', m, 3);
    const id = await newApply();
    expect((await pass(t, cw, id, 'accept')).status).toBe(200);
    const taskId = await claimed(admin, id);
    const ops = await opinions(id);
    const body = { applyId: id, taskId, realCurActivityName: '县级审批', action: 'back', targetActivityId: 'accept', reason: '材料不全' };
    const refused = await act(admin, body);
    expect([refused.status, refused.body.msg]).toEqual([400, '流程方法「退回校验」调用失败：HTTP 500']);
    expect(await state(id)).toMatchObject({ s: 'IN_PROGRESS', cur: '县级审批' });
    expect(await opinions(id)).toEqual(ops);
    expect(calls(id, '/back-fail').map((r) => r.body)).toEqual([
      expect.objectContaining({ event: 'before', taskId, activityId: 'approve', buttonId: 'back', action: 'back', content: '材料不全' }),
    ]);

    await t.db.query('update mat_wf_element_method set method_url = $2 where id = $1', [m, `${base}/back-ok`]);
    const back = await act(admin, body);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data.realCurActivityName).toBe('乡镇受理核实');
    expect(calls(id, '/back-ok')).toHaveLength(1);
    await hookOn(APPROVE, 'back', null, null);
  });

  it('不予受理 runs an after hook before the commit: its failure leaves the application as it was', async () => {
    rtReset();
    const m = await method('不予受理登记', '/refuse-fail', 'sync');
    await hookOn(ACCEPT, 'refuse', m, 2);
    const id = await newApply();
    const taskId = await claimed(cw, id);
    const refused = await act(cw, { applyId: id, taskId, action: 'notAccept', reason: '不符合条件' });
    expect([refused.status, refused.body.msg]).toEqual([400, '流程方法「不予受理登记」调用失败：HTTP 500']);
    expect(await state(id)).toMatchObject({ s: 'SUBMITTED', cur: '乡镇受理核实' });
    expect(await opinions(id)).not.toContain('notAccept');
    expect((await c.taskOf(cw, id))?.taskId).toBe(taskId);
    expect(calls(id, '/refuse-fail').map((r) => r.body.event)).toEqual(['after']);
    await hookOn(ACCEPT, 'refuse', null, null);
  });

  it("补正 through handleTask and through the step button run the button's hooks; an async one after the commit", async () => {
    rtReset();
    const sync = await method('补正校验', '/supplement-fail', 'sync');
    await hookOn(ACCEPT, 'supplement', sync, 1);
    const viaButton = await newApply();
    const task1 = await claimed(cw, viaButton);
    const press = await c.post(cw, '/demoOpinion/submit', {
      applyId: viaButton,
      taskId: task1,
      buttonId: 'supplement',
      content: '缺户口簿',
    });
    expect([press.status, press.body.msg]).toEqual([400, '流程方法「补正校验」调用失败：HTTP 500']);
    expect((await state(viaButton)).s).toBe('SUBMITTED');
    expect(calls(viaButton, '/supplement-fail').map((r) => r.body)).toEqual([
      expect.objectContaining({ event: 'before', buttonId: 'supplement', action: 'supplement' }),
    ]);

    const notify = await method('补正通知', '/supplement-notify', 'async');
    await hookOn(ACCEPT, 'supplement', notify, 2);
    const id = await newApply();
    const taskId = await claimed(cw, id);
    const asked = await act(cw, { applyId: id, taskId, action: 'supplement', reason: '缺户口簿' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.data.status).toBe('AWAIT_SUPPLEMENT');
    await vi.waitFor(() => expect(calls(id, '/supplement-notify').map((r) => r.body.action)).toEqual(['supplement']), {
      timeout: 10_000,
    });
    await hookOn(ACCEPT, 'supplement', null, null);
  });
});

describe('custom handlers as next users (mat-wf-custom-handler)', () => {
  it('are offered for the next step, accepted at submit, and candidates when no one is chosen', async () => {
    rtReset();
    const id = await newApply();
    expect((await pass(t, cw, id, 'accept')).status).toBe(200);
    const offered = async () =>
      ((await c.get(admin, `/demoOpinion/getNextActUsers?applyId=${id}&buttonId=agree`)).body.data.users as { id: string }[]).map(
        (u) => u.id,
      );
    expect(await offered()).not.toContain(cw.userId);
    const refused = await pass(t, admin, id, 'agree', { nextUsers: [cw.userId] });
    expect([refused.status, refused.body.msg]).toEqual([400, '所选办理人不在下一环节办理人范围内']);
    expect((await state(id)).cur).toBe('县级审批');

    const set = await t.call(admin, {
      method: 'POST',
      url: '/api/dw-matter/matWfCustomHandler/save',
      payload: { elementId: REGISTER, handlerName: '发放复核组', userIds: cw.userId },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(await offered()).toEqual(expect.arrayContaining([cw.userId, auditor.userId]));
    const chosen = await pass(t, admin, id, 'agree', { nextUsers: [cw.userId] });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect((await c.taskOf(cw, id))?.realCurActivityName).toBe('发放登记');
    expect(await c.taskOf(auditor, id)).toBeUndefined();
    // Without a choice the step's task goes to its transactors and the custom handlers alike.
    const other = await newApply();
    expect((await pass(t, cw, other, 'accept')).status).toBe(200);
    expect((await pass(t, admin, other, 'agree')).status).toBe(200);
    expect((await c.taskOf(cw, other))?.realCurActivityName).toBe('发放登记');
    expect((await c.taskOf(auditor, other))?.realCurActivityName).toBe('发放登记');
    await t.db.query('update mat_wf_custom_handler set is_deleted = 1 where element_id = $1', [REGISTER]);
  });
});

describe('warnings to the step leader role', () => {
  it('notifies the leader role once per state, beside the handler', async () => {
    const rt = workflowOf(t.app.ctx);
    await setStep(APPROVE, 'leader_role = $2::bigint', [auditorRole]);
    rt.clock = () => at('2026-12-01T10:00:00');
    const id = await newApply();
    expect((await pass(t, cw, id, 'accept')).status).toBe(200);
    await claimed(admin, id);
    const job = new WarnJob(rt);
    // 县级审批: warning after 3 working days, overdue after 10.
    rt.clock = () => at('2026-12-04T11:00:00');
    await job.runOnce();
    await job.runOnce();
    expect(await noticesOf(auditor, id, '预警%')).toEqual(['预警：孤儿基本生活费申领（县级审批）']);
    expect(await noticesOf(admin, id, '预警%')).toEqual(['预警：孤儿基本生活费申领（县级审批）']);
    rt.clock = () => at('2026-12-16T11:00:00');
    await job.runOnce();
    await job.runOnce();
    expect(await noticesOf(auditor, id, '超期%')).toEqual(['超期：孤儿基本生活费申领（县级审批）']);
    expect(await noticesOf(cw, id, '超期%')).toEqual([]);
    await setStep(APPROVE, 'leader_role = null');
  });
});

function rtReset() {
  workflowOf(t.app.ctx).clock = () => new Date();
}
