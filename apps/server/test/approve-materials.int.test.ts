import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signaturePng } from '../src/modules/signing/fixtures/signature-png.ts';
import { approveCalls } from './helpers/approve.ts';
import { APPROVE_CODES, grantCodes, revokeCodes } from './helpers/approve-grants.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

const API = '/api/dw-biz-mzapprove/demoMaterials';
// The seeded 临时救助申请 matter: its materials' upload modes are 1 (applicant), 2 (household) and 5 (adults).
const ITEM = '1901000000000000001';
const run = Date.now().toString().slice(-9);
// Applications registered by the administrator in beforeAll (materials belong to a real one).
const applies: string[] = [];
const applyId = (n: number) => applies[n - 1];
let t: TestApp;
let a: TestUser;
let b: TestUser;
let bare: TestUser;

const post = (u: TestUser, path: string, payload: object) => t.call(u, { method: 'POST', url: `${API}/${path}`, payload });
const get = (u: TestUser, path: string) => t.call(u, { method: 'GET', url: `${API}/${path}` });
const persons = [
  { personId: '1', personName: '张三', personType: 'applicant', age: 40 },
  { personId: '2', personName: '李四', personType: 'member', age: 38 },
  { personId: '3', personName: '张小三', personType: 'member', age: 9 },
];

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

beforeAll(async () => {
  t = await buildTestApp();
  a = await t.as('admin', '100001');
  b = await t.newTenant(`M${run.slice(-5)}`);
  bare = await t.newTenant(`N${run.slice(-5)}`);
  await grantCodes(t, a, APPROVE_CODES);
  await grantCodes(t, b, APPROVE_CODES);
  await revokeCodes(t, bare, [...APPROVE_CODES, 'approve_done', 'approve_finish']);
  const calls = approveCalls(t);
  for (let i = 0; i < 5; i++) {
    const res = await calls.register(a);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    applies.push(res.body.data.id);
  }
});
afterAll(() => t?.close());

describe('material slots per person (getCurMaterialsWithFamily)', () => {
  it('lists each material for the persons its upload mode names, missing until provided', async () => {
    const res = await post(a, 'getCurMaterialsWithFamily', { applyId: applyId(1), itemId: ITEM, persons });
    expect(res.status).toBe(200);
    const slots = res.body.data as { materialsName: string; personName: string; materialStatus: string; fileUploadMode: number }[];
    const whoFor = (name: string) => slots.filter((s) => s.materialsName === name).map((s) => s.personName);
    expect(whoFor('临时救助申请书')).toEqual(['张三']); // mode 1
    expect(whoFor('申请人身份证、户口簿')).toEqual(['张三', '李四', '张小三']); // mode 2
    expect(whoFor('家庭经济状况核对授权书')).toEqual(['张三', '李四']); // mode 5: adults only
    expect(new Set(slots.map((s) => s.materialStatus))).toEqual(new Set(['missing']));
  });

  it('shows what was provided: status, file and counts', async () => {
    const slots = (await post(a, 'getCurMaterialsWithFamily', { applyId: applyId(2), itemId: ITEM, persons })).body.data;
    const slot = slots.find((s: { fileUploadMode: number }) => s.fileUploadMode === 2);
    const file = await upload(a, '户口簿.pdf', Buffer.from('%PDF-1.4\n%test\n'));
    expect(file.status).toBe(200);
    const saved = await post(a, 'submit', {
      applyId: applyId(2),
      materialId: slot.materialId,
      materialsName: slot.materialsName,
      personId: slot.personId,
      personName: slot.personName,
      personType: slot.personType,
      originalNum: 1,
      copyNum: 2,
      fileUrl: file.body.data.link,
      fileName: '户口簿.pdf',
    });
    expect(saved.status).toBe(200);
    const again = (await post(a, 'getCurMaterialsWithFamily', { applyId: applyId(2), itemId: ITEM, persons })).body.data;
    const now = again.find(
      (s: { materialId: string; personId: string }) => s.materialId === slot.materialId && s.personId === slot.personId,
    );
    expect(now).toMatchObject({ materialStatus: 'received', fileName: '户口簿.pdf', originalNum: 1, copyNum: 2, id: saved.body.data.id });
    expect((await get(a, `detail?id=${saved.body.data.id}`)).body.data).toMatchObject({ applyId: applyId(2), personName: slot.personName });
    const twice = await post(a, 'submit', { applyId: applyId(2), materialId: slot.materialId, personId: slot.personId });
    expect(twice).toMatchObject({ status: 400, body: { msg: '该材料已上传，请勿重复提交' } });
  });

  it('refuses bad persons with a 400', async () => {
    const res = await post(a, 'getCurMaterialsWithFamily', {
      applyId: applyId(1),
      itemId: ITEM,
      persons: [{ personId: 'x', personType: 'other' }],
    });
    expect(res.status).toBe(400);
  });
});

describe('upload limits', () => {
  it('refuses a file of another type, with a Chinese message, and saves nothing', async () => {
    const res = await post(a, 'submit', {
      applyId: applyId(3),
      materialId: '1905000000000000011',
      personId: '1',
      fileUrl: '/api/blade-resource/oss/endpoint/file/100001/20260101/0123456789abcdef0123456789abcdef.docx',
    });
    expect(res).toMatchObject({ status: 400, body: { msg: '材料文件只能是pdf/jpg/jpeg/png格式的文件' } });
    const slots = (await post(a, 'getCurMaterialsWithFamily', { applyId: applyId(3), itemId: ITEM, persons })).body.data;
    expect(slots.every((s: { materialStatus: string }) => s.materialStatus === 'missing')).toBe(true);
  });

  it('refuses a file over 10 MB at upload', async () => {
    const big = Buffer.concat([signaturePng(), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(a, 'big.png', big);
    expect(res.status).toBe(413);
    expect(res.body.msg).toBe('文件不能超过10MB');
  });
});

describe('tenants and permissions', () => {
  it('another tenant sees nothing of the rows and cannot delete them; the owner can', async () => {
    const saved = await post(a, 'submit', { applyId: applyId(4), materialId: '1905000000000000011', personId: '1', personName: '张三' });
    expect(saved.status).toBe(200);
    const rowId = saved.body.data.id;
    expect((await get(b, `detail?id=${rowId}`)).status).toBe(404);
    const theirs = await post(b, 'getCurMaterialsWithFamily', { applyId: applyId(4), itemId: ITEM, persons });
    expect([theirs.status, theirs.body.msg]).toEqual([404, '办件不存在']);
    expect((await post(b, 'deleteByIds', { ids: rowId })).status).toBe(404);
    expect((await get(a, `detail?id=${rowId}`)).status).toBe(200);
    expect((await post(a, 'deleteByIds', { ids: rowId })).status).toBe(200);
    expect((await get(a, `detail?id=${rowId}`)).status).toBe(404);
  });

  it('without a list from the page, the application’s applicant and family are asked', async () => {
    const slots = (await post(a, 'getCurMaterialsWithFamily', { applyId: applyId(1) })).body.data as {
      personId: string;
      personType: string;
    }[];
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.some((x) => x.personId === applyId(1) && x.personType === 'applicant')).toBe(true);
  });

  it('a user who handles none of its steps cannot read or add an application’s materials', async () => {
    await t.addUser('100001', 'mat_stranger', 'Passw0rd!2026', { roleAlias: 'auditor' });
    const stranger = await t.as('mat_stranger', '100001');
    await grantCodes(t, stranger, APPROVE_CODES);
    const read = await post(stranger, 'getCurMaterialsWithFamily', { applyId: applyId(1) });
    expect([read.status, read.body.msg]).toEqual([403, '无权查看该办件']);
    const write = await post(stranger, 'submit', { applyId: applyId(1), materialId: '1905000000000000011', personId: applyId(1) });
    expect(write.status).toBe(403);
  });

  it('a caller without the approval codes is refused', async () => {
    expect((await post(bare, 'getCurMaterialsWithFamily', { applyId: applyId(1), itemId: ITEM, persons })).status).toBe(403);
    expect((await post(bare, 'submit', { applyId: applyId(5), materialId: '1', personId: '1' })).status).toBe(403);
  });
});
