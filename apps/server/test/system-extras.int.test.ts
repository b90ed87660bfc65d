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
