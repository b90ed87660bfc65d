import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// The workflow's notices for the bell: each new task tells its assignee (or its candidates), the
// notice lists newest first with what the bell needs to open the task, and only its user marks it read.

const T = '100001';
const W = '/api/blade-flow/work';
let t: TestApp;
let applicant: TestUser;
let leader: TestUser;
let instanceId: string;

beforeAll(async () => {
  t = await buildTestApp();
  applicant = await t.as('caseworker', T);
  leader = await t.as('auditor', T);
  const list = await t.call(applicant, { method: 'GET', url: `${W}/start-list?current=1&size=50` });
  const def = list.body.data.records.find((r: { key: string }) => r.key === 'Leave');
  const res = await t.call(applicant, {
    method: 'POST',
    url: '/api/blade-desk/process/leave/start-process',
    payload: {
      processDefinitionId: def.id,
      startTime: '2026-12-01 09:00:00',
      endTime: '2026-12-01 18:00:00',
      reason: '事假',
      taskUser: leader.userId,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  instanceId = res.body.data.processInstanceId;
});
afterAll(() => t?.close());

const get = async (u: TestUser, url: string) => {
  const res = await t.call(u, { method: 'GET', url });
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
};
type Row = { id: string; processInstanceId: string; title: string };

describe('workflow notices', () => {
  let noticeId: string;

  it('the approver has an unread notice of the new task, counted', async () => {
    const page = await get(leader, `${W}/notice-list?current=1&size=10&isRead=0`);
    const row = page.records.find((r: Row) => r.processInstanceId === instanceId);
    expect(row).toMatchObject({
      title: '待办：部门经理审批',
      isRead: false,
      readTime: null,
      taskStatus: 'open',
      formKey: '/work/process/leave/handle',
      processDefinitionName: '请假流程',
    });
    expect(row.taskId).toMatch(/^\d+$/);
    expect(row.businessId).toBeTruthy();
    noticeId = row.id;
    expect((await get(leader, `${W}/counts`)).notice).toBeGreaterThanOrEqual(1);
    // The applicant was not told about the approver's task.
    expect((await get(applicant, `${W}/notice-list`)).records.map((r: Row) => r.id)).not.toContain(noticeId);
  });

  it('only its user marks it read', async () => {
    const other = await t.call(applicant, { method: 'POST', url: `${W}/notice-read?ids=${noticeId}` });
    expect(other.status).toBe(200);
    expect(other.body.data).toBe(0);
    const before = (await get(leader, `${W}/counts`)).notice;
    const res = await t.call(leader, { method: 'POST', url: `${W}/notice-read?ids=${noticeId}` });
    expect(res.body.data).toBe(1);
    expect((await get(leader, `${W}/counts`)).notice).toBe(before - 1);
    expect((await get(leader, `${W}/notice-list?isRead=0`)).records.map((r: Row) => r.id)).not.toContain(noticeId);
    const row = (await get(leader, `${W}/notice-list?isRead=1`)).records.find((r: Row) => r.id === noticeId);
    expect(row).toMatchObject({ isRead: true });
    expect(row.readTime).toMatch(/^\d{4}-\d{2}-\d{2} /);
  });

  it('refuses bad input with a 400 and needs a signed-in user', async () => {
    expect((await t.call(leader, { method: 'POST', url: `${W}/notice-read?ids=x` })).status).toBe(400);
    expect((await t.call(leader, { method: 'GET', url: `${W}/notice-list?isRead=yes` })).status).toBe(400);
    expect((await t.call(null, { method: 'GET', url: `${W}/notice-list` })).status).toBe(401);
  });
});
