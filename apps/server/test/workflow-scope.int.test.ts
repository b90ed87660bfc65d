import { dept, role } from '@civdesk/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCaller } from '../src/core/caller.ts';
import { SCOPE_DEPT_TREE } from '../src/crud/data-scope.ts';
import { insert } from '../src/crud/repository.ts';
import { buildTestApp, grantLike, type TestApp, type TestUser } from './helpers/build-app.ts';

// The follow list, the diagram and the history follow the caller's data scope on departments: an
// instance belongs to the department it was started in. A participant still reads what they act on.

const T = '100001';
let t: TestApp;
let admin: TestUser;
let reader: TestUser;
let mine: TestUser;
let other: TestUser;
let inMine: string;
let inOther: string;

const start = async (u: TestUser, taskUser: string) => {
  const list = await t.call(u, { method: 'GET', url: '/api/blade-flow/work/start-list?current=1&size=50' });
  const def = list.body.data.records.find((r: { key: string }) => r.key === 'Leave');
  const res = await t.call(u, {
    method: 'POST',
    url: '/api/blade-desk/process/leave/start-process',
    payload: { processDefinitionId: def.id, startTime: '2026-12-01 09:00:00', endTime: '2026-12-01 18:00:00', reason: '事假', taskUser },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.processInstanceId as string;
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin', T);
  const s = { tz: 'UTC', caller: systemCaller(T) };
  const mk = async (name: string, parentId = '0') =>
    String((await insert(t.db, dept, s, { parentId, deptCode: name, deptName: name, fullName: name, areaName: '全国' })).id);
  const top = await mk('wf-mine');
  const child = await mk('wf-mine-child', top);
  const far = await mk('wf-other');
  const r = await insert(t.db, role, s, { parentId: '0', roleName: '流程查看', roleAlias: 'flowreader', sort: 1 });
  await grantLike(t.db, String(r.id), 'admin');
  await t.db.query(
    `insert into blade_role_scope (id, role_id, scope_id, scope_category)
     select (random() * 9e18)::bigint, $1, d.id, 1 from blade_scope_data d
      where d.scope_type = $2 and d.is_deleted = 0 and d.create_user = 0 and d.resource_code = 'dept'`,
    [r.id, SCOPE_DEPT_TREE],
  );
  await t.addUser(T, 'wf_reader', 'Pass-word1', { roleAlias: 'flowreader', deptId: top });
  await t.addUser(T, 'wf_mine', 'Pass-word1', { roleAlias: 'caseworker', deptId: child });
  await t.addUser(T, 'wf_other', 'Pass-word1', { roleAlias: 'caseworker', deptId: far });
  [reader, mine, other] = [await t.as('wf_reader', T), await t.as('wf_mine', T), await t.as('wf_other', T)];
  inMine = await start(mine, other.userId);
  inOther = await start(other, admin.userId);
});
afterAll(() => t?.close());

const followIds = async (u: TestUser) => {
  const res = await t.call(u, { method: 'GET', url: '/api/blade-flow/follow/list?current=1&size=100' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.records.map((r: { processInstanceId: string }) => r.processInstanceId);
};
const status = async (u: TestUser, url: string) => (await t.call(u, { method: 'GET', url })).status;

describe('workflow data scope', () => {
  it('the follow list shows a scoped caller the instances started in their department and below; the administrator all', async () => {
    const seen = await followIds(reader);
    expect(seen).toContain(inMine);
    expect(seen).not.toContain(inOther);
    const all = await followIds(admin);
    expect(all).toEqual(expect.arrayContaining([inMine, inOther]));
  });

  it('an instance out of scope answers 404 to the diagram, the history and the follow commands', async () => {
    for (const url of [
      `/api/blade-flow/process/history-flow-list?processInstanceId=${inOther}`,
      `/api/blade-flow/process/model-view?processInstanceId=${inOther}`,
    ]) {
      expect(await status(reader, url)).toBe(404);
      expect(await status(mine, url)).toBe(404);
      expect(await status(admin, url)).toBe(200);
    }
    const res = await t.call(reader, { method: 'POST', url: `/api/blade-flow/follow/suspend?processInstanceId=${inOther}` });
    expect(res.status).toBe(404);
    const [row] = await t.db.query<{ s: unknown }>('select suspended_at as s from wf_instance where id = $1', [inOther]);
    expect(row.s).toBeNull();
  });

  it('in scope, or taking part, the diagram and the history open', async () => {
    expect(await status(reader, `/api/blade-flow/process/history-flow-list?processInstanceId=${inMine}`)).toBe(200);
    expect(await status(mine, `/api/blade-flow/process/model-view?processInstanceId=${inMine}`)).toBe(200);
    // The approver works in another department: their task opens the instance for them.
    expect(await status(other, `/api/blade-flow/process/history-flow-list?processInstanceId=${inMine}`)).toBe(200);
    expect(await status(other, `/api/blade-flow/process/model-view?processInstanceId=${inMine}`)).toBe(200);
  });
});
