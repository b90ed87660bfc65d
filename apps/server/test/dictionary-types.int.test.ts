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

describe('dictionary types and entries', () => {
  it('serve the type tree with typeCode/typeName/parentCode', async () => {
    const res = await get(platform, '/api/blade-system/dwSysDictType/cusTree');
    const minor = res.body.data.find((n: { typeCode: string }) => n.typeCode === 'minor');
    expect(minor).toMatchObject({ typeName: '未成年人保护', parentCode: '', hasChildren: true });
    expect(minor.children.map((c: { typeCode: string; parentCode: string }) => [c.typeCode, c.parentCode])).toEqual([
      ['guardianship_status', 'minor'],
      ['risk_level', 'minor'],
    ]);
    const tree = await get(platform, '/api/blade-system/dwSysDictDetail/getBmDictTree');
    const risk = tree.body.data[0].children.find((n: { typeCode: string }) => n.typeCode === 'risk_level');
    expect(risk.children.map((c: { title: string }) => c.title)).toEqual(['低风险', '中风险', '高风险']);
  });

  it('keep fcode and entries in step when a type moves or is renamed, and refuse entries of unknown types', async () => {
    const parent = await post(platform, '/api/blade-system/dwSysDictType/save', {
      parentId: '0',
      dictName: '测试分类',
      dictType: 't_cat',
      fnum: 0,
      orderNum: '9',
      inUse: 1,
    });
    expect(parent.status, JSON.stringify(parent.body)).toBe(200);
    expect((await post(platform, '/api/blade-system/dwSysDictType/save', { id: parent.body.data.id, dictName: 'x' })).status).toBe(400);
    const child = await post(platform, '/api/blade-system/dwSysDictType/submit', {
      parentId: parent.body.data.id,
      dictName: '颜色',
      dictType: 't_color',
      fnum: 2,
      orderNum: '1',
      inUse: 1,
    });
    expect(child.body.data.fcode).toBe('t_cat');
    expect(
      (
        await post(platform, '/api/blade-system/dwSysDictDetail/submit', {
          dictType: 't_color',
          dictKey: 'r',
          dictValue: '红',
          orderNum: '1',
          inUse: 1,
        })
      ).status,
    ).toBe(200);
    const orphan = await post(platform, '/api/blade-system/dwSysDictDetail/submit', {
      dictType: 'no_such',
      dictKey: 'r',
      dictValue: '红',
      orderNum: '1',
      inUse: 1,
    });
    expect(orphan.status).toBe(400);
    expect(orphan.body.msg).toBe('字典类型不存在');
    const dup = await post(platform, '/api/blade-system/dwSysDictDetail/submit', {
      dictType: 't_color',
      dictKey: 'r',
      dictValue: '又红',
      orderNum: '2',
      inUse: 1,
    });
    expect(dup.body.msg).toBe('当前字典键值已存在!');

    expect((await post(platform, '/api/blade-system/dwSysDictType/submit', { id: parent.body.data.id, dictType: 't_cat2' })).status).toBe(
      200,
    );
    expect((await get(platform, `/api/blade-system/dwSysDictType/detail?id=${child.body.data.id}`)).body.data.fcode).toBe('t_cat2');
    expect((await post(platform, '/api/blade-system/dwSysDictType/submit', { id: child.body.data.id, dictType: 't_colour' })).status).toBe(
      200,
    );
    const entries = await get(platform, '/api/blade-system/dwSysDictDetail/page?dictType=t_colour');
    expect(entries.body.data.records.map((e: { dictKey: string }) => e.dictKey)).toEqual(['r']);
    // Built-in types refuse removal.
    const minor = (await get(platform, '/api/blade-system/dwSysDictType/page?dictType_equal=minor')).body.data.records[0];
    expect((await post(platform, `/api/blade-system/dwSysDictType/remove?ids=${minor.id}`)).body.msg).toBe('系统内置数据不可删除');
  });
});

describe('dictionary client (batch lookup by code)', () => {
  it('finds each code in type entries, then the tenant’s business dictionary, then the system dictionary', async () => {
    await post(tenantA, '/api/blade-system/dict-biz/submit', {
      parentId: '0',
      code: 'sex',
      dictValue: '性别(业务)',
      sort: '1',
      isSealed: 0,
    });
    const root = (await get(tenantA, '/api/blade-system/dict-biz/parent-list?code_equal=sex')).body.data.records[0];
    await post(tenantA, '/api/blade-system/dict-biz/submit', {
      parentId: root.id,
      code: 'sex',
      dictKey: 'm',
      dictValue: '男性',
      sort: '1',
      isSealed: 0,
    });

    const res = await get(tenantA, '/api/blade-system/dwSysDictClient/getBatchDict?codes=risk_level,sex,yes_no,nothing_here');
    expect(res.status).toBe(200);
    expect(res.body.data.risk_level.map((d: { dictValue: string }) => d.dictValue)).toEqual(['低风险', '中风险', '高风险']);
    expect(res.body.data.sex).toEqual([{ code: 'sex', dictKey: 'm', dictValue: '男性', sort: 1 }]);
    expect(res.body.data.yes_no.map((d: { dictKey: string }) => d.dictKey)).toEqual(['0', '1']);
    expect(res.body.data.nothing_here).toEqual([]);
    // Another tenant still sees the system dictionary.
    const other = await get(platform, '/api/blade-system/bmSysDictDetail/getBatchDict?codes=sex');
    expect(other.body.data.sex.map((d: { dictValue: string }) => d.dictValue)).toEqual(['男', '女', '未知']);
    const one = await get(platform, '/api/blade-system/dwSysDictClient/getDetailByCode?code=risk_level');
    expect(one.body.data).toHaveLength(3);
    expect((await get(platform, '/api/blade-system/dwSysDictClient/getBatchDict')).status).toBe(400);
    expect(
      (
        await get(
          platform,
          `/api/blade-system/dwSysDictClient/getBatchDict?codes=${Array.from({ length: 60 }, (_, i) => `c${i}`).join(',')}`,
        )
      ).status,
    ).toBe(400);
  });
});
