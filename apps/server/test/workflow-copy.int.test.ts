import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// 抄送: the approver copies the request to a colleague, who finds it in their copy list, unread and
// counted, and marks it read; nobody marks another's copy.

const T = '100001';
const W = '/api/blade-flow/work';
let t: TestApp;
let applicant: TestUser;
let leader: TestUser;
let reader: TestUser;
let instanceId: string;

beforeAll(async () => {
  t = await buildTestApp();
  applicant = await t.as('caseworker', T);
  leader = await t.as('auditor', T);
  reader = await t.as('admin', T);
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

describe('copies (抄送)', () => {
  let copyId: string;

  it('a copy reaches the user unread, with the process, task and sender, and is counted', async () => {
    const before = (await get(reader, `${W}/counts`)).copy;
    const todo = await get(leader, `${W}/todo-list`);
    const task = todo.records.find((r: { processInstanceId: string }) => r.processInstanceId === instanceId);
    const cc = await t.call(leader, { method: 'POST', url: `${W}/cc?taskId=${task.taskId}&userIds=${reader.userId}` });
    expect(cc.status, JSON.stringify(cc.body)).toBe(200);
    const page = await get(reader, `${W}/copy-list?current=1&size=10`);
    const row = page.records.find((r: { processInstanceId: string }) => r.processInstanceId === instanceId);
    expect(row).toMatchObject({
      taskId: task.taskId,
      taskName: '部门经理审批',
      processDefinitionName: '请假流程',
      categoryName: '办公流程',
      fromUser: leader.userId,
      isRead: false,
      readTime: null,
      status: 'running',
    });
    expect(row.fromUserName).toBeTruthy();
    expect(row.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    copyId = row.id;
    expect((await get(reader, `${W}/counts`)).copy).toBe(before + 1);
    expect((await get(reader, `${W}/copy-list?isRead=0`)).records.map((r: { id: string }) => r.id)).toContain(copyId);
    // Not in anyone else's list.
    expect((await get(applicant, `${W}/copy-list`)).records.map((r: { id: string }) => r.id)).not.toContain(copyId);
  });

  it('only its user marks it read', async () => {
    const other = await t.call(applicant, { method: 'POST', url: `${W}/copy-read?ids=${copyId}` });
    expect(other.status).toBe(200);
    expect(other.body.data).toBe(0);
    const before = (await get(reader, `${W}/counts`)).copy;
    const res = await t.call(reader, { method: 'POST', url: `${W}/copy-read?ids=${copyId}` });
    expect(res.status).toBe(200);
    expect(res.body.data).toBe(1);
    expect((await get(reader, `${W}/counts`)).copy).toBe(before - 1);
    const row = (await get(reader, `${W}/copy-list?isRead=1`)).records.find((r: { id: string }) => r.id === copyId);
    expect(row).toMatchObject({ isRead: true });
    expect(row.readTime).toMatch(/^\d{4}-\d{2}-\d{2} /);
  });

  it('refuses bad input with a 400', async () => {
    for (const url of [`${W}/copy-read?ids=abc`, `${W}/copy-read`]) {
      const res = await t.call(reader, { method: 'POST', url });
      expect(res.status, url).toBe(400);
    }
    expect((await t.call(reader, { method: 'GET', url: `${W}/copy-list?isRead=2` })).status).toBe(400);
    for (const v of ['%25_%5C', "'"]) {
      const res = await t.call(reader, { method: 'GET', url: `${W}/copy-list?processDefinitionName=${v}` });
      expect(res.status, v).toBe(200);
    }
    // A NUL character no column holds: refused, on this list as on the other work and follow lists.
    for (const url of [`${W}/copy-list`, `${W}/todo-list`, '/api/blade-flow/follow/list']) {
      const res = await t.call(reader, { method: 'GET', url: `${url}?processDefinitionName=%00&name=%00` });
      expect(res.status, url).toBe(400);
      expect(res.body.msg, url).toContain('查询条件包含非法字符');
    }
  });
});
