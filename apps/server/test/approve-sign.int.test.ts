import { createHash } from 'node:crypto';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signaturePng } from '../src/modules/signing/fixtures/signature-png.ts';
import { approveCalls } from './helpers/approve.ts';
import { APPROVE_CODES, grantCodes } from './helpers/approve-grants.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

const API = '/api/dw-biz-mzapprove/demoMaterials';
const run = Date.now().toString().slice(-9);
// 乡镇受理核实 of the seeded 孤儿基本生活费申领, where the registered application waits.
const ELEMENT = '1903000000000000121';
let APPLY: string;
let t: TestApp;
let a: TestUser;
let b: TestUser;
let signId: string;

const post = (u: TestUser, path: string, payload: object) =>
  t.call(u, { method: 'POST', url: path.startsWith('/') ? path : `${API}/${path}`, payload });
const get = (u: TestUser, path: string) => t.call(u, { method: 'GET', url: `${API}/${path}` });
const fetchFile = async (u: TestUser, link: string) =>
  (await t.app.inject({ method: 'GET', url: link, headers: { 'blade-auth': `bearer ${u.token}` } })).rawPayload;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const png = `data:image/png;base64,${signaturePng().toString('base64')}`;
const sign = (u: TestUser, docId: string, image = png) => post(u, 'signed', { applyId: APPLY, docId, image });

async function textOf(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++)
    text += (await (await doc.getPage(i)).getTextContent()).items.map((x) => ('str' in x ? x.str : '')).join('');
  const pages = doc.numPages;
  await doc.destroy();
  return { text, pages };
}
async function imagesOnLastPage(pdf: Buffer): Promise<number> {
  const pages = (await PDFDocument.load(pdf)).getPages();
  const xobjects = pages[pages.length - 1].node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  return (xobjects?.keys() ?? []).filter((k) => {
    const x = xobjects?.lookup(k);
    return x instanceof PDFRawStream && x.dict.get(PDFName.of('Subtype')) === PDFName.of('Image');
  }).length;
}

beforeAll(async () => {
  t = await buildTestApp();
  a = await t.as('admin', '100001');
  b = await t.newTenant(`G${run.slice(-5)}`);
  await grantCodes(t, a, APPROVE_CODES);
  await grantCodes(t, b, APPROVE_CODES);
  // A two-page form: the applicant's name and the application's materials come from the print SQL.
  const lines = Array.from({ length: 45 }, (_, i) => `第${i + 1}条：申请人承诺所填写的家庭经济状况真实、完整。`).join('\n');
  const tpl = await post(a, '/api/dw-matter/matPrintTemplate/submit', {
    templateName: '临时救助审批表',
    templateCode: `SIGN-${run}`,
    templateContent: `# 临时救助审批表\n申请人：\${personName}\n\${table:材料}\n${lines}\n申请人签字：`,
  });
  expect(tpl.status).toBe(200);
  const sql = await post(a, '/api/dw-matter/matPrintSql/submit', {
    menuId: tpl.body.data.id,
    name: '材料',
    sql: 'select materials_name as "材料名称", person_name as "personName" from biz_apply_material where apply_id = :applyId',
    orderNumber: '1',
  });
  expect(sql.status).toBe(200);
  const cfg = await post(a, '/api/dw-matter/matWfElementElectronicSign/submit', {
    elementId: ELEMENT,
    printId: tpl.body.data.id,
    signatureType: 2,
    isSignatureNumber: 1,
    signNumber: 2,
    signNumberMax: 3,
  });
  expect(cfg.status).toBe(200);
  signId = cfg.body.data.id;
  // The step is configured before an application uses its version (a version in use is not edited).
  const registered = await approveCalls(t).register(a);
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  APPLY = registered.body.data.id;
  const slot = await post(a, 'submit', {
    applyId: APPLY,
    materialId: '1905000000000000011',
    materialsName: '临时救助申请书',
    personId: '1',
    personName: '王小明',
  });
  expect(slot.status).toBe(200);
});
afterAll(() => t?.close());

describe('signing an application document', () => {
  let docId: string;

  it('generates a real two-page PDF with the Chinese text of the template and its print SQL, its hash stored', async () => {
    const res = await post(a, 'doCreateSignPdf', { applyId: APPLY, elementId: ELEMENT });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ applyId: APPLY, elementId: ELEMENT, signId, status: 'unsigned', signCount: 0 });
    docId = res.body.data.id;
    const pdf = await fetchFile(a, res.body.data.fileLink);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sha(pdf)).toBe(res.body.data.fileSha256);
    const { text, pages } = await textOf(pdf);
    expect(pages).toBe(2);
    expect(text).toContain('临时救助审批表');
    expect(text).toContain('王小明');
    expect(text).toContain('临时救助申请书');
  });

  it('places each signature on the PDF, records signer and the signed file hash, and counts toward signNumber', async () => {
    expect(await post(a, 'cusSubmit', { applyId: APPLY, elementId: ELEMENT })).toMatchObject({
      status: 400,
      body: { msg: '签章未完成，还需签章2次' },
    });
    const first = await sign(a, docId);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ docId, signerId: a.userId, status: 'valid', pageNo: 0 });
    const signed = await fetchFile(a, first.body.data.pdfLink);
    expect(sha(signed)).toBe(first.body.data.pdfSha256);
    expect(await imagesOnLastPage(signed)).toBe(1);
    expect((await fetchFile(a, first.body.data.imageLink)).equals(signaturePng())).toBe(true);
    expect(await post(a, 'cusSubmit', { applyId: APPLY, elementId: ELEMENT })).toMatchObject({
      status: 400,
      body: { msg: '签章未完成，还需签章1次' },
    });
    expect((await get(a, `unsigned?applyId=${APPLY}&elementId=${ELEMENT}`)).body.data).toHaveLength(1);

    const second = await sign(a, docId);
    const twice = await fetchFile(a, second.body.data.pdfLink);
    expect(await imagesOnLastPage(twice)).toBe(2);
    const state = (await get(a, `getElectronicSign?applyId=${APPLY}&elementId=${ELEMENT}`)).body.data;
    expect(state).toHaveLength(1);
    expect(state[0]).toMatchObject({ required: 2, count: 2, complete: true, doc: { status: 'signed', signedSha256: sha(twice) } });
    expect(state[0].doc.signatures.map((g: { id: string }) => g.id)).toEqual([first.body.data.id, second.body.data.id]);
    expect(await post(a, 'cusSubmit', { applyId: APPLY, elementId: ELEMENT })).toMatchObject({
      status: 200,
      body: { data: { complete: true } },
    });
    expect((await get(a, `unsigned?applyId=${APPLY}&elementId=${ELEMENT}`)).body.data).toEqual([]);

    expect((await sign(a, docId)).status).toBe(200);
    expect(await sign(a, docId)).toMatchObject({ status: 400, body: { msg: '签章次数已达上限（3次）' } });
  });

  it('re-generating voids the earlier document and its signatures', async () => {
    const res = await post(a, 'doCreateSignPdf', { applyId: APPLY, elementId: ELEMENT, signId });
    expect(res.body.data).toMatchObject({ status: 'unsigned', signCount: 0 });
    const state = (await get(a, `getElectronicSign?applyId=${APPLY}&elementId=${ELEMENT}`)).body.data;
    expect(state[0]).toMatchObject({ count: 0, complete: false, doc: { id: res.body.data.id, signatures: [] } });
    const old = await t.db.query<{ status: string }>('select status from biz_signature where doc_id = $1', [docId]);
    expect(old.map((g) => g.status)).toEqual(['void', 'void', 'void']);
    expect(await sign(a, docId)).toMatchObject({ status: 400, body: { msg: '该文件已重新生成，请在新文件上签章' } });
    expect((await post(a, 'cusSubmit', { applyId: APPLY, elementId: ELEMENT })).status).toBe(400);
    docId = res.body.data.id;
  });

  it('refuses a signature image of another type or over 500 KB, signing nothing', async () => {
    const gif = `data:image/gif;base64,${Buffer.from('GIF89a-not-a-signature').toString('base64')}`;
    expect(await sign(a, docId, gif)).toMatchObject({ status: 400, body: { msg: '签名图片只能是PNG/JPG格式' } });
    const big = Buffer.concat([signaturePng(), Buffer.alloc(600 * 1024)]).toString('base64');
    expect(await sign(a, docId, big)).toMatchObject({ status: 400, body: { msg: '签名图片不能超过500KB' } });
    expect(await post(a, 'signed', { applyId: APPLY, docId, image: '' })).toMatchObject({ status: 400 });
    const [doc] = await t.db.query<{ n: number }>('select sign_count as n from biz_signed_doc where id = $1', [docId]);
    expect(doc.n).toBe(0);
  });

  it('two signers at once: each signature lands on the file the other produced, or is refused; none is lost', async () => {
    const answers = await Promise.all([sign(a, docId), sign(a, docId)]);
    const statuses = answers.map((r) => r.status).sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    const landed = statuses.filter((x) => x === 200).length;
    const state = (await get(a, `getElectronicSign?applyId=${APPLY}&elementId=${ELEMENT}`)).body.data[0];
    expect(state.count).toBe(landed);
    expect(state.doc.signatures).toHaveLength(landed);
    const latest = await fetchFile(a, state.doc.signedLink);
    expect(sha(latest)).toBe(state.doc.signedSha256);
    expect(await imagesOnLastPage(latest)).toBe(landed);
  });

  it('another tenant sees nothing and cannot sign or generate', async () => {
    const gone = { status: 404, body: { msg: '办件不存在' } };
    expect(await get(b, `getElectronicSign?applyId=${APPLY}&elementId=${ELEMENT}`)).toMatchObject(gone);
    expect(await sign(b, docId)).toMatchObject(gone);
    expect(await post(b, 'doCreateSignPdf', { applyId: APPLY, elementId: ELEMENT })).toMatchObject(gone);
    expect(await post(b, 'doCreateSignPdf', { applyId: APPLY, elementId: ELEMENT, signId })).toMatchObject({ status: 404 });
  });

  it('answers 400 for malformed ids', async () => {
    expect((await post(a, 'doCreateSignPdf', { applyId: 'abc', elementId: ELEMENT })).status).toBe(400);
    expect((await get(a, 'getElectronicSign?applyId=1')).status).toBe(400);
  });
});
