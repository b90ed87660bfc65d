import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { md5hex } from '../src/modules/auth/passwords.ts';
import { buildTestApp, fileDbUrl, type TestApp, type TestUser } from './helpers/build-app.ts';

let t: TestApp;
let platform: TestUser;
let tenantA: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  platform = await t.as('admin', '000000');
  tenantA = await t.as('admin', '100001');
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

describe('tenants', () => {
  it('provisions a new tenant with an administrator who signs in on the initial password', async () => {
    const res = await post(platform, '/api/blade-system/tenant/submit', {
      tenantId: 'T90001',
      tenantName: '新区民政局',
      linkman: '赵主任',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = await signIn('T90001', 'admin', '123456');
    expect(answer).toMatchObject({ tenant_id: 'T90001', account: 'admin', role_name: 'admin' });
    const select = await get(platform, '/api/blade-system/tenant/select');
    expect(select.body.data).toContainEqual({ tenantId: 'T90001', tenantName: '新区民政局' });
    expect((await get(tenantA, '/api/blade-system/tenant/select')).body.data).toEqual([
      { tenantId: '100001', tenantName: '示范区未成年人保护中心' },
    ]);
  });

  it('sets quota and expiry; an expired tenant cannot sign in', async () => {
    await post(platform, '/api/blade-system/tenant/submit', { tenantId: 'T90002', tenantName: '过期区', linkman: '钱' });
    const row = (await get(platform, '/api/blade-system/tenant/page?tenantId_equal=T90002')).body.data.records[0];
    const set = await post(platform, `/api/blade-system/tenant/setting?ids=${row.id}&accountNumber=20&expireTime=2020-01-01%2000:00:00`);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const detail = (await get(platform, `/api/blade-system/tenant/detail?id=${row.id}`)).body.data;
    expect(detail).toMatchObject({ accountNumber: 20, expireTime: '2020-01-01 00:00:00' });
    expect((await signIn('T90002', 'admin', '123456')).error_description).toBe('租户授权已过期,请联系管理员');
    expect((await post(platform, `/api/blade-system/tenant/setting?ids=${row.id}&accountNumber=-5`)).status).toBe(400);
    expect((await post(tenantA, `/api/blade-system/tenant/setting?ids=${row.id}&accountNumber=5`)).status).toBe(403);
  });

  it('binds a package and a data source', async () => {
    const menus = (await t.db.query<{ id: string }>('select id::text from blade_menu where is_deleted = 0 order by sort limit 2'))
      .map((m) => m.id)
      .join(',');
    const pkg = await post(platform, '/api/blade-system/tenant-package/submit', { packageName: '基础包', menuId: menus, remark: '' });
    expect(pkg.status, JSON.stringify(pkg.body)).toBe(200);
    expect((await post(platform, `/api/blade-system/tenant/package?tenantId=100001&packageId=${pkg.body.data.id}`)).status).toBe(200);
    const detail = await get(platform, '/api/blade-system/tenant/package-detail?tenantId=100001');
    expect(detail.body.data).toMatchObject({ packageName: '基础包', menuId: menus });
    expect((await post(platform, '/api/blade-system/tenant/package?tenantId=100001&packageId=123')).status).toBe(400);
    expect((await post(platform, '/api/blade-system/tenant/datasource?tenantId=nobody&datasourceId=')).status).toBe(400);
  });
  it('each call demands its own button: tenant_edit alone does not open them', async () => {
    const made = await post(platform, '/api/blade-system/role/submit', {
      parentId: '0',
      roleName: '租户维护',
      roleAlias: 'tenantkeeper',
      sort: 5,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const roleId = String(made.body.data.id);
    const menuIds = async (codes: string[]) =>
      (await t.db.query<{ id: string }>('select id::text from blade_menu where code = any($1) and is_deleted = 0', [codes])).map(
        (m) => m.id,
      );
    const grant = async (codes: string[]) =>
      expect(
        (await post(platform, `/api/blade-system/role/grant?roleIds=${roleId}&menuIds=${(await menuIds(codes)).join(',')}`)).status,
      ).toBe(200);
    await grant(['system', 'tenant', 'tenant_view', 'tenant_edit']);
    await t.addUser('000000', 'keeper', 'Keeper-2024', { roleAlias: 'tenantkeeper' });
    const keeper = await t.as('keeper', '000000');
    const row = (await get(platform, '/api/blade-system/tenant/page?tenantId_equal=100001')).body.data.records[0];
    const calls = [
      [`/api/blade-system/tenant/setting?ids=${row.id}&accountNumber=100`, 'tenant_setting'],
      ['/api/blade-system/tenant/datasource?tenantId=100001&datasourceId=', 'tenant_datasource'],
      ['/api/blade-system/tenant/package?tenantId=100001&packageId=', 'tenant_package'],
    ];
    for (const [url, perm] of calls) {
      const res = await post(keeper, url);
      expect(res.status, url).toBe(403);
      expect(res.body.data).toEqual({ perm });
    }
    await grant(['system', 'tenant', 'tenant_view', 'tenant_setting', 'tenant_datasource', 'tenant_package']);
    for (const [url] of calls) expect((await post(keeper, url)).status, url).toBe(200);
  });
});

describe('data sources', () => {
  const pgUrl = async () => {
    const u = new URL(inject('dbKind') === 'pg' ? await fileDbUrl() : 'postgres://postgres@127.0.0.1:5432/postgres');
    return `jdbc:postgresql://${u.hostname}:${u.port || 5432}${u.pathname}`;
  };

  it('stores the password encrypted and never answers it', async () => {
    const res = await post(platform, '/api/blade-develop/datasource/submit', {
      name: '本机库',
      driverClass: 'org.postgresql.Driver',
      url: await pgUrl(),
      username: 'postgres',
      password: 'pa55-word',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).not.toHaveProperty('password');
    const [row] = await t.db.query<{ password: string }>('select password from blade_datasource where id = $1', [res.body.data.id]);
    expect(row.password.startsWith('v1:')).toBe(true);
    expect(row.password).not.toContain('pa55-word');
  });

  it('really connects to an allow-listed PostgreSQL host and refuses other hosts without connecting', async () => {
    const saved = await post(platform, '/api/blade-develop/datasource/submit', {
      name: '本机库2',
      driverClass: 'org.postgresql.Driver',
      url: await pgUrl(),
      username: 'postgres',
      password: 'x',
    });
    const ok = await post(platform, '/api/blade-develop/datasource/test', { id: saved.body.data.id });
    expect(ok.body, JSON.stringify(ok.body)).toMatchObject({ code: 200, msg: '连接成功' });
    const wrongDb = await post(platform, '/api/blade-develop/datasource/test', {
      url: 'jdbc:postgresql://127.0.0.1:5432/no_such_db_here',
      username: 'postgres',
      password: 'x',
    });
    expect(wrongDb.status).toBe(400);
    expect(wrongDb.body.msg).toMatch(/^连接失败/);
    const probe = await post(platform, '/api/blade-develop/datasource/test', {
      url: 'jdbc:postgresql://10.1.2.3:5432/x',
      username: 'u',
      password: 'p',
    });
    expect(probe.status).toBe(400);
    expect(probe.body.msg).toContain('不在允许列表中');
    const oracle = await post(platform, '/api/blade-develop/datasource/test', {
      url: 'jdbc:oracle:thin:@127.0.0.1:1521:orcl',
      username: 'u',
      password: 'p',
    });
    expect(oracle.body.msg).toBe('暂只支持测试 PostgreSQL 和 MySQL 数据源');
  });

  it('connects to MySQL/MariaDB too', async () => {
    const res = await post(platform, '/api/blade-develop/datasource/test', {
      url: 'jdbc:mysql://127.0.0.1:3306/test',
      username: 'root',
      password: '',
    });
    // The local MariaDB is reached: either it accepts root without a password or it says why not.
    expect([200, 400]).toContain(res.status);
    if (res.status === 400) expect(res.body.msg).toMatch(/^连接失败: (?!.*ECONNREFUSED)/);
  });
});
