import { dept, role, userOperLog } from '@civdesk/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCaller } from '../src/core/caller.ts';
import { SCOPE_DEPT_TREE } from '../src/crud/data-scope.ts';
import { insert } from '../src/crud/repository.ts';
import { buildTestApp, grantLike, type TestApp, type TestUser } from './helpers/build-app.ts';

const T = '100001';
let t: TestApp;
let admin: TestUser;
let reader: TestUser;

/**
 * A reader with every log screen and the data scope "own department and below" on users; a user of
 * its department and one of another department, each with rows in every log.
 */
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin', T);
  const s = { tz: 'UTC', caller: systemCaller(T) };
  const mk = async (name: string) =>
    String((await insert(t.db, dept, s, { parentId: '0', deptCode: name, deptName: name, fullName: name, areaName: '全国' })).id);
  const [mine, other] = [await mk('scope-mine'), await mk('scope-other')];
  const r = await insert(t.db, role, s, { parentId: '0', roleName: '日志查看', roleAlias: 'logreader', sort: 1 });
  await grantLike(t.db, String(r.id), 'admin');
  await t.db.query(
    `insert into blade_role_scope (id, role_id, scope_id, scope_category)
     select (random() * 9e18)::bigint, $1, d.id, 1 from blade_scope_data d
      where d.scope_type = $2 and d.is_deleted = 0 and d.create_user = 0 and d.resource_code = 'user'`,
    [r.id, SCOPE_DEPT_TREE],
  );
  await t.addUser(T, 'reader', 'Pass-word1', { roleAlias: 'logreader', deptId: mine });
  await t.addUser(T, 'u_mine', 'Pass-word1', { roleAlias: 'caseworker', deptId: mine });
  await t.addUser(T, 'u_other', 'Pass-word1', { roleAlias: 'caseworker', deptId: other });
  reader = await t.as('reader', T);
  for (const account of ['u_mine', 'u_other']) {
    await insert(
      t.db,
      userOperLog,
      s,
      { account, realName: account, deptName: '', content: '修改用户', auditStatus: 0, operator: 'admin' },
      T,
    );
    const u = await t.as(account, T);
    await t.call(u, { method: 'GET', url: '/api/blade-system/post/page?size=1' });
    await t.call(null, {
      method: 'POST',
      url: `/api/blade-auth/oauth/token?tenantId=${T}&username=${account}&password=wrong&grant_type=password&scope=all&type=account`,
      headers: { authorization: await t.basic(), 'tenant-id': T },
    });
  }
  await t.app.logs.writer.flush();
});
afterAll(() => t?.close());

const accounts = async (u: TestUser, url: string, key: string) => {
  const res = await t.call(u, { method: 'GET', url });
  expect(res.status, url).toBe(200);
  return new Set((res.body.data.records as Record<string, string>[]).map((x) => x[key]));
};

describe('logs apply the data scope of the users they talk about', () => {
  for (const [name, url, key] of [
    ['user-operation audit', '/api/blade-user/b/operLog/page?size=100', 'account'],
    ['API log', '/api/blade-log/api/page?size=200&requestUri=/api/blade-system/post/page', 'createBy'],
    ['sign-in log', '/api/blade-log/auth/page?size=200', 'account'],
  ]) {
    it(`${name}: rows about users outside the scope are not shown`, async () => {
      const seen = await accounts(reader, url, key);
      expect(seen.has('u_mine')).toBe(true);
      expect(seen.has('u_other')).toBe(false);
      const all = await accounts(admin, url, key);
      expect(all.has('u_other')).toBe(true);
    });
  }

  it('a search for an account outside the scope counts nothing', async () => {
    const res = await t.call(reader, { method: 'GET', url: '/api/blade-user/b/operLog/page?account=u_other' });
    expect(res.body.data.total).toBe(0);
  });

  it('the server’s own events are the platform administrator’s', async () => {
    expect((await t.call(admin, { method: 'GET', url: '/api/blade-log/usual/page' })).status).toBe(403);
  });
});
