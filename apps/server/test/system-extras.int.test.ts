import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

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
type M = { id: string; category: number; hasChildren?: boolean; children?: M[]; name: string };

describe('menus', () => {
  it('answer one level (lazy-list, lazy-menu-list) and the menu forest (menu-list), also under fun', async () => {
    const roots = (await get(platform, '/api/blade-system/menu/lazy-list')).body.data as M[];
    const system = roots.find((m) => m.name === '系统管理') as M;
    expect(system.hasChildren).toBe(true);
    const level = (await get(platform, `/api/blade-system/menu/lazy-list?parentId=${system.id}`)).body.data as M[];
    expect(level.length).toBeGreaterThan(10);
    const post = level.find((m) => m.name === '岗位管理') as M;
    const buttons = (await get(platform, `/api/blade-system/menu/lazy-list?parentId=${post.id}`)).body.data as M[];
    expect(buttons.every((b) => b.category === 2)).toBe(true);
    expect((await get(platform, `/api/blade-system/menu/lazy-menu-list?parentId=${post.id}`)).body.data).toEqual([]);
    const forest = (await get(platform, '/api/blade-system/fun/menu-list')).body.data as M[];
    const all = (function flat(ms: M[]): M[] {
      return ms.flatMap((m) => [m, ...flat(m.children ?? [])]);
    })(forest);
    expect(all.every((m) => m.category === 1)).toBe(true);
    expect((await get(platform, '/api/blade-system/fun/lazy-list?parentId=abc')).status).toBe(400);
  });
});

describe('departments', () => {
  it('page (pageList), tree by tenant for the platform administrator, and the area-department tree', async () => {
    const page = await get(tenantA, '/api/blade-system/dept/pageList?current=1&size=10');
    expect(page.body.data.records.length).toBeGreaterThan(0);
    expect(page.body.data.records.every((d: { tenantId: string }) => d.tenantId === '100001')).toBe(true);
    const foreign = await get(platform, '/api/blade-system/dept/tree-by-tenant?tenantId=100001');
    expect(foreign.body.data.length).toBeGreaterThan(0);
    const [{ n }] = await t.db.query<{ n: number }>(
      "select count(*)::int n from blade_dept where tenant_id = '100001' and parent_id = 0 and is_deleted = 0",
    );
    expect(foreign.body.data).toHaveLength(n);
    // A tenant asking for another tenant still gets its own.
    const own = await get(tenantA, '/api/blade-system/dept/tree-by-tenant?tenantId=000000');
    expect(own.body.data.every((d: { id: string }) => typeof d.id === 'string')).toBe(true);
    const [root] = await t.db.query<{ id: string }>("select id::text from blade_dept where tenant_id = '100001' and parent_id = 0 limit 1");
    const [beijing] = await t.db.query<{ id: string }>("select id::text from blade_region where code = '11'");
    await t.db.query('update blade_dept set area_id = $1 where id = $2', [beijing.id, root.id]);
    const tree = await get(tenantA, '/api/blade-system/dept/area-dept-tree');
    const area = tree.body.data.find((x: { title: string }) => x.title === '北京市');
    expect(area).toMatchObject({ type: 'area', key: `area-${beijing.id}` });
    expect(area.children.map((c: { id: string }) => c.id)).toContain(root.id);
  });
});

describe('domain systems', () => {
  it('assign menus as a whole and read them back', async () => {
    const sys = await post(platform, '/api/dw-system/bmDomainSys/submit', { sysName: '测试业务系统', sysCode: 'test-domain', sort: '9' });
    expect(sys.status, JSON.stringify(sys.body)).toBe(200);
    const menus = await t.db.query<{ id: string }>(
      'select id::text from blade_menu where category = 1 and is_deleted = 0 order by sort limit 3',
    );
    const ids = menus.map((m) => m.id);
    expect((await post(platform, '/api/blade-system/bmDomainSysMenu/assignMenu', { sysId: sys.body.data.id, menuIds: ids })).status).toBe(
      200,
    );
    expect(
      (await post(platform, '/api/blade-system/bmDomainSysMenu/assignMenu', { sysId: sys.body.data.id, menuIds: ids.slice(0, 2) })).status,
    ).toBe(200);
    const assigned = await get(platform, `/api/blade-system/bmDomainSysMenu/getSysAssignedMenu?sysId=${sys.body.data.id}`);
    expect([...assigned.body.data].sort()).toEqual(ids.slice(0, 2).sort());
    expect(
      (await post(platform, '/api/blade-system/bmDomainSysMenu/assignMenu', { sysId: sys.body.data.id, menuIds: ['123'] })).status,
    ).toBe(400);
    expect((await post(tenantA, '/api/blade-system/bmDomainSysMenu/assignMenu', { sysId: sys.body.data.id, menuIds: ids })).status).toBe(
      403,
    );
  });
});

describe('idle timeout setting', () => {
  it('decides when the overtime poll answers overMax', async () => {
    const check = async () => (await get(tenantA, '/api/blade-system/bmSysOperationTime/checkRefresh')).body.data;
    expect((await check()).maxIdleSeconds).toBe(30 * 60);
    expect((await post(tenantA, '/api/blade-system/bmSysOperationTime/submit', { name: '十分钟', operationTime: 10 })).status).toBe(200);
    expect((await check()).maxIdleSeconds).toBe(600);
    expect((await post(tenantA, '/api/blade-system/bmSysOperationTime/submit', { name: '过长', operationTime: 5000 })).status).toBe(400);
  });
});

describe('dropdowns and trees by tenant', () => {
  type Node = { id: string; title: string; children?: Node[] };
  const ids = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.id, ...ids(n.children ?? [])]);
  const roleIdsOf = async (tenant: string) =>
    (await t.db.query<{ id: string }>('select id::text from blade_role where tenant_id = $1 and is_deleted = 0', [tenant]))
      .map((x) => x.id)
      .sort();

  it('role tree: tenantId narrows the platform administrator’s tree; tree-by-id gives the tree of a role’s tenant', async () => {
    const tenantRoles = await roleIdsOf('100001');
    const narrowed = await get(platform, '/api/blade-system/role/tree?tenantId=100001');
    expect(ids(narrowed.body.data).sort()).toEqual(tenantRoles);
    const everything = await get(platform, '/api/blade-system/role/tree');
    expect(ids(everything.body.data).length).toBeGreaterThan(tenantRoles.length);
    // Another tenant's id does not widen a tenant administrator's view.
    expect(ids((await get(tenantA, '/api/blade-system/role/tree?tenantId=000000')).body.data)).toEqual([]);

    const byId = await get(platform, `/api/blade-system/role/tree-by-id?roleId=${tenantRoles[0]}`);
    expect(byId.status).toBe(200);
    expect(ids(byId.body.data).sort()).toEqual(tenantRoles);
    expect((await get(platform, '/api/blade-system/role/tree-by-id?roleId=abc')).status).toBe(400);
    // An unknown role: the caller's own tenant, as BladeX does.
    expect(ids((await get(tenantA, '/api/blade-system/role/tree-by-id?roleId=1')).body.data).sort()).toEqual(tenantRoles);
  });

  it('post select lists a tenant’s posts, or a user’s own', async () => {
    const posts = await t.db.query<{ id: string }>("select id::text from blade_post where tenant_id = '100001' and is_deleted = 0");
    const listed = await get(tenantA, '/api/blade-system/post/select');
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((p: { id: string }) => p.id).sort()).toEqual(posts.map((p) => p.id).sort());
    expect(posts.length).toBeGreaterThan(0);
    expect(listed.body.data[0]).toEqual(
      expect.objectContaining({ postName: expect.any(String), postCode: expect.any(String), tenantId: '100001' }),
    );
    expect((await get(platform, '/api/blade-system/post/select?tenantId=100001')).body.data).toHaveLength(posts.length);
    expect((await get(tenantA, '/api/blade-system/post/select?tenantId=bad-id!')).status).toBe(400);
  });

  it('dictionary select lists every dictionary as "code: name", system and business alike', async () => {
    const sys = await get(tenantA, '/api/blade-system/dict/select');
    const [{ n }] = await t.db.query<{ n: number }>('select count(*)::int n from blade_dict where parent_id = 0 and is_deleted = 0');
    expect(sys.body.data).toHaveLength(n);
    expect(sys.body.data.find((d: { code: string }) => d.code === 'region')).toMatchObject({ dictValue: 'region: 行政区划层级' });
    const made = await post(tenantA, '/api/blade-system/dict-biz/submit', {
      code: 'e2e_select',
      dictValue: '业务下拉',
      sort: 1,
      isSealed: 0,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const biz = await get(tenantA, '/api/blade-system/dict-biz/select');
    expect(biz.body.data.map((d: { dictValue: string }) => d.dictValue)).toContain('e2e_select: 业务下拉');
    // Another tenant's list leaves it out, even the platform administrator's, unless it names the tenant.
    const codes = async (url: string) => (await get(platform, url)).body.data.map((d: { code: string }) => d.code);
    expect(await codes('/api/blade-system/dict-biz/select')).not.toContain('e2e_select');
    expect(await codes('/api/blade-system/dict-biz/select?tenantId=100001')).toContain('e2e_select');
  });
});
