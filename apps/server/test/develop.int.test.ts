import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tableOf } from '@civdesk/db';
import type { Resource } from '@civdesk/meta';
import { post as postResource, region } from '@civdesk/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

const API = '/api/blade-develop';
let t: TestApp;
let platform: TestUser;
let tenantAdmin: TestUser;
const scratch = mkdtempSync(join(tmpdir(), 'civdesk-gen-'));

beforeAll(async () => {
  t = await buildTestApp();
  platform = await t.as('admin', '000000');
  tenantAdmin = await t.as('admin', '100001');
});
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await t?.close();
});

const get = (u: TestUser, path: string) => t.call(u, { method: 'GET', url: `${API}/${path}` });
const post = (u: TestUser, path: string, payload?: unknown) =>
  t.call(u, { method: 'POST', url: `${API}/${path}`, payload: payload as object });

type File = { path: string; content: string };

const src = (rel: string) => new URL(`../../../packages/${rel}`, import.meta.url).pathname;

/** Imports a generated definition as the registry would: its imports pointed at the real packages. */
async function load(content: string, file: string): Promise<Resource> {
  const text = content
    .replace("from '@civdesk/meta'", `from '${src('meta/src/index.ts')}'`)
    .replace("from '../labels.ts'", `from '${src('resources/src/labels.ts')}'`)
    .replace("from '../menu-groups.ts'", `from '${src('resources/src/menu-groups.ts')}'`);
  const path = join(scratch, file);
  writeFileSync(path, text);
  const mod = (await import(path)) as Record<string, Resource>;
  return Object.values(mod)[0];
}

async function addModel(table: string, klass: string) {
  const res = await post(platform, 'model/submit', { modelTable: table, modelName: `${klass}模型`, modelClass: klass, modelCode: 'x' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return String(res.body.data.id);
}

const genBody = (modelId: string, over: object = {}) => ({
  modelId,
  codeName: '岗位管理',
  serviceName: 'blade-system',
  tableName: 'blade_post',
  tablePrefix: 'blade_',
  pkName: 'id',
  packageName: 'system',
  menuGroup: 'system',
  templateType: 'crud',
  author: 'tester',
  genHooks: 2,
  genScreen: 2,
  ...over,
});

describe('reading the schema', () => {
  it('lists the database tables and a table columns, read-only', async () => {
    const list = await get(platform, 'model/table-list');
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: { name: string }) => x.name)).toContain('blade_post');
    const info = await get(platform, 'model/table-info?tableName=blade_post');
    expect(info.body.data.fields).toContainEqual(expect.objectContaining({ name: 'post_code', type: 'varchar(32)', keyFlag: false }));
    expect(info.body.data.fields).toContainEqual(expect.objectContaining({ name: 'id', type: 'bigint', keyFlag: true }));
  });

  it('refuses unknown tables, bad names and other data sources in Chinese', async () => {
    expect((await get(platform, 'model/table-info?tableName=no_such_table')).body.msg).toBe('表不存在: no_such_table');
    const bad = await get(platform, `model/table-info?tableName=${encodeURIComponent('blade_post;drop table x')}`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^表名不正确/);
    expect((await get(platform, 'model/table-info')).body.msg).toBe('请输入表名');
    expect((await get(platform, 'model/table-list?datasourceId=123')).body.msg).toBe('数据源不存在');
    const model = await post(platform, 'model/submit', { modelTable: 'no_such_table', modelName: 'x', modelClass: 'X', modelCode: 'x' });
    expect([model.status, model.body.msg]).toEqual([400, '表不存在: no_such_table']);
  });

  it('is the platform administrator own tool', async () => {
    expect((await get(tenantAdmin, 'model/table-list')).status).toBe(403);
    expect((await post(tenantAdmin, 'code/gen-code?ids=1')).status).toBe(403);
  });
});

describe('generating a resource definition', () => {
  it('round-trips blade_post: generated, imported, the same table and columns as the registered post', async () => {
    const modelId = await addModel('blade_post', 'Post');
    const defaults = (await get(platform, `model/model-prototype?modelId=${modelId}`)).body.data;
    expect(defaults.map((p: { jdbcName: string }) => p.jdbcName)).toEqual(['category', 'post_code', 'post_name', 'sort', 'remark']);
    const saved = await post(platform, 'model-prototype/submit-list', defaults);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await get(platform, `model-prototype/select?modelId=${modelId}`)).body.data).toHaveLength(5);

    const code = await post(platform, 'code/submit', genBody(modelId));
    expect(code.status, JSON.stringify(code.body)).toBe(200);
    const gen = await post(platform, `code/gen-code?ids=${code.body.data.id}&system=saber`);
    expect([gen.status, gen.body.msg]).toEqual([200, '代码生成成功']);
    const files: File[] = gen.body.data[0].files;
    expect(files.map((f) => f.path)).toEqual([
      'packages/resources/src/system/post.resource.ts',
      'apps/server/src/resources/post/post.hooks.ts',
      'apps/web/src/resources/post/post-screen.tsx',
      'post-README.md',
    ]);
    const generated = await load(files[0].content, 'post.resource.ts');
    expect(generated).toMatchObject({ name: 'post', table: 'blade_post', api: '/api/blade-system/post', tenant: true });
    expect(generated.menu ? generated.menu.icon : null).toBe(postResource.menu ? postResource.menu.icon : null);
    expect(tableOf(generated).columns).toEqual(tableOf(postResource).columns);
    expect(generated.fields.category).toMatchObject({ type: 'dict', dict: 'post_category', int: true, required: true });
  });

  it('generates a tree from its parent and title fields (blade_region keeps its columns)', async () => {
    const modelId = await addModel('blade_region', 'Region');
    const code = await post(
      platform,
      'code/submit',
      genBody(modelId, {
        tableName: 'blade_region',
        templateType: 'tree',
        treePid: 'parentId',
        treeName: 'name',
        genHooks: 1,
        genScreen: 1,
      }),
    );
    expect(code.status, JSON.stringify(code.body)).toBe(200);
    const gen = await post(platform, `code/gen-code?ids=${code.body.data.id}`);
    expect(gen.status, JSON.stringify(gen.body)).toBe(200);
    const files: File[] = gen.body.data[0].files;
    expect(files).toHaveLength(2);
    const generated = await load(files[0].content, 'region.resource.ts');
    expect(tableOf(generated).columns.map((c) => c.name)).toEqual(tableOf(region).columns.map((c) => c.name));
  });

  it('copies a generator and refuses bad configurations with nothing changed', async () => {
    const modelId = await addModel('blade_post', 'Post');
    const code = await post(platform, 'code/submit', genBody(modelId, { codeName: '岗位' }));
    const copied = await post(platform, `code/copy?id=${code.body.data.id}`);
    expect([copied.status, copied.body.data.codeName]).toEqual([200, '岗位-copy']);
    expect((await post(platform, 'code/copy?id=1')).body.msg).toBe('代码生成配置不存在');

    const before = (await get(platform, `model-prototype/select?modelId=${modelId}`)).body.data;
    const defaults = (await get(platform, `model/model-prototype?modelId=${modelId}`)).body.data;
    const refused = async (rows: unknown, msg: RegExp) => {
      const res = await post(platform, 'model-prototype/submit-list', rows);
      expect([res.status, res.body.msg]).toEqual([400, expect.stringMatching(msg)]);
    };
    await refused([{ ...defaults[0], jdbcName: 'no_col' }], /没有列 no_col/);
    await refused([{ ...defaults[0], jdbcName: 'tenant_id' }], /系统基础列/);
    await refused([{ ...defaults[0], dictCode: 'no_dict' }], /字典「no_dict」不存在/);
    await refused([defaults[0], { ...defaults[1], propertyName: defaults[0].propertyName }], /重复/);
    await refused([{ ...defaults[0], propertyName: 'Bad-name' }], /属性名/);
    await refused({ not: 'a list' }, /数组/);
    await refused([], /至少/);
    expect((await get(platform, `model-prototype/select?modelId=${modelId}`)).body.data).toEqual(before);

    const bad = await post(platform, 'code/submit', genBody(modelId, { apiPath: '../../etc' }));
    expect(bad.status).toBe(400);
    const prefix = await post(platform, 'code/submit', genBody(modelId, { tablePrefix: 'blade_post', codeName: '错前缀' }));
    expect((await post(platform, `code/gen-code?ids=${prefix.body.data.id}`)).body.msg).toMatch(/资源名「」不正确/);
    const sub = await post(platform, 'code/submit', genBody(modelId, { templateType: 'sub', codeName: '主子' }));
    expect((await post(platform, `code/gen-code?ids=${sub.body.data.id}`)).body.msg).toMatch(/主子表/);
    expect((await post(platform, 'code/gen-code?ids=')).status).toBe(400);
  });
});
