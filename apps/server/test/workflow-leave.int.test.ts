import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// The leave request end to end through the HTTP calls the screens make: start, the approver's todo,
// return and resubmit, the candidate group's claim, completion, and every list on the way.

let t: TestApp;
let applicant: TestUser;
let leader: TestUser;
let hr: TestUser;
const W = '/api/blade-flow/work';

beforeAll(async () => {
  t = await buildTestApp();
  applicant = await t.as('caseworker', '100001');
  leader = await t.as('auditor', '100001');
  hr = await t.as('admin', '100001');
});
afterAll(() => t?.close());

const get = async (u: TestUser, url: string) => {
  const res = await t.call(u, { method: 'GET', url });
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
};
const post = (u: TestUser, url: string, payload?: object) => t.call(u, { method: 'POST', url, payload });
const ids = (page: { records: { processInstanceId: string }[] }) => page.records.map((r) => r.processInstanceId);

describe('leave request', () => {
  let definitionId: string;
  let instanceId: string;
  let businessId: string;

  it('is offered in the start list and starts with its business row', async () => {
    const list = await get(applicant, `${W}/start-list?current=1&size=50`);
    const leave = list.records.find((r: { key: string }) => r.key === 'Leave');
    expect(leave).toMatchObject({ name: '请假流程', category: 'flow_1', categoryName: '办公流程', version: 1, suspensionState: 1 });
    definitionId = leave.id;
    const res = await post(applicant, '/api/blade-desk/process/leave/start-process', {
      processDefinitionId: definitionId,
      startTime: '2026-12-01 09:00:00',
      endTime: '2026-12-03 18:00:00',
      reason: '回家探亲',
      taskUser: leader.userId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ({ businessId, processInstanceId: instanceId } = res.body.data);
    const detail = await get(applicant, `/api/blade-desk/process/leave/detail?businessId=${businessId}`);
    expect(detail).toMatchObject({ processInstanceId: instanceId, days: 3, reason: '回家探亲', applyUser: applicant.userId });
    expect(ids(await get(applicant, `${W}/send-list`))).toContain(instanceId);
  });

  it('reaches the approver, who returns it to the applicant', async () => {
    const todo = await get(leader, `${W}/todo-list?processDefinitionName=请假`);
    const task = todo.records.find((r: { processInstanceId: string }) => r.processInstanceId === instanceId);
    expect(task).toMatchObject({ taskName: '部门经理审批', businessId, businessTable: 'wf_leave', processDefinitionKey: 'Leave' });
    expect((await get(leader, `${W}/counts`)).todo).toBeGreaterThanOrEqual(1);
    // Someone else cannot act on it.
    const stolen = await post(hr, `${W}/complete-task`, { taskId: task.taskId, flag: 'ok' });
    expect(stolen.status).toBe(403);
    const res = await post(leader, `${W}/complete-task`, {
      taskId: task.taskId,
      processInstanceId: instanceId,
      flag: 'reject',
      comment: '请补充说明',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const again = await post(leader, `${W}/complete-task`, { taskId: task.taskId, flag: 'ok' });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('任务已办理');
    const done = await get(leader, `${W}/done-list`);
    expect(done.records.find((r: { taskId: string }) => r.taskId === task.taskId)).toMatchObject({ comment: '请补充说明', flag: 'reject' });
  });

  it('goes back to the approver when the applicant resubmits, then to the candidate group', async () => {
    const mine = await get(applicant, `${W}/todo-list`);
    const modify = mine.records.find((r: { processInstanceId: string }) => r.processInstanceId === instanceId);
    expect(modify.taskName).toBe('调整申请');
    expect((await post(applicant, `${W}/complete-task`, { taskId: modify.taskId, comment: '已补充' })).status).toBe(200);
    const todo = await get(leader, `${W}/todo-list`);
    const task = todo.records.find((r: { processInstanceId: string }) => r.processInstanceId === instanceId);
    expect((await post(leader, `${W}/complete-task`, { taskId: task.taskId, flag: 'ok', comment: '同意' })).status).toBe(200);
    const claim = await get(hr, `${W}/claim-list`);
    const hrTask = claim.records.find((r: { processInstanceId: string }) => r.processInstanceId === instanceId);
    expect(hrTask.taskName).toBe('人事审批');
    expect(ids(await get(applicant, `${W}/claim-list`))).not.toContain(instanceId);
    expect((await post(hr, `${W}/claim-task?taskId=${hrTask.taskId}`)).status).toBe(200);
    expect(ids(await get(hr, `${W}/todo-list`))).toContain(instanceId);
    expect((await post(hr, `${W}/complete-task`, { taskId: hrTask.taskId, flag: 'ok' })).status).toBe(200);
  });

  it('ends, with its steps in order in the history and the diagram', async () => {
    const send = await get(applicant, `${W}/send-list`);
    expect(send.records.find((r: { processInstanceId: string }) => r.processInstanceId === instanceId)).toMatchObject({
      status: 'completed',
      processIsFinished: true,
    });
    const flow = await get(applicant, `/api/blade-flow/process/history-flow-list?processInstanceId=${instanceId}`);
    const tasks = flow.filter((f: { historyActivityType: string }) => f.historyActivityType === 'userTask');
    expect(tasks.map((f: { historyActivityName: string }) => f.historyActivityName)).toEqual([
      '部门经理审批',
      '调整申请',
      '部门经理审批',
      '人事审批',
    ]);
    expect(tasks.every((f: { endTime: string | null }) => f.endTime)).toBe(true);
    expect(tasks[0]).toMatchObject({ comment: '请补充说明', flag: 'reject', assigneeName: '王审核' });
    expect(flow[0].historyActivityType).toBe('startEvent');
    expect(flow.at(-1)).toMatchObject({ historyActivityId: 'end', historyActivityType: 'endEvent' });
    const view = await get(applicant, `/api/blade-flow/process/model-view?processInstanceId=${instanceId}`);
    expect(view.xml).toContain('<process id="Leave"');
    expect(view.flow).toHaveLength(flow.length);
    expect(view.takenFlows).toEqual(expect.arrayContaining(['f1', 'f2', 'f3', 'f4', 'f8']));
    const follow = await get(hr, '/api/blade-flow/follow/list?processDefinitionKey=Leave');
    expect(ids(follow)).toContain(instanceId);
  });
});
