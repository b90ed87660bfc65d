import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5hex } from '../src/modules/auth/passwords.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

let t: TestApp;
let platform: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  platform = await t.as('admin', '000000');
});
afterAll(() => t?.close());

const get = (u: TestUser, url: string) => t.call(u, { method: 'GET', url });
const post = (u: TestUser, url: string, payload?: object) => t.call(u, { method: 'POST', url, payload });

async function signIn(tenantId: string, account: string, password: string) {
  const [c] = await t.db.query<{ id: string; secret: string }>(
    "select client_id id, client_secret secret from blade_client where client_id = 'saber'",
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?grant_type=password&username=${account}&password=${md5hex(password)}&scope=all`,
    headers: { authorization: `Basic ${Buffer.from(`${c.id}:${c.secret}`).toString('base64')}`, 'tenant-id': tenantId },
  });
  return res.json();
}

describe('removing a tenant', () => {
  it('takes its departments, roles, posts and users with it; none of its rows shows again', async () => {
    expect(
      (await post(platform, '/api/blade-system/tenant/submit', { tenantId: 'T80001', tenantName: '撤销区', linkman: '孙' })).status,
    ).toBe(200);
    const posted = await post(platform, '/api/blade-system/post/submit', {
      tenantId: 'T80001',
      category: 1,
      postCode: 'gone',
      postName: '将撤销',
      sort: 1,
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const before = (await get(platform, '/api/blade-user/page?size=100&tenantId_equal=T80001')).body.data.records;
    expect(before.map((u: { account: string }) => u.account)).toEqual(['admin']);

    const row = (await get(platform, '/api/blade-system/tenant/page?tenantId_equal=T80001')).body.data.records[0];
    const removed = await post(platform, `/api/blade-system/tenant/remove?ids=${row.id}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);

    for (const url of [
      '/api/blade-user/page',
      '/api/blade-system/post/page',
      '/api/blade-system/role/list',
      '/api/blade-system/dept/list',
    ]) {
      const answer = (await get(platform, `${url}?size=100&tenantId_equal=T80001`)).body.data;
      const rows = Array.isArray(answer) ? answer : answer.records;
      expect(rows, url).toEqual([]);
    }
    const [left] = await t.db.query<{ n: number }>(
      "select (select count(*) from blade_user where tenant_id = 'T80001' and is_deleted = 0) + (select count(*) from blade_dept where tenant_id = 'T80001' and is_deleted = 0) as n",
    );
    expect(Number(left.n)).toBe(0);
    expect((await signIn('T80001', 'admin', '123456')).error_description).toBe('租户ID未找到');
  });

  it('never removes the platform tenant, and then changes nothing', async () => {
    const row = (await get(platform, '/api/blade-system/tenant/page?tenantId_equal=000000')).body.data.records[0];
    const refused = await post(platform, `/api/blade-system/tenant/remove?ids=${row.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('平台租户不可删除');
    expect((await get(platform, '/api/blade-system/tenant/page?tenantId_equal=000000')).body.data.records).toHaveLength(1);
    expect((await get(platform, '/api/blade-user/info')).status).toBe(200);
  });
});
