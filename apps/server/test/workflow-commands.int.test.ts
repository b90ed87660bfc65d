import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobPoller } from '../src/modules/workflow/poller.ts';
import { workflowOf } from '../src/modules/workflow/runtime.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';
import { process, TIMED, upload, workflowCounts } from './helpers/workflow.ts';

// Claims racing, refused input that changes nothing, timers counted in working days (National Day
// 2026: Oct 1–7 off, Saturday Oct 10 worked) fired by moving the clock, and suspension.

let t: TestApp;
let admin: TestUser;
let caseworker: TestUser;
let auditor: TestUser;
let definitionId: string;
const W = '/api/blade-flow/work';
let now = new Date('2026-09-30T02:00:00Z'); // Wednesday 10:00 in Shanghai

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin', '100001');
  caseworker = await t.as('caseworker', '100001');
  auditor = await t.as('auditor', '100001');
  workflowOf(t.app.ctx).clock = () => now;
  const res = await upload(t, admin, 'timed.bpmn20.xml', TIMED);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data[0]).toMatchObject({ key: 'Timed', version: 1, category: 'flow_2', categoryName: '业务流程' });
  definitionId = res.body.data[0].id;
});
afterAll(() => t?.close());

/** Starts an instance as the admin; returns its id and its open task. */
async function startTimed() {
  const id = await workflowOf(t.app.ctx).start({
    tenantId: '100001',
    definitionId,
    starter: admin.userId,
    starterName: '租户管理员',
    starterDept: null,
  });
  const [task] = await t.db.query<{ id: string }>(`select id::text from wf_task where instance_id = $1 and status = 'open'`, [id]);
  return { id, taskId: task.id };
}

const post = (u: TestUser, url: string, payload?: object) => t.call(u, { method: 'POST', url, payload });

describe('claims', () => {
  it('lets exactly one of two concurrent claimers win; the other gets 409', async () => {
    const { taskId } = await startTimed();
    const [a, b] = await Promise.all([
      post(caseworker, `${W}/claim-task?taskId=${taskId}`),
      post(auditor, `${W}/claim-task?taskId=${taskId}`),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)?.body.msg).toBe('任务已被他人签收');
    const [row] = await t.db.query<{ assignee: string }>('select assignee from wf_task where id = $1', [taskId]);
    expect([caseworker.userId, auditor.userId]).toContain(row.assignee);
  });

  it('refuses a claim by someone who is not a candidate, and an unclaim by someone else', async () => {
    const { taskId } = await startTimed();
    const before = await workflowCounts(t);
    expect((await post(admin, `${W}/claim-task?taskId=${taskId}`)).status).toBe(403);
    expect((await post(caseworker, `${W}/unclaim-task?taskId=${taskId}`)).status).toBe(409);
    expect(await workflowCounts(t)).toEqual(before);
    expect((await post(caseworker, `${W}/claim-task?taskId=${taskId}`)).status).toBe(200);
    expect((await post(caseworker, `${W}/unclaim-task?taskId=${taskId}`)).status).toBe(200);
  });
});

describe('bad input', () => {
  it('answers 4xx and changes nothing', async () => {
    const { taskId } = await startTimed();
    const other = await t.newTenant('200001');
    const before = await workflowCounts(t);
    const unknown = await post(caseworker, `${W}/claim-task?taskId=123456789`);
    expect([unknown.status, unknown.body.msg]).toEqual([404, '任务不存在']);
    expect((await post(other, `${W}/claim-task?taskId=${taskId}`)).status).toBe(404);
    expect((await post(other, `${W}/complete-task`, { taskId, flag: 'ok' })).status).toBe(404);
    expect((await post(caseworker, `${W}/complete-task`, { taskId, flag: 'maybe' })).status).toBe(400);
    expect((await post(caseworker, `${W}/claim-task?taskId=abc`)).status).toBe(400);
    expect((await post(auditor, `${W}/return-task`, { taskId, targetNodeId: 'nowhere' })).status).toBe(400);
    const malformed = await upload(t, admin, 'bad.bpmn', '<definitions><process id="x"');
    expect(malformed.status).toBe(400);
    const script = await upload(
      t,
      admin,
      'script.bpmn',
      process('S', 'S', '<startEvent id="s"/><scriptTask id="sc"/><sequenceFlow id="f" sourceRef="s" targetRef="sc"/>'),
    );
    expect(script.status).toBe(400);
    expect(script.body.msg).toContain('sc');
    expect((await upload(t, admin, 'timed.txt', TIMED)).status).toBe(400);
    const cut = await t.call(admin, {
      method: 'POST',
      url: '/api/blade-flow/manager/deploy-upload',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="files"; filename="a.bpmn"\r\n\r\n<defin',
    });
    expect(cut.status).toBe(400);
    const big = await upload(t, admin, 'big.bpmn', Buffer.alloc(6 * 1024 * 1024, 32));
    expect(big.status).toBe(413);
    expect(big.body.msg).toBe('流程文件不能超过5MB');
    expect((await post(admin, '/api/blade-flow/follow/delete-process-instance?processInstanceId=1')).body.msg).toBe('请输入删除原因');
    expect(await workflowCounts(t)).toEqual(before);
  });
});

describe('timers in working days', () => {
  it('fire after 3 working days across National Day, when the clock is moved', async () => {
    now = new Date('2026-09-30T02:00:00Z');
    const { id } = await startTimed();
    const [job] = await t.db.query<{ due: string }>(
      `select to_char(due_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as due from wf_job where instance_id = $1`,
      [id],
    );
    expect(job.due).toBe('2026-10-10 10:00'); // Oct 8, 9 and the worked Saturday Oct 10
    const poller = new JobPoller(workflowOf(t.app.ctx));
    now = new Date('2026-10-09T02:00:00Z');
    await poller.pollOnce();
    expect(await t.db.query(`select 1 from wf_task where instance_id = $1 and node_id = 'escalated'`, [id])).toHaveLength(0);
    now = new Date('2026-10-10T02:00:00Z');
    expect(await poller.pollOnce()).toBeGreaterThanOrEqual(1);
    const tasks = await t.db.query<{ node: string; status: string; assignee: string }>(
      'select node_id as node, status, assignee from wf_task where instance_id = $1 order by created_at, id',
      [id],
    );
    expect(tasks).toEqual([
      { node: 'review', status: 'cancelled', assignee: null },
      { node: 'escalated', status: 'open', assignee: admin.userId },
    ]);
    expect(await poller.pollOnce()).toBe(0);
  });

  it('do not count the time an instance spent suspended, and suspended instances refuse work', async () => {
    now = new Date('2026-09-30T02:00:00Z');
    const { id, taskId } = await startTimed();
    const F = '/api/blade-flow/follow';
    expect((await post(admin, `${F}/suspend?processInstanceId=${id}`)).status).toBe(200);
    const refused = await post(caseworker, `${W}/claim-task?taskId=${taskId}`);
    expect([refused.status, refused.body.msg]).toEqual([409, '流程已挂起，请先激活']);
    now = new Date('2026-10-12T04:00:00Z'); // Monday: Oct 8, 9, 10 and 12 passed while suspended
    const poller = new JobPoller(workflowOf(t.app.ctx));
    await poller.pollOnce();
    expect(await t.db.query('select 1 from wf_job where instance_id = $1', [id])).toHaveLength(1);
    expect((await post(admin, `${F}/resume?processInstanceId=${id}`)).status).toBe(200);
    const [job] = await t.db.query<{ due: string }>(
      `select to_char(due_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as due from wf_job where instance_id = $1`,
      [id],
    );
    expect(job.due).toBe('2026-10-15 10:00');
    const follow = await t.call(admin, { method: 'GET', url: `${F}/list?processDefinitionKey=Timed&size=100` });
    expect(follow.body.data.records.find((r: { processInstanceId: string }) => r.processInstanceId === id)).toMatchObject({
      status: 'running',
      suspensionState: 1,
    });
    expect((await post(caseworker, `${W}/claim-task?taskId=${taskId}`)).status).toBe(200);
  });
});

describe('refused starts', () => {
  it("run nothing: a service task's handler at the first step is never called when the definition is suspended or another tenant's", async () => {
    const rt = workflowOf(t.app.ctx);
    const calls: string[] = [];
    rt.services['civ.test.notifyOutside'] = (c) => void calls.push(c.instanceId);
    const res = await upload(
      t,
      admin,
      'notify-first.bpmn20.xml',
      process(
        'NotifyFirst',
        '先通知',
        `<startEvent id="s"/><serviceTask id="notify" name="通知" flowable:class="civ.test.notifyOutside"/>
         <userTask id="review" name="审核" flowable:assignee="\${u}"/><endEvent id="e"/>
         <sequenceFlow id="a" sourceRef="s" targetRef="notify"/><sequenceFlow id="b" sourceRef="notify" targetRef="review"/>
         <sequenceFlow id="c" sourceRef="review" targetRef="e"/>`,
      ),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const notifyId: string = res.body.data[0].id;
    const startAs = (tenantId: string) =>
      rt.start({
        tenantId,
        definitionId: notifyId,
        starter: admin.userId,
        starterName: '租户管理员',
        starterDept: null,
        variables: { u: admin.userId },
      });
    const before = await workflowCounts(t);
    expect((await post(admin, `/api/blade-flow/manager/change-state?state=suspend&processId=${notifyId}`)).status).toBe(200);
    await expect(startAs('100001')).rejects.toMatchObject({ status: 409, message: '流程定义已挂起，不能发起' });
    expect((await post(admin, `/api/blade-flow/manager/change-state?state=active&processId=${notifyId}`)).status).toBe(200);
    await expect(startAs('000000')).rejects.toMatchObject({ status: 404, message: '流程定义不存在' });
    expect(calls).toEqual([]);
    expect(await workflowCounts(t)).toEqual(before);
    // active and the tenant's own: the handler runs once, at the start
    const id = await startAs('100001');
    expect(calls).toEqual([id]);
    const open = await t.db.query<{ node: string }>(`select node_id as node from wf_task where instance_id = $1 and status = 'open'`, [id]);
    expect(open).toEqual([{ node: 'review' }]);
  });
});
