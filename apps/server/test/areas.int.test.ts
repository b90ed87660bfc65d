import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

let t: TestApp;
let tenantA: TestUser;
let platform: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  tenantA = await t.as('admin', '100001');
  platform = await t.as('admin', '000000');
});
afterAll(() => t?.close());

const get = (u: TestUser, url: string) => t.call(u, { method: 'GET', url });
const post = (u: TestUser, url: string, payload?: object) => t.call(u, { method: 'POST', url, payload });
type N = { code: string; name: string; children?: N[]; regionLevel: number };

describe('areas', () => {
  it('cut the tree at a level (treeSpecLv) and refuse a tree too large to draw', async () => {
    const res = await get(tenantA, '/api/blade-system/area/treeSpecLv?regionLevel=2&parentCode=32');
    expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(200);
    const cities = res.body.data as N[];
    expect(cities.map((c) => c.name)).toContain('南京市');
    expect(cities.every((c) => c.regionLevel === 2 && !c.children)).toBe(true);
    const counties = await get(tenantA, '/api/blade-system/area/treeSpecLv?regionLevel=3&parentCode=32');
    expect(counties.body.data.find((c: N) => c.name === '南京市').children.length).toBeGreaterThan(5);
    expect((await get(tenantA, '/api/blade-system/area/treeSpecLv?regionLevel=9')).status).toBe(400);
  });

  it('list one level in the tenant’s own order once saved (areaSort)', async () => {
    const before = await post(tenantA, '/api/blade-system/area/cusLazyList', { parentCode: '11' });
    expect(before.body.data[0].hasChildren).toBe(true);
    const ids = before.body.data.map((n: { id: string }) => n.id);
    const reversed = [...ids].reverse();
    const saved = await post(
      tenantA,
      '/api/blade-system/areaSort/cusSave',
      reversed.map((areaId: string, i: number) => ({ areaId, sort: i + 1 })),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await post(tenantA, '/api/blade-system/areaSort/cusLazyList', { parentCode: '11' });
    expect(after.body.data.map((n: { id: string }) => n.id)).toEqual(reversed);
    // The pickers' tree (by id and by code) follows the same order.
    const parent = (await get(tenantA, '/api/blade-system/area/detail?code=11')).body.data;
    const picker = await get(tenantA, `/api/blade-system/region/lazy-tree?parentId=${parent.id}`);
    expect(picker.body.data.map((n: { id: string }) => n.id)).toEqual(reversed);
    const byCode = await get(tenantA, '/api/blade-system/region/lazy-tree?parentCode=11');
    expect(byCode.body.data.map((n: { id: string }) => n.id)).toEqual(after.body.data.map((n: { code: string }) => n.code));
    // Saving again updates rather than duplicating; another tenant keeps the national order.
    await post(tenantA, '/api/blade-system/areaSort/cusSave', [{ areaId: reversed[0], sort: 99 }]);
    const [{ n }] = await t.db.query<{ n: number }>("select count(*)::int n from dw_area_sort where tenant_id = '100001'");
    expect(n).toBe(ids.length);
    expect(
      (await post(platform, '/api/blade-system/area/cusLazyList', { parentCode: '11' })).body.data.map((x: { id: string }) => x.id),
    ).toEqual(ids);
    expect((await post(tenantA, '/api/blade-system/areaSort/cusSave', [{ areaId: '1', sort: 'x' }])).status).toBe(400);
    expect((await post(tenantA, '/api/blade-system/areaSort/cusSave', [{ areaId: '12345', sort: 1 }])).status).toBe(400);
  });

  it('show the caller’s role area and what lies beneath it (areaRoleTreeSpeck)', async () => {
    const nanjing = (await get(tenantA, '/api/blade-system/area/detail?code=3201')).body.data;
    expect(nanjing.name).toBe('南京市');
    await t.db.query("update blade_role set area_id = $1 where tenant_id = '100001' and role_alias = 'admin'", [nanjing.id]);
    const res = await get(tenantA, '/api/blade-system/area/areaRoleTreeSpeck?regionLevel=3');
    expect(res.body.data.map((n: N) => n.name)).toEqual(['南京市']);
    expect(res.body.data[0].children.map((n: N) => n.name)).toContain('玄武区');
    expect((await get(platform, '/api/blade-system/area/areaRoleTreeSpeck?regionLevel=3')).body.data).toEqual([]);
  });

  it('take only a level-4 region as a role’s area, and say so', async () => {
    const county = (await get(tenantA, '/api/blade-system/area/detail?code=320102')).body.data;
    expect(county.regionLevel).toBe(3);
    const made = await post(platform, '/api/blade-system/region/submit', {
      parentId: county.id,
      code: '320102990',
      name: '测试街道',
      fullName: '江苏省南京市玄武区测试街道',
      pycode: 'CSJD',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const town = (await get(tenantA, '/api/blade-system/area/detail?code=320102990')).body.data;
    expect(town.regionLevel).toBe(4);
    // The lazy tree says each node's level, so the form can offer level 4 only.
    const level = await get(tenantA, `/api/blade-system/region/lazy-tree?parentId=${county.id}`);
    expect(level.body.data.find((n: { id: string }) => n.id === town.id)).toMatchObject({ level: 4, title: '测试街道' });

    const role = { roleName: '区域角色', roleAlias: `area${Date.now()}`, sort: '1' };
    const refused = await post(tenantA, '/api/blade-system/role/submit', { ...role, areaId: county.id });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('所属区域只能选择乡镇街道级（第4级）区划');
    const [{ n }] = await t.db.query<{ n: number }>('select count(*)::int n from blade_role where role_alias = $1', [role.roleAlias]);
    expect(n).toBe(0);
    const saved = await post(tenantA, '/api/blade-system/role/submit', { ...role, areaId: town.id });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stored = await t.db.query<{ area: string }>('select area_id::text area from blade_role where role_alias = $1', [role.roleAlias]);
    expect(stored).toEqual([{ area: town.id }]);
    // Moving it to a county afterwards is refused the same way and keeps the town.
    const moved = await post(tenantA, '/api/blade-system/role/submit', { id: saved.body.data.id, areaId: county.id });
    expect(moved.body.msg).toBe('所属区域只能选择乡镇街道级（第4级）区划');
    expect((await t.db.query('select area_id::text area from blade_role where role_alias = $1', [role.roleAlias]))[0]).toEqual({
      area: town.id,
    });
  });
});
