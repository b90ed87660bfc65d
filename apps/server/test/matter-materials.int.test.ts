import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { matIntMaterials, matIntMaterialsTemplate, matWfElementMaterials } from '@civdesk/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';
import { countRows } from './helpers/samples.ts';

const API = '/api/dw-matter';
const ITEM1 = '1901000000000000001';
let t: TestApp;
let admin: TestUser;
let other: TestUser;
let templateId: string;

const post = (u: TestUser, path: string, payload: object) => t.call(u, { method: 'POST', url: `${API}/${path}`, payload });
const get = (u: TestUser, path: string) => t.call(u, { method: 'GET', url: `${API}/${path}` });
function upload(u: TestUser, name: string, content: Buffer) {
  const boundary = '----civdesk-materials';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.call(u, {
    method: 'POST',
    url: '/api/blade-resource/oss/endpoint/put-file-attach',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}
const pdfOf = (kb: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(kb * 1024 - 9, 0x20)]);
const material = (over: object = {}) => ({
  itemId: ITEM1,
  materialsName: '测试材料',
  templateId,
  materialsType: 1,
  applyType: 1,
  ifRequired: 1,
  numberOriginal: '1',
  numberCopy: '2',
  orderNumber: '9',
  ...over,
});

beforeAll(async () => {
  t = await buildTestApp({ config: { dataDir: mkdtempSync(join(tmpdir(), 'civdesk-materials-')) } });
  admin = await t.as('admin', '100001');
  other = await t.newTenant('M70002');
  const list = await post(admin, 'matIntMaterialsTemplate/cusPage', { param: { isSys: 0 }, current: 1, size: 10 });
  templateId = list.body.data.records[0].id;
});
afterAll(() => t?.close());

describe('materials', () => {
  it('has the demo matters’ materials at their fixed ids', async () => {
    const res = await get(admin, 'matIntMaterials/detail?id=1905000000000000011');
    expect(res.body.data).toMatchObject({ materialsName: '临时救助申请书', itemId: ITEM1, numberOriginal: 1, ifElectronicMaterials: 0 });
    const page = await get(admin, `matIntMaterials/page?itemId=${ITEM1}&size=50`);
    expect(page.body.data.total).toBe(7);
  });

  it('refuses counts over two digits, an order over three, long texts and missing required fields', async () => {
    const before = await countRows(t, matIntMaterials);
    for (const bad of [
      { numberOriginal: '100' },
      { numberCopy: '1a' },
      { orderNumber: '1000' },
      { fileFormat: 'x'.repeat(51) },
      { materialsInstructions: '说'.repeat(101) },
      { acceptStandard: '标'.repeat(201) },
      { isMustUpload: 3 },
      { materialsName: '' },
      { templateId: undefined },
    ]) {
      const res = await post(admin, 'matIntMaterials/submit', material(bad));
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await countRows(t, matIntMaterials)).toBe(before);
  });

  it('takes a sample file uploaded to the file store, and refuses wrong types and other tenants’ files', async () => {
    const up = await upload(admin, '样表.pdf', pdfOf(20));
    expect(up.status).toBe(200);
    const ok = await post(admin, 'matIntMaterials/submit', material({ demonstrationUrl: up.body.data.link, emptyUrl: up.body.data.link }));
    expect(ok.body).toMatchObject({ success: true, data: { ifElectronicMaterials: 0, isMustUpload: 1, isBrowse: 0 } });
    const before = await countRows(t, matIntMaterials);
    const wrong = await post(admin, 'matIntMaterials/submit', material({ demonstrationUrl: 'https://files.example.org/x.exe' }));
    expect(wrong.body.msg).toBe('样表只能是pdf/doc/docx/xls/xlsx/jpg/jpeg/png格式的文件');
    const theirs = (await upload(other, 'a.pdf', pdfOf(1))).body.data.link;
    const foreign = await post(admin, 'matIntMaterials/submit', material({ emptyUrl: theirs }));
    expect(foreign).toMatchObject({ status: 400, body: { msg: '空表文件不存在，请重新上传' } });
    // Over the store's 10240 KB: refused while uploading, with the limit in the message.
    const big = await upload(admin, '大样表.pdf', pdfOf(10241));
    expect(big).toMatchObject({ status: 413, body: { msg: '文件不能超过10MB' } });
    expect(await countRows(t, matIntMaterials)).toBe(before);
  });
});

describe('material templates', () => {
  it('pages by POST, refuses a file over 5000 KB and keeps built-in templates', async () => {
    const page = await post(admin, 'matIntMaterialsTemplate/cusPage', { param: { templateName: '模板' }, current: 1, size: 10 });
    expect(page.body.data.total).toBe(3);
    const before = await countRows(t, matIntMaterialsTemplate);
    const big = (await upload(admin, '模板.pdf', pdfOf(5001))).body.data.link;
    const res = await post(admin, 'matIntMaterialsTemplate/submit', {
      templateName: '大模板',
      templateUrl: big,
      isSys: 0,
      orderNum: '12345',
    });
    expect(res).toMatchObject({ status: 400, body: { msg: '模板文件不能超过5000KB' } });
    const order = await post(admin, 'matIntMaterialsTemplate/submit', {
      templateName: '排序',
      templateUrl: big,
      isSys: 0,
      orderNum: '123456',
    });
    expect(order.status).toBe(400);
    const [sys] = (await get(admin, 'matIntMaterialsTemplate/page?isSys=1')).body.data.records;
    const removed = await t.call(admin, { method: 'POST', url: `${API}/matIntMaterialsTemplate/remove?ids=${sys.id}` });
    expect(removed).toMatchObject({ status: 400, body: { msg: '系统内置数据不可删除' } });
    const unflag = await post(admin, 'matIntMaterialsTemplate/submit', { ...sys, isSys: 0 });
    expect(unflag.body.msg).toBe('系统内置模板不能改为非内置');
    expect(await countRows(t, matIntMaterialsTemplate)).toBe(before);
    const small = (await upload(admin, '模板.docx', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)]))).body.data.link;
    const saved = await post(admin, 'matIntMaterialsTemplate/submit', {
      templateName: '小模板',
      templateUrl: small,
      isSys: 0,
      orderNum: '12345',
    });
    expect(saved.body.success).toBe(true);
    const gone = await t.call(admin, { method: 'POST', url: `${API}/matIntMaterialsTemplate/remove?ids=${saved.body.data.id}` });
    expect(gone.body.success).toBe(true);
  });
});

describe('step materials', () => {
  const element = '1903000000000000111';
  it('answers the matter’s materials with defaults until the step has its own, then only those', async () => {
    const fallback = await get(admin, `matWfElementMaterials/getByElementItem/${element}/${ITEM1}`);
    const total = (await get(admin, `matIntMaterials/page?itemId=${ITEM1}`)).body.data.total;
    expect(fallback.body.data).toHaveLength(total);
    expect(fallback.body.data[0]).toMatchObject({
      configured: false,
      elementId: element,
      materialsName: '临时救助申请书',
      fileUploadMode: 1,
    });
    const added = await post(admin, 'matWfElementMaterials/submit', {
      elementId: element,
      intMaterialsId: '1905000000000000013',
      isMustUpload: 2,
      fileUploadMode: 5,
      orderNumber: '1',
    });
    expect(added.body.data).toMatchObject({ materialsName: '家庭经济状况核对授权书', isBatchUpload: 0 });
    const own = await get(admin, `matWfElementMaterials/getByElementItem/${element}/${ITEM1}`);
    expect(own.body.data).toHaveLength(1);
    expect(own.body.data[0]).toMatchObject({ configured: true, fileUploadMode: 5, isMustUpload: 2, numberOriginal: 1 });
    const before = await countRows(t, matWfElementMaterials);
    const twice = await post(admin, 'matWfElementMaterials/submit', { elementId: element, intMaterialsId: '1905000000000000013' });
    expect(twice).toMatchObject({ status: 400, body: { msg: '该环节已配置此材料' } });
    expect(
      (await post(admin, 'matWfElementMaterials/submit', { elementId: element, intMaterialsId: '1905000000000000014', orderNumber: 'a' }))
        .status,
    ).toBe(400);
    expect(await countRows(t, matWfElementMaterials)).toBe(before);
    // Another tenant sees neither the step's rows nor the matter's materials.
    expect((await get(other, `matWfElementMaterials/getByElementItem/${element}/${ITEM1}`)).body.data).toEqual([]);
    expect((await get(admin, `matWfElementMaterials/getByElementItem/x/${ITEM1}`)).status).toBe(400);
  });
});

describe('writs', () => {
  it('defaults the writ type to 9 and requires the number, name and template file', async () => {
    const url = (await upload(admin, '通知书.docx', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64)]))).body.data.link;
    const ok = await post(admin, 'matIntWriter/submit', { writerNo: 'WS-001', writerName: '受理通知书', writerUrl: url, orderNumber: '1' });
    expect(ok.body.data).toMatchObject({ writerType: 9, writerName: '受理通知书' });
    expect((await post(admin, 'matIntWriter/submit', { writerNo: 'WS-002', writerName: '缺文件' })).status).toBe(400);
    expect(
      (await post(admin, 'matIntWriter/submit', { writerNo: 'WS-3', writerName: '长', writerUrl: url, orderNumber: '1000' })).status,
    ).toBe(400);
    expect((await post(admin, 'matIntWriter/submit', { writerNo: 'WS-4', writerName: '名'.repeat(201), writerUrl: url })).status).toBe(400);
  });
});
