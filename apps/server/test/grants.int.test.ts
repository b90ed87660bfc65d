import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, grantLike, type TestApp, type TestUser } from './helpers/build-app.ts';

// Role grants and what they do: menus and buttons, API scopes, data scopes of every
// type, child roles trimmed, no escalation, and the platform administrator across tenants.
let t: TestApp;
let platform: TestUser;
let admin: TestUser;
let tenantId: string;
const run = Date.now().toString(36).slice(-5);
const depts: Record<string, string> = {};

const post = (u: TestUser, url: string, payload?: object) => t.call(u, { method: 'POST', url, payload });
const get = (u: TestUser, url: string) => t.call(u, { method: 'GET', url });
const menuIds = async (...codes: string[]) =>
  (await t.db.query<{ id: string }>('select id::text from blade_menu where code = any($1) and is_deleted = 0', [codes])).map((r) => r.id);
const scopeId = async (resource: string, type: number) =>
  (
    await t.db.query<{ id: string }>(
      'select id::text from blade_scope_data where resource_code = $1 and scope_type = $2 and is_deleted = 0 order by create_time limit 1',
      [resource, type],
    )
  )[0].id;
const postCrud = ['post', 'post_view', 'post_add', 'post_edit', 'post_delete'];

async function newRole(alias: string, parentId = '0') {
  const res = await post(admin, '/api/blade-system/role/submit', { roleName: alias, roleAlias: `${alias}${run}`, sort: '1', parentId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return String(res.body.data.id);
}
async function grant(by: TestUser, roleIds: string[], body: Record<string, string[]>) {
  return post(by, '/api/blade-system/role/grant', { roleIds, menuIds: [], dataScopeIds: [], apiScopeIds: [], ...body });
}
async function userWith(alias: string, dept: string) {
  const account = `${alias}${run}`;
  await t.addUser(tenantId, account, 'Pass-word1', { roleAlias: `${alias}${run}`, deptId: depts[dept] });
  return t.as(account, tenantId);
}
const keys = async (roleId: string) => (await get(admin, `/api/blade-system/menu/role-tree-keys?roleIds=${roleId}`)).body.data;

beforeAll(async () => {
  t = await buildTestApp();
  platform = await t.as('admin', '000000');
  tenantId = `GR${run}`;
  admin = await t.newTenant(tenantId);
  const [root] = await t.db.query<{ id: string }>('select id::text from blade_dept where tenant_id = $1', [tenantId]);
  depts.root = root.id;
  const add = async (name: string, parent: string) => {
    const res = await post(admin, '/api/blade-system/dept/submit', {
      parentId: depts[parent],
      deptCode: `${name}${run}`,
      deptName: name,
      fullName: name,
      areaName: '全国',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    depts[name] = String(res.body.data.id);
  };
  await add('D1', 'root');
  await add('D2', 'D1');
  await add('D3', 'root');
});
afterAll(() => t?.close());

describe('role grant', () => {
  it('replaces the previous grant, trims child roles, and is logged', async () => {
    const parent = await newRole('parent');
    const child = await newRole('child', parent);
    const all = await menuIds(...postCrud);
    const scope = await scopeId('post', 2);
    expect((await grant(admin, [parent], { menuIds: all, dataScopeIds: [scope] })).status).toBe(200);
    expect((await grant(admin, [child], { menuIds: all, dataScopeIds: [scope] })).status).toBe(200);
    expect((await keys(child)).menu.sort()).toEqual(all.sort());
    const fewer = await menuIds('post', 'post_view');
    expect((await grant(admin, [parent], { menuIds: fewer })).status).toBe(200);
    expect((await keys(parent)).menu.sort()).toEqual(fewer.sort());
    expect((await keys(parent)).dataScope).toEqual([]);
    // The child keeps only what its parent still has.
    expect((await keys(child)).menu.sort()).toEqual(fewer.sort());
    expect((await keys(child)).dataScope).toEqual([]);
    const [log] = await t.db.query<{ m: string }>(
      "select message m from blade_log_auth where tenant_id = $1 and event_type = 'grant' order by create_time desc limit 1",
      [tenantId],
    );
    expect(log.m).toContain('parent');
  });

  it('refuses escalation: menus one does not hold, one’s own roles, the admin roles, other tenants, bad ids', async () => {
    const role = await newRole('esc');
    const before = await t.db.query('select * from blade_role_menu order by id');
    const notHeld = await menuIds('client_add', 'deploy');
    expect((await grant(admin, [role], { menuIds: notHeld })).status).toBe(403);
    const [own] = await t.db.query<{ id: string }>("select id::text from blade_role where tenant_id = $1 and role_alias = 'admin'", [
      tenantId,
    ]);
    expect((await grant(admin, [own.id], { menuIds: await menuIds('post') })).body.msg).toBe('无权配置管理员角色！');
    const [superRole] = await t.db.query<{ id: string }>(
      "select id::text from blade_role where tenant_id = '000000' and role_alias = 'administrator'",
    );
    expect((await grant(admin, [superRole.id], { menuIds: [] })).status).toBe(404);
    const [demoRole] = await t.db.query<{ id: string }>(
      "select id::text from blade_role where tenant_id = '100001' and role_alias = 'caseworker'",
    );
    expect((await grant(admin, [demoRole.id], { menuIds: [] })).status).toBe(404);
    expect((await grant(platform, [role, demoRole.id], { menuIds: [] })).body.msg).toBe('只能同时授权同一租户的角色');
    expect((await post(admin, '/api/blade-system/role/grant', { roleIds: ['x'], menuIds: [] })).status).toBe(400);
    expect((await post(admin, '/api/blade-system/role/grant', { roleIds: [role], menuIds: 'a,b' })).status).toBe(400);
    expect((await post(admin, '/api/blade-system/role/grant', { roleIds: [] })).status).toBe(400);
    expect((await grant(admin, [role], { menuIds: ['999999999999'] })).status).toBe(403);
    expect(await t.db.query('select * from blade_role_menu order by id')).toEqual(before);
  });

  it('takes effect at once: a button taken away is refused on the next call', async () => {
    await newRole('fade');
    const role = (await t.db.query<{ id: string }>('select id::text from blade_role where role_alias = $1', [`fade${run}`]))[0].id;
    await grant(admin, [role], { menuIds: await menuIds(...postCrud) });
    const u = await userWith('fade', 'D1');
    expect((await get(u, '/api/blade-system/post/page')).status).toBe(200);
    await grant(admin, [role], { menuIds: await menuIds('post') });
    const res = await get(u, '/api/blade-system/post/page');
    expect(res.status).toBe(403);
    expect(res.body.data.perm).toBe('post_view');
  });

  it('an API scope opens the calls under its path to a role without the buttons', async () => {
    const role = await newRole('api');
    const u = await userWith('api', 'D1');
    expect((await get(u, '/api/blade-system/post/page')).status).toBe(403);
    const [scope] = await t.db.query<{ id: string }>(
      "select id::text from blade_scope_api where scope_path = '/api/blade-system/post/**' and is_deleted = 0",
    );
    // API scopes widen: only someone holding them (here the platform administrator) hands them out.
    expect((await grant(admin, [role], { apiScopeIds: [scope.id] })).status).toBe(403);
    expect((await grant(platform, [role], { apiScopeIds: [scope.id] })).status).toBe(200);
    expect((await get(u, '/api/blade-system/post/page')).status).toBe(200);
    expect((await get(u, '/api/blade-system/dept/page')).status).toBe(403);
  });

  it('nobody but the platform administrator makes or changes the platform administrator role', async () => {
    const [opsRole] = await t.db.query<{ id: string }>(
      "insert into blade_role (id, tenant_id, parent_id, role_name, role_alias, sort) values ((random() * 9e18)::bigint, '000000', 0, '运维', $1, 9) returning id::text",
      [`ops${run}`],
    );
    await grantLike(t.db, opsRole.id, 'admin');
    await t.addUser('000000', `ops${run}`, 'Pass-word1', { roleAlias: `ops${run}` });
    const ops = await t.as(`ops${run}`, '000000');
    const [superRole] = await t.db.query<{ id: string }>(
      "select id::text from blade_role where tenant_id = '000000' and role_alias = 'administrator'",
    );
    const tries = [
      { roleName: 'x', roleAlias: 'administrator', sort: '1', parentId: '0' },
      { id: opsRole.id, roleAlias: 'administrator' },
      { id: superRole.id, roleName: '改名' },
    ];
    for (const body of tries) {
      const res = await post(ops, '/api/blade-system/role/submit', body);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body.msg).toBe('无权配置超管角色!');
    }
    // In any other tenant the alias is an ordinary role.
    expect(
      (await post(admin, '/api/blade-system/role/submit', { roleName: 'x', roleAlias: 'administrator', sort: '1', parentId: '0' })).status,
    ).toBe(200);
  });
});

describe('data scope', () => {
  const titles = (res: { body: { data: { records: { postName: string }[] } } }) => res.body.data.records.map((r) => r.postName).sort();
  let writers: Record<string, TestUser>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    // Writers see the whole tenant; each adds one post from its own department.
    const all = await newRole('writer');
    await grant(admin, [all], { menuIds: await menuIds(...postCrud) });
    writers = { D1: await userWith('writer', 'D1') };
    for (const d of ['D2', 'D3']) {
      const account = `w${d}${run}`;
      await t.addUser(tenantId, account, 'Pass-word1', { roleAlias: `writer${run}`, deptId: depts[d] });
      writers[d] = await t.as(account, tenantId);
    }
    for (const [d, u] of Object.entries(writers)) {
      const res = await post(u, '/api/blade-system/post/submit', {
        category: 1,
        postCode: `p${d}${run}`,
        postName: `post-${d}`,
        sort: '1',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ids[d] = res.body.data.id;
    }
  });

  async function scoped(alias: string, type: number, extra: { scopeValue?: string } = {}) {
    const role = await newRole(alias);
    let scope = extra.scopeValue ? '' : await scopeId('post', type);
    if (extra.scopeValue) {
      const menu = (await menuIds('post'))[0];
      const res = await post(platform, '/api/blade-system/data-scope/submit', {
        menuId: menu,
        resourceCode: 'post',
        scopeName: `custom${run}`,
        scopeColumn: 'create_dept',
        scopeClass: 'post.page',
        scopeType: 5,
        scopeValue: extra.scopeValue,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      scope = res.body.data.id;
    }
    expect(
      (await grant(type === 5 ? platform : admin, [role], { menuIds: await menuIds(...postCrud), dataScopeIds: [scope] })).status,
    ).toBe(200);
    const u = await userWith(alias, 'D1');
    const mine = await post(u, '/api/blade-system/post/submit', {
      category: 1,
      postCode: `${alias}${run}`,
      postName: `own-${alias}`,
      sort: '1',
    });
    expect(mine.status).toBe(200);
    return u;
  }

  it('own rows (type 2): only what the user created; totals count nothing else', async () => {
    const u = await scoped('own', 2);
    const page = await get(u, '/api/blade-system/post/page?size=1000');
    expect(titles(page)).toEqual(['own-own']);
    expect(page.body.data.total).toBe(1);
    expect((await get(u, `/api/blade-system/post/detail?id=${ids.D1}`)).status).toBe(404);
    expect((await post(u, '/api/blade-system/post/submit', { id: ids.D1, postName: 'taken' })).status).toBe(404);
    expect((await post(u, `/api/blade-system/post/remove?ids=${ids.D1}`)).status).toBe(404);
    expect((await get(u, `/api/blade-system/post/page?createUser=${writers.D1.userId}`)).body.data.total).toBe(0);
  });

  it('own department (type 3), own department and children (type 4), custom (type 5)', async () => {
    const dept = await scoped('dept', 3);
    expect(titles(await get(dept, '/api/blade-system/post/page?size=1000'))).toEqual(expect.arrayContaining(['own-dept', 'post-D1']));
    expect(titles(await get(dept, '/api/blade-system/post/page?size=1000'))).not.toContain('post-D2');
    const tree = await scoped('tree', 4);
    const seen = titles(await get(tree, '/api/blade-system/post/page?size=1000'));
    expect(seen).toEqual(expect.arrayContaining(['own-tree', 'post-D1', 'post-D2']));
    expect(seen).not.toContain('post-D3');
    const custom = await scoped('custom', 5, { scopeValue: depts.D3 });
    expect(titles(await get(custom, '/api/blade-system/post/page?size=1000'))).toEqual(['post-D3']);
    // A custom rule is ids or placeholders, never SQL.
    const bad = await post(platform, '/api/blade-system/data-scope/submit', {
      menuId: (await menuIds('post'))[0],
      resourceCode: 'post',
      scopeName: 'bad',
      scopeType: 5,
      scopeColumn: 'create_dept',
      scopeClass: 'post.page',
      scopeValue: '1) or (1=1',
    });
    expect(bad.status).toBe(400);
    const badColumn = await post(platform, '/api/blade-system/data-scope/submit', {
      menuId: (await menuIds('post'))[0],
      resourceCode: 'post',
      scopeName: 'bad',
      scopeType: 2,
      scopeColumn: 'password',
      scopeClass: 'post.page',
    });
    expect(badColumn.status).toBe(400);
  });

  it('several roles widen each other', async () => {
    const a = await newRole('wideA');
    const b = await newRole('wideB');
    await grant(admin, [a], { menuIds: await menuIds(...postCrud), dataScopeIds: [await scopeId('post', 2)] });
    await grant(admin, [b], { menuIds: await menuIds(...postCrud), dataScopeIds: [await scopeId('post', 3)] });
    const account = `wide${run}`;
    const id = await t.addUser(tenantId, account, 'Pass-word1', { roleAlias: `wideA${run}`, deptId: depts.D3 });
    await t.db.query('update blade_user set role_id = $2 where id = $1', [id, `${a},${b}`]);
    const u = await t.as(account, tenantId);
    expect(titles(await get(u, '/api/blade-system/post/page?size=1000'))).toEqual(['post-D3']);
  });
});

describe('across tenants', () => {
  it('only the platform administrator reads, filters and writes another tenant’s rows', async () => {
    const all = await get(platform, '/api/blade-system/post/page?size=1000');
    const tenants = new Set(all.body.data.records.map((r: { tenantId: string }) => r.tenantId));
    expect(tenants.has(tenantId)).toBe(true);
    const one = await get(platform, `/api/blade-system/post/page?size=1000&tenantId=${tenantId}`);
    expect(one.body.data.records.every((r: { tenantId: string }) => r.tenantId === tenantId)).toBe(true);
    const created = await post(platform, '/api/blade-system/dept/submit', {
      tenantId,
      parentId: depts.D1,
      deptCode: `pd${run}`,
      deptName: '平台建',
      fullName: '平台建',
      areaName: '全国',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.tenantId).toBe(tenantId);
    // A reference must be of the row's own tenant, even for the platform administrator.
    const [demoDept] = await t.db.query<{ id: string }>("select id::text from blade_dept where tenant_id = '100001' limit 1");
    const crossed = await post(platform, '/api/blade-system/dept/submit', {
      tenantId,
      parentId: demoDept.id,
      deptCode: `px${run}`,
      deptName: 'x',
      fullName: 'x',
      areaName: 'x',
    });
    expect(crossed.status).toBe(400);
    expect(
      (
        await post(platform, '/api/blade-system/dept/submit', {
          tenantId: 'NOPE',
          deptCode: 'x',
          deptName: 'x',
          fullName: 'x',
          areaName: 'x',
        })
      ).body.msg,
    ).toBe('租户ID未找到');
    // Anyone else's tenantId is ignored: the row stays in their own tenant.
    const mine = await post(admin, '/api/blade-system/post/submit', {
      tenantId: '100001',
      category: 1,
      postCode: `tx${run}`,
      postName: 'mine',
      sort: '1',
    });
    expect(mine.body.data.tenantId).toBe(tenantId);
    const updated = await post(platform, '/api/blade-system/post/submit', { id: mine.body.data.id, postName: '平台改' });
    expect(updated.body.data).toMatchObject({ postName: '平台改', tenantId });
    const demoAdmin = await t.as('admin', '100001');
    expect((await get(demoAdmin, `/api/blade-system/post/page?size=1000&tenantId=${tenantId}`)).body.data.total).toBe(0);
    expect((await get(demoAdmin, `/api/blade-system/post/detail?id=${mine.body.data.id}`)).status).toBe(404);
  });
});
