import { applicationData, applicationRefusals, reliefApplicationSchema } from '@civdesk/meta/form-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// Matter forms: the seeded forms, validation of submitted data, who may call, single forms and
// scopes. Field lists and publishing are in matter-forms-publish.int.test.ts.

let t: TestApp;
let admin: TestUser;
let other: TestUser;
const form = '/api/dw-matter/matIntForm';
const detail = '/api/dw-matter/matIntFormDetail';
const RELIEF_FORM = '1902000000000000001';

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
    // A directory that files forms cannot be removed.
    const relief = tree.body.data[0].children.find((n: { title: string }) => n.title === '社会救助表单');
    const refused = await t.call(admin, { method: 'POST', url: `/api/dw-matter/matIntFormType/remove?ids=${relief.id}` });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('目录下还有表单「临时救助申请表」，请先移走或删除表单');
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
      '缺少必要的请求参数：id',
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
