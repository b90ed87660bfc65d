import { columnOf, type Resource, writableFields } from '@civdesk/meta';
import { registry } from '@civdesk/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';
import { countRows, sampleBody } from './helpers/samples.ts';

// For every registered resource with conventional routes: list, detail, add, update, remove, the
// validation errors, built-in-row protection and tenant isolation. A new resource is covered the
// moment it is registered.
let t: TestApp;
let platform: TestUser;
let tenantA: TestUser;
let tenantB: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  platform = await t.as('admin', '000000');
  tenantA = await t.as('admin', '100001');
  tenantB = await t.newTenant(`T${Date.now().toString(36).slice(-6)}`);
});
afterAll(() => t?.close());

const crud = registry.filter((r) => r.routes.includes('submit'));

describe.each(crud.map((r) => [r.name, r] as [string, Resource]))('%s', (_name, r) => {
  // Shared reference data is written by the platform tenant; tenant data by a tenant's user.
  const owner = () => (r.tenant ? tenantA : platform);
  const submit = (u: TestUser, body: unknown) => t.call(u, { method: 'POST', url: `${r.api}/submit`, payload: body as object });

  it('adds, reads, lists, updates and removes a row', async () => {
    const body = await sampleBody(t, owner(), r);
    const created = await submit(owner(), body);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ code: 200, success: true, msg: '新增成功' });
    const id = created.body.data.id;
    expect(typeof id).toBe('string');
    expect(created.body.data.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(created.body.data.createUser).toBe(owner().userId);
    if (r.tenant) expect(created.body.data.tenantId).toBe(owner().tenantId);

    const detail = await t.call(owner(), { method: 'GET', url: `${r.api}/detail?id=${id}` });
    expect(detail.status).toBe(200);
    expect(detail.body.data.id).toBe(id);
    for (const [k, v] of Object.entries(body))
      if (typeof v === 'string' && !r.tree && r.fields[k].type !== 'password') expect(String(detail.body.data[k])).toBe(v);

    const listed = await t.call(owner(), { method: 'GET', url: `${r.api}/page?current=1&size=200&descs=createTime` });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toMatchObject({ current: 1, size: 200 });
    expect(listed.body.data.records.some((x: { id: string }) => x.id === id)).toBe(true);

    const [editKey, editField] =
      writableFields(r).find(([, f]) => f.type === 'string' && !f.unique && !f.pattern && !f.ref && f.example === undefined) ?? [];
    if (editKey && editField) {
      const value = '改'.repeat(Math.max(editField.min ?? 1, 1));
      const updated = await submit(owner(), { id, [editKey]: value });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(updated.body.msg).toBe('更新成功');
      expect(updated.body.data[editKey]).toBe(value);
    }

    const removed = await t.call(owner(), { method: 'POST', url: `${r.api}/remove?ids=${id}` });
    expect(removed.status).toBe(200);
    expect(removed.body.msg).toBe('删除成功');
    const gone = await t.call(owner(), { method: 'GET', url: `${r.api}/detail?id=${id}` });
    expect(gone.status).toBe(404);
  });

  it('rejects every missing required field and changes nothing', async () => {
    const body = await sampleBody(t, owner(), r);
    const before = await countRows(t, r);
    for (const [key, f] of writableFields(r).filter(([, f]) => f.required)) {
      const res = await submit(owner(), { ...body, [key]: '' });
      expect(res.status, key).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.data.errors.map((e: { field: string }) => e.field)).toContain(key);
      if (typeof f.required === 'string') expect(res.body.msg).toContain(f.required);
    }
    expect(await countRows(t, r)).toBe(before);
  });

  it('rejects over-long text, non-digit order codes, wrong types and malformed bodies', async () => {
    const body = await sampleBody(t, owner(), r);
    const before = await countRows(t, r);
    for (const [key, f] of writableFields(r)) {
      if ((f.type === 'string' || f.type === 'text') && f.max) {
        const res = await submit(owner(), { ...body, [key]: 'x'.repeat(f.max + 1) });
        expect(res.status, key).toBe(400);
      }
      if (f.type === 'order') {
        const res = await submit(owner(), { ...body, [key]: '1a' });
        expect(res.status).toBe(400);
        expect(res.body.data.errors).toContainEqual({ field: key, message: '排序只能输入数字' });
      }
      if (f.type === 'int' || f.type === 'ref' || f.type === 'date') {
        const res = await submit(owner(), { ...body, [key]: { nested: true } });
        expect(res.status, key).toBe(400);
      }
    }
    const malformed = await t.call(owner(), {
      method: 'POST',
      url: `${r.api}/submit`,
      payload: '{"oops":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe(400);
    expect((await submit(owner(), [1, 2])).status).toBe(400);
    expect((await submit(owner(), { ...body, id: '999999999999' })).status).toBe(404);
    expect((await submit(owner(), { ...body, id: 'abc' })).status).toBe(400);
    expect(await countRows(t, r)).toBe(before);
  });

  it('refuses unknown filter and sort keys, bad paging and bad ids', async () => {
    expect((await t.call(owner(), { method: 'GET', url: `${r.api}/page?nosuchField=1` })).status).toBe(400);
    expect((await t.call(owner(), { method: 'GET', url: `${r.api}/page?descs=password` })).status).toBe(400);
    expect((await t.call(owner(), { method: 'GET', url: `${r.api}/page?ascs=drop%20table` })).status).toBe(400);
    expect((await t.call(owner(), { method: 'GET', url: `${r.api}/page?size=abc` })).status).toBe(400);
    expect((await t.call(owner(), { method: 'GET', url: `${r.api}/page?createTime_datege=yesterday` })).status).toBe(400);
    expect((await t.call(owner(), { method: 'GET', url: `${r.api}/detail?id=1%27` })).status).toBe(400);
    expect((await t.call(owner(), { method: 'POST', url: `${r.api}/remove?ids=` })).status).toBe(400);
    expect((await t.call(owner(), { method: 'POST', url: `${r.api}/remove?ids=1;drop` })).status).toBe(400);
    expect((await t.call(null, { method: 'GET', url: `${r.api}/page` })).status).toBe(401);
    const unpaged = await t.call(owner(), { method: 'GET', url: `${r.api}/page?size=-1&createTime_datege=2000-01-01%2000:00:00` });
    expect(unpaged.status).toBe(200);
    expect(unpaged.body.data.size).toBe(-1);
  });

  it('keeps each tenant to its own rows', async () => {
    const created = await submit(owner(), await sampleBody(t, owner(), r));
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    const before = await countRows(t, r);
    if (r.tenant) {
      expect((await t.call(tenantB, { method: 'GET', url: `${r.api}/detail?id=${id}` })).status).toBe(404);
      const page = await t.call(tenantB, { method: 'GET', url: `${r.api}/page?size=1000` });
      expect(page.body.data.records.some((x: { id: string }) => x.id === id)).toBe(false);
      expect(page.body.data.records.every((x: { tenantId: string }) => x.tenantId === tenantB.tenantId)).toBe(true);
      const key = writableFields(r).find(([, f]) => f.type === 'string' && !f.unique && !f.ref && !f.pattern && !f.format)?.[0];
      if (key) expect((await submit(tenantB, { id, [key]: '越权' })).status).toBe(404);
      expect((await t.call(tenantB, { method: 'POST', url: `${r.api}/remove?ids=${id}` })).status).toBe(404);
    } else {
      // Shared reference data: every tenant reads it, only the platform tenant changes it (the
      // tenant table: each tenant sees only its own row).
      // Platform configuration is the platform administrator's alone.
      const readable = r.platformOnly ? 403 : r.tenantCodeField ? 404 : 200;
      expect((await t.call(tenantB, { method: 'GET', url: `${r.api}/detail?id=${id}` })).status).toBe(readable);
      if (r.platformOnly) expect((await t.call(tenantB, { method: 'GET', url: `${r.api}/page` })).status).toBe(403);
      expect((await submit(tenantB, await sampleBody(t, tenantB, r))).status).toBe(403);
      expect((await t.call(tenantB, { method: 'POST', url: `${r.api}/remove?ids=${id}` })).status).toBe(403);
    }
    expect(await countRows(t, r)).toBe(before);
    const [row] = await t.db.query<{ d: number }>(`select is_deleted as d from ${r.table} where id = $1`, [id]);
    expect(row.d).toBe(0);
  });

  it.runIf(Boolean(r.builtIn))('refuses to remove built-in rows', async () => {
    const created = await submit(owner(), await sampleBody(t, owner(), r));
    const flag = columnOf(r.builtIn as string, r.allFields[r.builtIn as string]);
    await t.db.query(`update ${r.table} set ${flag} = 1 where id = $1`, [created.body.data.id]);
    const res = await t.call(owner(), { method: 'POST', url: `${r.api}/remove?ids=${created.body.data.id}` });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('系统内置数据不可删除');
  });

  it.runIf(Boolean(r.tree))('refuses to remove a node with children, and serves tree and lazy-tree', async () => {
    const parent = await submit(owner(), await sampleBody(t, owner(), r));
    const child = await submit(owner(), { ...(await sampleBody(t, owner(), r)), parentId: parent.body.data.id });
    expect(child.status, JSON.stringify(child.body)).toBe(200);
    const res = await t.call(owner(), { method: 'POST', url: `${r.api}/remove?ids=${parent.body.data.id}` });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('请先删除子节点!');
    const cycle = await submit(owner(), { id: parent.body.data.id, parentId: child.body.data.id });
    expect(cycle.status).toBe(400);
    const lazy = await t.call(owner(), { method: 'GET', url: `${r.api}/lazy-tree?parentId=${parent.body.data.id}` });
    expect(lazy.body.data).toEqual([
      expect.objectContaining({ id: child.body.data.id, parentId: parent.body.data.id, key: child.body.data.id, hasChildren: false }),
    ]);
    const both = await t.call(owner(), { method: 'POST', url: `${r.api}/remove?ids=${parent.body.data.id},${child.body.data.id}` });
    expect(both.status).toBe(200);
  });
});
