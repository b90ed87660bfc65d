import { applicationData, applicationRefusals, reliefApplicationSchema } from '@civdesk/meta/form-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

let t: TestApp;
let admin: TestUser;
let other: TestUser;
const form = '/api/dw-matter/matIntForm';
const detail = '/api/dw-matter/matIntFormDetail';
const RELIEF_FORM = '1902000000000000001';

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
  other = await t.newTenant('300301');
});
afterAll(() => t?.close());

describe('seeded forms', () => {
  it('publishes the demo matters’ application and handling forms, filed in the directory', async () => {
    const tree = await t.call(admin, { method: 'GET', url: '/api/dw-matter/matIntFormExt/tree?publishStatus=1' });
    expect(tree.status).toBe(200);
    const leaves = JSON.stringify(tree.body.data);
    for (const id of ['1902000000000000001', '1902000000000000002', '1902000000000000003', '1902000000000000011']) {
      expect(leaves).toContain(id);
    }
    expect(tree.body.data[0]).toMatchObject({ title: '事项表单', nodeType: 'type', disabled: true });
    const v = await t.call(admin, { method: 'GET', url: `${form}/versionDetail?formId=${RELIEF_FORM}` });
    expect(v.body.data.version).toBe(1);
    // The very schema the web renderer's test uses (dictionary options copied in at publish time).
    expect(v.body.data.schema).toEqual(reliefApplicationSchema);
  });
});

describe('validateFormData', () => {
  it('answers the cleaned data of a valid application, unknown keys dropped', async () => {
    const res = await t.call(admin, {
      method: 'POST',
      url: `${form}/validateData`,
      payload: { formId: RELIEF_FORM, data: { ...applicationData, hacker: 'x' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.version).toBe(1);
    expect(res.body.data.data.hacker).toBeUndefined();
    expect(res.body.data.data.applicantName).toBe('张三');
  });

  for (const [what, change, message] of applicationRefusals) {
    it(`refuses ${what} with '${message}'`, async () => {
      const res = await t.call(admin, {
        method: 'POST',
        url: `${form}/validateData`,
        payload: { formId: RELIEF_FORM, data: { ...applicationData, ...change } },
      });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(message);
    });
  }

  it('refuses another tenant’s form as missing', async () => {
    const res = await t.call(other, {
      method: 'POST',
      url: `${form}/validateData`,
      payload: { formId: RELIEF_FORM, data: applicationData },
    });
    expect(res.status).toBe(404);
    expect((await t.call(other, { method: 'GET', url: `${form}/versionDetail?formId=${RELIEF_FORM}` })).status).toBe(404);
  });
});

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

describe('who may call', () => {
  it('lets any signed-in user of the tenant read and check a published form, and only holders of the code publish', async () => {
    const caseworker = await t.as('caseworker', '100001');
    expect((await t.call(caseworker, { method: 'GET', url: `${form}/versionDetail?formId=${RELIEF_FORM}` })).status).toBe(200);
    expect((await t.call(caseworker, { method: 'POST', url: `${form}/doPublish`, payload: { id: RELIEF_FORM } })).status).toBe(403);
    expect((await t.call(caseworker, { method: 'GET', url: `${form}/doCanclePublish?id=${RELIEF_FORM}` })).status).toBe(403);
    expect(
      (await t.call(caseworker, { method: 'POST', url: `${detail}/submitAll`, payload: { formId: RELIEF_FORM, fields: [] } })).status,
    ).toBe(403);
    expect((await t.call(null, { method: 'GET', url: `${form}/versionDetail?formId=${RELIEF_FORM}` })).status).toBe(401);
  });
});

describe('single forms (formDefConf)', () => {
  const api = '/api/dw-matter/formDefConf';
  it('saves and updates a single form from a field list, refusing malformed fields', async () => {
    const fields = [{ name: 'title', label: '标题', type: 'text', required: true }];
    const saved = await t.call(admin, {
      method: 'POST',
      url: `${api}/cusSaveSimpleSingle`,
      payload: { formName: '满意度登记', formCode: 'MYD', tableName: 'biz_myd', fields },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = saved.body.data.id;
    const updated = await t.call(admin, {
      method: 'POST',
      url: `${api}/cusUpdateSimple`,
      payload: { id, fields: [...fields, { name: 'score', label: '评分', type: 'number' }] },
    });
    expect(updated.status).toBe(200);
    expect(JSON.parse(updated.body.data.fieldsJson)).toHaveLength(2);
    const dup = await t.call(admin, { method: 'POST', url: `${api}/cusUpdateSimple`, payload: { id, fields: [...fields, ...fields] } });
    expect(dup.body.msg).toBe('字段名 title 重复');
    const bad = await t.call(admin, {
      method: 'POST',
      url: `${api}/cusUpdateSimple`,
      payload: { id, fields: [{ name: '1x', label: 'x', type: 'text' }] },
    });
    expect(bad.body.msg).toBe('第1个字段的name格式不正确');
    expect((await t.call(admin, { method: 'POST', url: `${api}/save`, payload: { id, formName: 'x' } })).body.msg).toBe('新增时不能指定id');
    expect((await t.call(admin, { method: 'POST', url: `${api}/update`, payload: { formName: 'x' } })).body.msg).toBe(
      '缺少必要的请求参数: id',
    );
    const plain = await t.call(admin, {
      method: 'POST',
      url: `${api}/save`,
      payload: { formName: '走访登记', formCode: 'ZFDJ', tableName: 'biz_zf', fieldsJson: JSON.stringify(fields) },
    });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    const renamed = await t.call(admin, {
      method: 'POST',
      url: `${api}/update`,
      payload: { id: plain.body.data.id, formName: '入户走访登记' },
    });
    expect(renamed.body.data.formName).toBe('入户走访登记');
    expect(
      (
        await t.call(admin, {
          method: 'POST',
          url: `${api}/save`,
          payload: { formName: 'y', formCode: 'Y', tableName: 't', fieldsJson: '{' },
        })
      ).body.msg,
    ).toBe('字段定义应为JSON数组');
    const list = await t.call(admin, { method: 'GET', url: `${api}/cusList?formName=满意` });
    expect(list.body.data.records).toHaveLength(1);
    expect((await t.call(other, { method: 'POST', url: `${api}/cusUpdateSimple`, payload: { id, fields } })).status).toBe(404);
  });
});

describe('scopes (matIntScope)', () => {
  it('files a form’s scope only against a live form of the tenant', async () => {
    const regions = await t.call(admin, { method: 'GET', url: '/api/blade-system/region/list?parentId=0' });
    const regionId = regions.body.data[0].id;
    const api = '/api/dw-matter/matIntScope';
    const ok = await t.call(admin, { method: 'POST', url: `${api}/submit`, payload: { scopeType: 1, targetId: RELIEF_FORM, regionId } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    for (const targetId of ['1999999999999999999', 'abc']) {
      const res = await t.call(admin, { method: 'POST', url: `${api}/submit`, payload: { scopeType: 1, targetId, regionId } });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('表单不存在或已被删除');
    }
    const foreign = await t.call(other, {
      method: 'POST',
      url: `${api}/submit`,
      payload: { scopeType: 1, targetId: RELIEF_FORM, regionId },
    });
    expect(foreign.body.msg).toBe('表单不存在或已被删除');
  });
});
