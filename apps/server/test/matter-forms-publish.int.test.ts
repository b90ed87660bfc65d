import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// Matter forms: whole field lists (all or nothing), drafts, publishing and versions.

let t: TestApp;
let admin: TestUser;
let other: TestUser;
const form = '/api/dw-matter/matIntForm';
const detail = '/api/dw-matter/matIntFormDetail';

const count = async (formId: string) =>
  (await t.db.query<{ n: number }>('select count(*)::int n from mat_int_form_detail where form_id = $1 and is_deleted = 0', [formId]))[0].n;

async function newForm(name: string): Promise<string> {
  const types = await t.call(admin, { method: 'GET', url: '/api/dw-matter/matIntFormType/list' });
  const res = await t.call(admin, {
    method: 'POST',
    url: `${form}/submit`,
    payload: { formName: name, formUrl: '/forms/test', formTypeId: types.body.data[0].id, isSaveVerif: 1 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

const rows = [
  { fieldName: 'who', fieldLabel: '申请人', fieldType: 'group' },
  { fieldName: 'applicantName', fieldLabel: '申请人姓名', fieldType: 'text', isRequired: 1, fieldLength: 20, parentName: 'who' },
  { fieldName: 'phone', fieldLabel: '联系电话', fieldType: 'phone', isRequired: 0, parentName: 'who' },
  { fieldName: 'household', fieldLabel: '户籍类型', fieldType: 'select', isRequired: 1, dictCode: 'MAT_HOUSEHOLD_TYPE' },
];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin', '100001');
  other = await t.newTenant('300302');
});
afterAll(() => t?.close());
describe('field lists', () => {
  it('replaces a form’s whole field list, and a bad row changes nothing', async () => {
    const id = await newForm('整体保存测试');
    const saved = await t.call(admin, { method: 'POST', url: `${detail}/submitAll`, payload: { formId: id, fields: rows } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await count(id)).toBe(4);
    const level = await t.call(admin, { method: 'GET', url: `${detail}/lazyList?formId=${id}` });
    expect(level.body.data.map((r: { fieldName: string }) => r.fieldName)).toEqual(['who', 'household']);
    expect(level.body.data[0].hasChildren).toBe(true);

    const before = await t.db.query('select id from mat_int_form_detail where form_id = $1 and is_deleted = 0 order by id', [id]);
    for (const [fields, message] of [
      [[...rows, { fieldName: 'x', fieldLabel: '', fieldType: 'text' }], '第5行: 请输入字段标题'],
      [[...rows, { fieldName: 'phone', fieldLabel: '重复', fieldType: 'text' }], '第5行: 字段名 phone 重复'],
      [[...rows, { fieldName: 'y', fieldLabel: '错误', fieldType: 'text', pattern: '([' }], '第5行: 校验正则不是有效的正则表达式'],
      [[...rows, { fieldName: 'z', fieldLabel: '孤儿', fieldType: 'text', parentName: 'nope' }], '第5行: 所属分组 nope 不在列表中'],
      [[...rows, { fieldName: 'w', fieldLabel: '类型', fieldType: 'video' }], '第5行: 字段类型的值不在可选范围内'],
    ] as const) {
      const res = await t.call(admin, { method: 'POST', url: `${detail}/submitAll`, payload: { formId: id, fields } });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(message);
    }
    const after = await t.db.query('select id from mat_int_form_detail where form_id = $1 and is_deleted = 0 order by id', [id]);
    expect(after).toEqual(before);
    // Another tenant cannot write or read this form's fields.
    expect((await t.call(other, { method: 'POST', url: `${detail}/submitAll`, payload: { formId: id, fields: [] } })).status).toBe(404);
    expect((await t.call(other, { method: 'GET', url: `${detail}/lazyList?formId=${id}` })).status).toBe(404);
    expect(await count(id)).toBe(4);
  });

  it('checks one field row: a field’s group must be a group of the same form', async () => {
    const id = await newForm('单行保存测试');
    await t.call(admin, { method: 'POST', url: `${detail}/submitAll`, payload: { formId: id, fields: rows } });
    const [text] = await t.db.query<{ id: string }>(
      "select id::text from mat_int_form_detail where form_id = $1 and field_name = 'phone' and is_deleted = 0",
      [id],
    );
    const res = await t.call(admin, {
      method: 'POST',
      url: `${detail}/submit`,
      payload: { formId: id, parentId: text.id, fieldName: 'more', fieldLabel: '更多', fieldType: 'text' },
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('所属分组必须是同一表单的顶层分组');
    const bad = await t.call(admin, {
      method: 'POST',
      url: `${detail}/submit`,
      payload: { formId: id, fieldName: 'more', fieldLabel: '更多', fieldType: 'text', pattern: '(' },
    });
    expect(bad.body.msg).toBe('校验正则不是有效的正则表达式');
  });

  it('checks preview data against the draft (submitData)', async () => {
    const id = await newForm('草稿试填测试');
    await t.call(admin, { method: 'POST', url: `${detail}/submitAll`, payload: { formId: id, fields: rows } });
    const empty = await t.call(admin, { method: 'POST', url: `${detail}/submitData`, payload: { formId: id, data: {} } });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('请输入申请人姓名');
    expect(empty.body.data.errors.map((e: { field: string }) => e.field)).toEqual(['applicantName', 'household']);
    const good = await t.call(admin, {
      method: 'POST',
      url: `${detail}/submitData`,
      payload: { formId: id, data: { applicantName: '李四', household: '2' } },
    });
    expect(good.status).toBe(200);
  });
});

describe('publishing', () => {
  it('publishes immutable versions, edits a draft in between, and unpublishes without losing versions', async () => {
    const id = await newForm('版本测试');
    const none = await t.call(admin, { method: 'POST', url: `${form}/doPublish`, payload: { id } });
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('表单没有字段，不能发布');

    await t.call(admin, { method: 'POST', url: `${detail}/submitAll`, payload: { formId: id, fields: rows } });
    const first = await t.call(admin, { method: 'POST', url: `${form}/doPublish?id=${id}` });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.version).toBe(1);
    expect((await t.call(admin, { method: 'GET', url: `${form}/detail?id=${id}` })).body.data).toMatchObject({
      publishStatus: 1,
      latestVersion: 1,
    });

    // Editing the published form's fields edits the draft; version 1 is unchanged.
    const edited = rows.map((r) => (r.fieldName === 'applicantName' ? { ...r, fieldLabel: '姓名' } : r));
    await t.call(admin, {
      method: 'POST',
      url: `${detail}/submitAll`,
      payload: { formId: id, fields: [...edited, { fieldName: 'note', fieldLabel: '备注', fieldType: 'textarea' }] },
    });
    const v1 = await t.call(admin, { method: 'GET', url: `${form}/versionDetail?formId=${id}&version=1` });
    expect(v1.body.data.schema.fields.map((f: { label: string }) => f.label)).toEqual(['申请人姓名', '联系电话', '户籍类型']);
    const states = await t.call(admin, { method: 'GET', url: `${detail}/newLazyList?formId=${id}` });
    expect(
      Object.fromEntries(states.body.data.map((r: { fieldName: string; publishState: string }) => [r.fieldName, r.publishState])),
    ).toEqual({
      who: 'same',
      household: 'same',
      note: 'new',
    });
    const group = states.body.data.find((r: { fieldName: string }) => r.fieldName === 'who');
    const inGroup = await t.call(admin, { method: 'GET', url: `${detail}/newLazyList?formId=${id}&parentId=${group.id}` });
    expect(inGroup.body.data.find((r: { fieldName: string }) => r.fieldName === 'applicantName').publishState).toBe('changed');

    const second = await t.call(admin, { method: 'POST', url: `${form}/doPublish`, payload: { id } });
    expect(second.body.data.version).toBe(2);
    const latest = await t.call(admin, { method: 'GET', url: `${form}/versionDetail?formId=${id}` });
    expect(latest.body.data.schema.fields[0].label).toBe('姓名');
    const list = await t.call(admin, { method: 'GET', url: `${form}/versions?id=${id}` });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data.map((v: { version: number }) => v.version)).toEqual([2, 1]);

    // A published form cannot be deleted; the refusal changes nothing.
    const refused = await t.call(admin, { method: 'POST', url: `${form}/remove?ids=${id}` });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('表单「版本测试」已发布，请先取消发布再删除');
    expect((await t.call(admin, { method: 'GET', url: `${form}/detail?id=${id}` })).status).toBe(200);

    // Another tenant can neither publish nor unpublish it.
    expect((await t.call(other, { method: 'POST', url: `${form}/doPublish`, payload: { id } })).status).toBe(404);
    expect((await t.call(other, { method: 'GET', url: `${form}/doCanclePublish?id=${id}` })).status).toBe(404);

    const off = await t.call(admin, { method: 'GET', url: `${form}/doCanclePublish?id=${id}` });
    expect(off.status).toBe(200);
    expect((await t.call(admin, { method: 'GET', url: `${form}/doCanclePublish?id=${id}` })).body.msg).toBe('表单未发布');
    const stopped = await t.call(admin, { method: 'GET', url: `${form}/versionDetail?formId=${id}` });
    expect(stopped.status).toBe(400);
    expect(stopped.body.msg).toBe('表单已取消发布，不能再填报');
    expect((await t.call(admin, { method: 'GET', url: `${form}/versionDetail?formId=${id}&version=1` })).status).toBe(200);
    const byVersion = await t.call(admin, {
      method: 'POST',
      url: `${form}/validateData`,
      payload: { formId: id, version: 1, data: { applicantName: '王五', household: '1' } },
    });
    expect(byVersion.status).toBe(200);

    expect((await t.call(admin, { method: 'POST', url: `${form}/remove?ids=${id}` })).status).toBe(200);
    expect((await t.call(admin, { method: 'GET', url: `${form}/versionDetail?formId=${id}&version=2` })).status).toBe(200);
  });
});
