import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// Ids that point from one matter part to another are checked references: a missing row, a deleted
// row or another tenant's row is refused with a message under the field, and nothing is written.

let t: TestApp;
let admin: TestUser;
let other: TestUser;
const M = '/api/dw-matter';
const RELIEF_ITEM = '1901000000000000001';
const RELIEF_FORM = '1902000000000000001';
const MISSING = '1999999999999999999';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin', '100001');
  other = await t.newTenant('300302');
});
afterAll(() => t?.close());

const post = (u: TestUser, url: string, payload: Record<string, unknown>) => t.call(u, { method: 'POST', url, payload });
const count = async (table: string) => (await t.db.query<{ n: number }>(`select count(*)::int n from ${table} where is_deleted = 0`))[0].n;
const firstId = async (u: TestUser, url: string) => (await t.call(u, { method: 'GET', url })).body.data.records[0].id as string;

describe('checked references between matter parts', () => {
  it('a matter scope names a live matter of the tenant, as a form scope names a form', async () => {
    const regionId = (await t.call(admin, { method: 'GET', url: '/api/blade-system/region/list?parentId=0' })).body.data[0].id;
    const before = await count('mat_int_scope');
    const ok = await post(admin, `${M}/matIntScope/submit`, { scopeType: 2, targetId: RELIEF_ITEM, regionId });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    for (const [u, targetId] of [
      [admin, MISSING],
      [admin, 'abc'],
      [other, RELIEF_ITEM],
    ] as const) {
      const res = await post(u, `${M}/matIntScope/submit`, { scopeType: 2, targetId, regionId });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('事项不存在或已被删除');
    }
    // Switching a form scope to a matter re-checks the target against matters.
    const formScope = await post(admin, `${M}/matIntScope/submit`, { scopeType: 1, targetId: RELIEF_FORM, regionId });
    const switched = await post(admin, `${M}/matIntScope/submit`, { id: formScope.body.data.id, scopeType: 2 });
    expect(switched.body.msg).toBe('事项不存在或已被删除');
    expect(await count('mat_int_scope')).toBe(before + 2);
  });

  it('a matter’s handling roles are roles of its tenant', async () => {
    const roleId = await firstId(admin, '/api/blade-system/role/page?current=1&size=1');
    const foreignRole = await firstId(other, '/api/blade-system/role/page?current=1&size=1');
    const base = { id: RELIEF_ITEM, itemName: '临时救助申请', itemNo: 'LSJZ-001', itemType: '2', eventType: '2' };
    const good = await post(admin, `${M}/matIntElement/cusUpdate`, { ...base, roleIds: roleId });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    for (const roleIds of [MISSING, `${roleId},${foreignRole}`]) {
      const res = await post(admin, `${M}/matIntElement/cusUpdate`, { ...base, roleIds });
      expect(res.status).toBe(400);
      expect(res.body.data?.errors?.[0]?.field ?? res.body.msg).toMatch(/roleIds|办理角色/);
    }
    const [row] = await t.db.query<{ role_ids: string }>('select role_ids from mat_int_element where id = $1', [RELIEF_ITEM]);
    expect(row.role_ids).toBe(roleId);
  });

  it('a signing element belongs to a live step of the tenant', async () => {
    const stepId = await firstId(admin, `${M}/matWfElement/page?current=1&size=1`);
    const before = await count('mat_wf_element_electronic_sign');
    const ok = await post(admin, `${M}/matWfElementElectronicSign/submit`, { elementId: stepId });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    for (const [u, elementId] of [
      [admin, MISSING],
      [other, stepId],
    ] as const) {
      const res = await post(u, `${M}/matWfElementElectronicSign/submit`, { elementId });
      expect(res.status).toBe(400);
    }
    expect(await count('mat_wf_element_electronic_sign')).toBe(before + 1);
  });
});
