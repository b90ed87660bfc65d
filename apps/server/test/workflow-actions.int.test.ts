import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAVE_XML } from '../src/modules/workflow/leave-model.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';
import { process, workflowCounts } from './helpers/workflow.ts';

// Models (save, check, deploy as a new version, remove), deployments (suspend, delete refused while
// instances run) and the less common task commands: return, recall, delegate, transfer, CC, add-sign.

let t: TestApp;
let admin: TestUser;
let caseworker: TestUser;
let auditor: TestUser;
const W = '/api/blade-flow/work';
const M = '/api/blade-flow/model';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin', '100001');
  caseworker = await t.as('caseworker', '100001');
  auditor = await t.as('auditor', '100001');
});
afterAll(() => t?.close());

const post = (u: TestUser, url: string, payload?: object) => t.call(u, { method: 'POST', url, payload });
const get = async (u: TestUser, url: string) => {
  const res = await t.call(u, { method: 'GET', url });
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
};

/** Starts a leave request as the caseworker with the auditor as approver; returns the instance and its first task. */
async function startLeave(definitionId: string) {
  const res = await post(caseworker, '/api/blade-desk/process/leave/start-process', {
    processDefinitionId: definitionId,
    startTime: '2026-12-01',
    endTime: '2026-12-01',
    reason: '事假',
    taskUser: auditor.userId,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id = res.body.data.processInstanceId as string;
  const [task] = await t.db.query<{ id: string }>(`select id::text from wf_task where instance_id = $1 and status = 'open'`, [id]);
  return { id, taskId: task.id };
}

describe('models and deployments', () => {
  let definitionId: string;

  it('saves a model after checking it, and deploys it as the next version', async () => {
    const before = await workflowCounts(t);
    const bad = await post(admin, `${M}/submit`, { name: '坏', modelKey: '9x', xml: LEAVE_XML });
    expect(bad.status).toBe(400);
    const refused = await post(admin, `${M}/submit`, {
      name: '脚本',
      modelKey: 'Script',
      xml: process('Script', '脚本', '<startEvent id="s"/><scriptTask id="run"/><sequenceFlow id="f" sourceRef="s" targetRef="run"/>'),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain('run');
    const dup = await post(admin, `${M}/submit`, { name: '请假', modelKey: 'Leave', xml: LEAVE_XML });
    expect([dup.status, dup.body.msg]).toEqual([400, '模型标识已存在']);
    expect(await workflowCounts(t)).toEqual(before);
    const list = await get(admin, `${M}/list?modelKey=Leave`);
    const model = list.records[0];
    const saved = await post(admin, `${M}/submit`, {
      id: model.id,
      name: '请假流程',
      modelKey: 'Leave',
      description: '第二版',
      xml: LEAVE_XML,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ modelKey: 'Leave', description: '第二版', version: model.version + 1 });
    expect((await get(admin, `${M}/detail?id=${model.id}`)).xml).toBe(LEAVE_XML);
    const deployed = await post(admin, `${M}/deploy?modelId=${model.id}&category=flow_1`);
    expect(deployed.status, JSON.stringify(deployed.body)).toBe(200);
    expect(deployed.body.data).toMatchObject({ key: 'Leave', version: 2, suspensionState: 1 });
    definitionId = deployed.body.data.id;
    const start = await get(caseworker, `${W}/start-list?size=100`);
    expect(start.records.filter((r: { key: string }) => r.key === 'Leave').map((r: { version: number }) => r.version)).toEqual([2]);
    expect((await post(caseworker, `${M}/deploy?modelId=${model.id}`)).status).toBe(403);
  });

  it('suspends a definition (no new instances) and refuses to delete one with running instances unless asked', async () => {
    const { id } = await startLeave(definitionId);
    const [{ deploymentId }] = (await get(admin, '/api/blade-flow/manager/list?key=Leave&size=100')).records.filter(
      (r: { id: string }) => r.id === definitionId,
    );
    expect((await post(admin, `/api/blade-flow/manager/change-state?state=suspend&processId=${definitionId}`)).status).toBe(200);
    const refused = await post(caseworker, '/api/blade-desk/process/leave/start-process', {
      processDefinitionId: definitionId,
      startTime: '2026-12-01',
      endTime: '2026-12-01',
      reason: '事假',
      taskUser: auditor.userId,
    });
    expect([refused.status, refused.body.msg]).toEqual([409, '流程定义已挂起，不能发起']);
    expect((await post(admin, `/api/blade-flow/manager/change-state?state=active&processId=${definitionId}`)).status).toBe(200);
    const kept = await post(admin, `/api/blade-flow/manager/delete-deployment?deploymentIds=${deploymentId}`);
    expect([kept.status, kept.body.msg]).toEqual([400, '该流程存在运行中的实例，不能删除']);
    expect((await post(admin, `/api/blade-flow/manager/delete-deployment?deploymentIds=${deploymentId}&cascade=true`)).status).toBe(200);
    const [inst] = await t.db.query<{ status: string }>('select status from wf_instance where id = $1', [id]);
    expect(inst.status).toBe('terminated');
    expect(await t.db.query(`select 1 from wf_task where instance_id = $1 and status = 'open'`, [id])).toHaveLength(0);
  });
});

describe('task commands', () => {
  let definitionId: string;
  beforeAll(async () => {
    const list = await get(caseworker, `${W}/start-list?size=100`);
    definitionId = list.records.find((r: { key: string }) => r.key === 'Leave').id;
  });

  it('recalls a completed step while the next is untouched, and returns to a passed step', async () => {
    const { id, taskId } = await startLeave(definitionId);
    expect((await post(auditor, `${W}/complete-task`, { taskId, flag: 'ok', comment: '同意' })).status).toBe(200);
    expect((await post(caseworker, `${W}/recall-task?taskId=${taskId}&processInstanceId=${id}`)).status).toBe(403);
    const recalled = await post(auditor, `${W}/recall-task?taskId=${taskId}&processInstanceId=${id}`);
    expect(recalled.status, JSON.stringify(recalled.body)).toBe(200);
    const [again] = await t.db.query<{ id: string; node: string; assignee: string }>(
      `select id::text, node_id as node, assignee from wf_task where instance_id = $1 and status = 'open'`,
      [id],
    );
    expect(again).toMatchObject({ node: 'deptLeaderAudit', assignee: auditor.userId });
    expect((await post(auditor, `${W}/complete-task`, { taskId: again.id, flag: 'ok' })).status).toBe(200);
    const [hr] = await t.db.query<{ id: string }>(`select id::text from wf_task where instance_id = $1 and status = 'open'`, [id]);
    expect((await post(admin, `${W}/claim-task?taskId=${hr.id}`)).status).toBe(200);
    // Once the next step is claimed, the recall is refused.
    expect((await post(auditor, `${W}/recall-task?taskId=${again.id}`)).status).toBe(409);
    const targets = await get(admin, `${W}/return-targets?taskId=${hr.id}`);
    expect(targets).toContainEqual({ nodeId: 'deptLeaderAudit', nodeName: '部门经理审批' });
    const back = await post(admin, `${W}/return-task`, { taskId: hr.id, targetNodeId: 'deptLeaderAudit', comment: '请重审' });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const flow = await get(admin, `/api/blade-flow/process/history-flow-list?processInstanceId=${id}`);
    expect(flow.find((f: { taskId: string }) => f.taskId === hr.id)).toMatchObject({ flag: 'return', comment: '请重审' });
    expect((await get(auditor, `${W}/todo-list`)).records.some((r: { processInstanceId: string }) => r.processInstanceId === id)).toBe(
      true,
    );
  });

  it('delegates (back to the owner when resolved), transfers, copies and adds a signer', async () => {
    const { id, taskId } = await startLeave(definitionId);
    expect((await post(auditor, `${W}/delegate-task?taskId=${taskId}&userId=${admin.userId}`)).status).toBe(200);
    expect((await post(auditor, `${W}/complete-task`, { taskId, flag: 'ok' })).status).toBe(403);
    expect((await post(admin, `${W}/complete-task`, { taskId, flag: 'ok', comment: '已看' })).status).toBe(200);
    const [back] = await t.db.query<{ assignee: string; status: string }>('select assignee, status from wf_task where id = $1', [taskId]);
    expect(back).toEqual({ assignee: auditor.userId, status: 'open' });
    expect((await post(auditor, `${W}/transfer-task?taskId=${taskId}&userId=${caseworker.userId}`)).status).toBe(200);
    expect((await post(caseworker, `${W}/cc?taskId=${taskId}&userIds=${admin.userId}`)).status).toBe(200);
    expect(
      await t.db.query('select 1 from wf_cc where instance_id = $1 and user_id = $2 and read_time is null', [id, admin.userId]),
    ).toHaveLength(1);
    const signed = await post(caseworker, `${W}/add-sign`, { taskId, position: 'before', userIds: [admin.userId] });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const waiting = await post(caseworker, `${W}/complete-task`, { taskId, flag: 'ok' });
    expect(waiting.status).toBe(409);
    const [sign] = await t.db.query<{ id: string }>(`select id::text from wf_task where parent_task_id = $1 and status = 'open'`, [taskId]);
    expect((await post(admin, `${W}/complete-task`, { taskId: sign.id, flag: 'ok' })).status).toBe(200);
    expect((await post(caseworker, `${W}/complete-task`, { taskId, flag: 'ok' })).status).toBe(200);
    const counts = await get(admin, `${W}/counts`);
    expect(counts).toMatchObject({
      claim: expect.any(Number),
      todo: expect.any(Number),
      send: expect.any(Number),
      done: expect.any(Number),
    });
  });
});
