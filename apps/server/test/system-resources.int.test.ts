import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// The first real resources' own calls: dictionaries and regions beyond the engine's routes.
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

describe('system dictionaries', () => {
  it('answers dictionary?code= with the unsealed children of a seeded dictionary, in order', async () => {
    const res = await get(tenantA, '/api/blade-system/dict/dictionary?code=sex');
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { dictKey: string; dictValue: string }) => [d.dictKey, d.dictValue])).toEqual([
      ['1', '男'],
      ['2', '女'],
      ['3', '未知'],
    ]);
    expect(res.body.data[0]).toEqual(expect.objectContaining({ code: 'sex', id: expect.any(String), parentId: expect.any(String) }));
  });

  it('answers tree with every dictionary for code=DICT (what BladeX clients send) or none, and one dictionary for its code', async () => {
    const all = await get(tenantA, '/api/blade-system/dict/tree?code=DICT');
    expect(all.status).toBe(200);
    const [roots] = await t.db.query<{ n: string }>('select count(*)::text as n from blade_dict where parent_id = 0 and is_deleted = 0');
    expect(String(all.body.data.length)).toBe(roots.n);
    expect((await get(tenantA, '/api/blade-system/dict/tree')).body.data).toEqual(all.body.data);
    const sex = await get(tenantA, '/api/blade-system/dict/tree?code=sex');
    expect(sex.body.data).toHaveLength(1);
    expect(sex.body.data[0].title).toBe('性别');
    expect(sex.body.data[0].children.map((c: { title: string }) => c.title)).toEqual(['男', '女', '未知']);
    expect((await get(tenantA, '/api/blade-system/dict/tree?code=no_such_dict')).body.data).toEqual([]);
  });

  it('seeds every dictionary code the spec names', async () => {
    for (const code of [
      'yes_no',
      'GB_YES_OR_NO',
      'region',
      'busi_type',
      'organ_type',
      'user_type',
      'post_category',
      'vm_audit_status',
      'classified_type',
      'data_scope_type',
      'api_scope_type',
      'notice',
      'SYS_WF_LOCAL_BUTTON',
      'SYS_WF_METHOD_TYPE',
      'SYS_MESSAGE_TYPE',
      'OW_SUSPEND_TYPE',
      'DATE_RANGE_TYPE',
    ]) {
      const res = await get(platform, `/api/blade-system/dict/dictionary?code=${code}`);
      expect(res.body.data.length, code).toBeGreaterThan(0);
    }
  });

  it('keeps a dictionary together: parent-list pages roots, child-list lists one root’s entries, sealed entries are hidden from dictionary', async () => {
    const root = await post(platform, '/api/blade-system/dict/submit', {
      parentId: '0',
      code: 'test_color',
      dictValue: '颜色',
      sort: '1',
      isSealed: 0,
    });
    expect(root.status, JSON.stringify(root.body)).toBe(200);
    expect(root.body.data.dictKey).toBe('-1');
    const rootId = root.body.data.id;
    const red = await post(platform, '/api/blade-system/dict/submit', {
      parentId: rootId,
      code: 'ignored',
      dictKey: 'r',
      dictValue: '红',
      sort: '1',
      isSealed: 0,
    });
    expect(red.body.data.code).toBe('test_color'); // a child always takes its root's code
    await post(platform, '/api/blade-system/dict/submit', {
      parentId: rootId,
      code: 'test_color',
      dictKey: 'g',
      dictValue: '绿',
      sort: '2',
      isSealed: 1,
    });
    const dup = await post(platform, '/api/blade-system/dict/submit', {
      parentId: rootId,
      code: 'test_color',
      dictKey: 'r',
      dictValue: '又红',
      sort: '3',
      isSealed: 0,
    });
    expect(dup.status).toBe(400);
    expect(dup.body.msg).toBe('当前字典键值已存在!');
    const noKey = await post(platform, '/api/blade-system/dict/submit', {
      parentId: rootId,
      code: 'test_color',
      dictValue: '无键',
      sort: '3',
      isSealed: 0,
    });
    expect(noKey.status).toBe(400);
    expect(noKey.body.data.errors[0].field).toBe('dictKey');

    const parents = await get(platform, '/api/blade-system/dict/parent-list?code=test_color');
    expect(parents.body.data.records.map((r: { id: string }) => r.id)).toEqual([rootId]);
    const children = await get(platform, `/api/blade-system/dict/child-list?parentId=${rootId}`);
    expect(children.body.data.map((r: { dictKey: string }) => r.dictKey)).toEqual(['r', 'g']);
    const visible = await get(platform, '/api/blade-system/dict/dictionary?code=test_color');
    expect(visible.body.data.map((r: { dictKey: string }) => r.dictKey)).toEqual(['r']);

    // Renaming a root's code renames its entries' code.
    expect((await post(platform, '/api/blade-system/dict/submit', { id: rootId, code: 'test_colour' })).status).toBe(200);
    expect((await get(platform, '/api/blade-system/dict/dictionary?code=test_colour')).body.data).toHaveLength(1);
    expect((await post(platform, `/api/blade-system/dict/remove?ids=${rootId}`)).body.msg).toBe('请先删除子节点!');
  });

  it('keeps business dictionaries per tenant', async () => {
    const mine = await post(tenantA, '/api/blade-system/dict-biz/submit', {
      parentId: '0',
      code: 'biz_level',
      dictValue: '等级',
      sort: '1',
      isSealed: 0,
    });
    expect(mine.status).toBe(200);
    const other = await t.newTenant(`D${Date.now().toString(36).slice(-6)}`);
    expect((await get(other, '/api/blade-system/dict-biz/parent-list?code=biz_level')).body.data.records).toEqual([]);
    expect((await get(tenantA, '/api/blade-system/dict-biz/parent-list?code=biz_level')).body.data.records).toHaveLength(1);
  });
});

describe('regions', () => {
  it('are seeded from the national divisions down to county level', async () => {
    const [{ n1, n2, n3 }] = await t.db.query<{ n1: number; n2: number; n3: number }>(
      `select count(*) filter (where region_level = 1)::int n1, count(*) filter (where region_level = 2)::int n2,
              count(*) filter (where region_level = 3)::int n3 from blade_region where is_deleted = 0`,
    );
    expect(n1).toBeGreaterThanOrEqual(31);
    expect(n2).toBeGreaterThan(300);
    expect(n3).toBeGreaterThan(2800);
  });

  it('answer lazy-tree by parentCode (BladeX) and by parentId, with hasChildren', async () => {
    const provinces = await get(tenantA, '/api/blade-system/region/lazy-tree?parentCode=00');
    const beijing = provinces.body.data.find((n: { title: string }) => n.title === '北京市');
    expect(beijing).toMatchObject({ id: '11', key: '11', value: '11', parentId: '00', hasChildren: true });
    const cities = await get(tenantA, '/api/blade-system/region/lazy-tree?parentCode=11');
    expect(cities.body.data.length).toBeGreaterThan(0);
    expect(cities.body.data.every((n: { parentId: string }) => n.parentId === '11')).toBe(true);

    const detail = await get(tenantA, '/api/blade-system/region/detail?code=11');
    expect(detail.body.data).toMatchObject({ code: '11', name: '北京市', regionLevel: 1, pycode: 'BJS' });
    const byId = await get(tenantA, `/api/blade-system/region/lazy-tree?parentId=${detail.body.data.id}`);
    expect(byId.body.data.map((n: { title: string }) => n.title)).toEqual(cities.body.data.map((n: { title: string }) => n.title));
    expect((await get(tenantA, '/api/blade-system/region/lazy-tree?parentCode=abc')).status).toBe(400);
  });

  it('derive level, full name and path from the parent on create', async () => {
    const parent = (await get(platform, '/api/blade-system/region/detail?code=11')).body.data;
    const res = await post(platform, '/api/blade-system/region/submit', {
      parentId: parent.id,
      code: '119901',
      name: '测试区',
      pycode: 'CSQ',
      fullName: '',
    });
    // fullName is required by the spec's form; an empty one is refused rather than guessed.
    expect(res.status).toBe(400);
    const ok = await post(platform, '/api/blade-system/region/submit', {
      parentId: parent.id,
      code: '119901',
      name: '测试区',
      pycode: 'CSQ',
      fullName: '北京市测试区',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ regionLevel: 2, fullPath: '11,119901' });
    // Regions are national reference data: a tenant reads them but cannot change them.
    expect((await post(tenantA, `/api/blade-system/region/remove?ids=${ok.body.data.id}`)).status).toBe(403);
    expect((await post(platform, `/api/blade-system/region/remove?ids=${ok.body.data.id}`)).status).toBe(200);
  });

  it('are removed one by code with `id=` as BladeX clients do, or by row id; an unknown one changes nothing', async () => {
    const [parent] = await t.db.query<{ id: string }>("select id::text from blade_region where code = '11' and is_deleted = 0");
    const made = await post(platform, '/api/blade-system/region/submit', {
      parentId: parent.id,
      code: '119902',
      name: '编号区',
      pycode: 'BHQ',
      fullName: '北京市编号区',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const live = async () => (await t.db.query("select 1 from blade_region where code in ('119902', '119903') and is_deleted = 0")).length;
    expect((await post(platform, '/api/blade-system/region/remove?id=119999999')).status).toBe(404);
    expect((await post(platform, '/api/blade-system/region/remove?id=abc')).status).toBe(400);
    expect(await live()).toBe(1);
    expect((await post(platform, '/api/blade-system/region/remove?id=119902')).status).toBe(200);
    expect(await live()).toBe(0);
    const again = await post(platform, '/api/blade-system/region/submit', {
      parentId: parent.id,
      code: '119903',
      name: '编号二区',
      pycode: 'BHEQ',
      fullName: '北京市编号二区',
    });
    expect((await post(platform, `/api/blade-system/region/remove?id=${again.body.data.id}`)).status).toBe(200);
    expect(await live()).toBe(0);
  });
});

describe('parameters', () => {
  it('are seeded with the keys the product reads and refuse a duplicate key', async () => {
    const res = await get(platform, '/api/blade-system/param/page?paramKey_equal=account.initPassword');
    expect(res.body.data.records).toHaveLength(1);
    const dup = await post(platform, '/api/blade-system/param/submit', {
      paramName: '重复',
      paramKey: 'account.initPassword',
      paramValue: 'x',
    });
    expect(dup.status).toBe(400);
    expect(dup.body.msg).toBe('参数键名已存在');
  });
});

describe('posts', () => {
  it('refuse a post code used twice in one tenant but allow it in another', async () => {
    const body = { category: 1, postCode: 'P-DUP', postName: '社工', sort: '1' };
    expect((await post(tenantA, '/api/blade-system/post/submit', body)).status).toBe(200);
    const again = await post(tenantA, '/api/blade-system/post/submit', body);
    expect(again.status).toBe(400);
    expect(again.body.data.errors).toEqual([{ field: 'postCode', message: '岗位编号已存在' }]);
    expect((await post(platform, '/api/blade-system/post/submit', body)).status).toBe(200);
  });
});
