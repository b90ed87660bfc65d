import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { matPrintSql, matWfPrint } from '@civdesk/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';
import { countRows } from './helpers/samples.ts';

const API = '/api/dw-matter';
const TEMPLATE1 = '1904000000000000001';
let t: TestApp;
let admin: TestUser;
let other: TestUser;

const post = (u: TestUser, path: string, payload: object) => t.call(u, { method: 'POST', url: `${API}/${path}`, payload });
const get = (u: TestUser, path: string) => t.call(u, { method: 'GET', url: `${API}/${path}` });
const preview = (u: TestUser, query: string) =>
  t.app.inject({ method: 'GET', url: `${API}/matPrintTemplate/previewPDF/${query}`, headers: { 'blade-auth': `bearer ${u.token}` } });

/** The text of every page, as a PDF reader extracts it. */
async function textOf(pdf: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    text += content.items.map((x) => ('str' in x ? x.str : '')).join('');
  }
  await doc.destroy();
  return text;
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin', '100001');
  other = await t.newTenant('P70003');
});
afterAll(() => t?.close());

describe('print templates, links and print SQL', () => {
  it('lists templates paged by POST and unpaged with size=-1', async () => {
    const page = await post(admin, 'matPrintTemplate/cusPage', { param: { templateName: '材料清单' }, current: 1, size: 2 });
    expect(page.body.data).toMatchObject({ total: 3, records: [{}, {}] });
    const all = await get(admin, 'matPrintTemplate/list?current=1&size=-1');
    expect(all.body.data.records.map((r: { id: string }) => r.id)).toContain(TEMPLATE1);
    const sqls = await post(admin, 'matPrintSql/cusPage', { param: { menuId: TEMPLATE1 }, current: 1, size: 10 });
    expect(sqls.body.data.records.map((r: { name: string }) => r.name)).toEqual(['单位信息', '材料统计', '材料清单']);
  });

  it('refuses print SQL that is not one SELECT, and a link whose copies exceed two digits', async () => {
    const before = await countRows(t, matPrintSql);
    const cases: [string, string][] = [
      ['delete from mat_int_materials', '只能执行查询(SELECT)语句，不能修改数据或结构'],
      ['select 1; select 2', '只能执行一条SELECT语句，不能用分号连接多条语句'],
      ['select pg_sleep(100)', '不允许在查询中调用函数: pg_sleep'],
      ['select * from public.blade_user', '不能指定模式名读取表: public.blade_user'],
    ];
    for (const [sql, msg] of cases) {
      const res = await post(admin, 'matPrintSql/submit', { menuId: TEMPLATE1, name: '坏SQL', sql, orderNumber: '9' });
      expect(res, sql).toMatchObject({ status: 400, body: { msg } });
    }
    expect((await post(admin, 'matPrintSql/submit', { menuId: TEMPLATE1, name: '', sql: 'select 1' })).status).toBe(400);
    expect((await post(admin, 'matPrintSql/submit', { menuId: TEMPLATE1, name: '序', sql: 'select 1', orderNumber: '1000' })).status).toBe(
      400,
    );
    expect(await countRows(t, matPrintSql)).toBe(before);
    const links = await countRows(t, matWfPrint);
    expect((await post(admin, 'matWfPrint/submit', { templateId: TEMPLATE1, regionLevel: 4, printNum: '100' })).status).toBe(400);
    expect(await countRows(t, matWfPrint)).toBe(links);
    const ok = await post(admin, 'matWfPrint/submit', { templateId: TEMPLATE1, regionLevel: 4, printNum: '2' });
    expect(ok.body.data).toMatchObject({ isStop: 0, printNum: 2 });
  });
});

describe('previewPDF', () => {
  it('answers a real, small PDF whose Chinese text comes from the template and its print SQL', async () => {
    const res = await preview(admin, `${TEMPLATE1}?itemId=1901000000000000001`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await textOf(pdf);
    expect(text).toContain('临时救助申请材料清单'); // the template's title
    expect(text).toContain('示范区未成年人保护中心'); // ${tenantName}, from blade_tenant through :tenantId
    // ${materialCount} (other suites may add materials to the matter on a shared database)
    const count = (await get(admin, 'matIntMaterials/page?itemId=1901000000000000001')).body.data.total;
    expect(text).toContain(`本事项共需提交申请材料 ${count} 项`);
    expect(text).toContain('家庭经济状况核对授权书'); // a row of ${table:材料清单}
    expect(text).toContain('复印件份数'); // its header
    // The font is embedded as a subset: the page is a small fraction of the 10 MB font.
    const font = statSync(
      createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
    ).size;
    expect(pdf.length).toBeLessThan(font / 50);
    expect(pdf.toString('latin1')).toMatch(/\/FontFile2/);
  });

  it('prints an empty list when the matter is not given, and refuses other tenants and bad ids', async () => {
    const res = await preview(admin, TEMPLATE1);
    expect(res.statusCode).toBe(200);
    expect(await textOf(res.rawPayload)).toContain('本事项共需提交申请材料 0 项');
    expect((await preview(other, TEMPLATE1)).statusCode).toBe(404);
    expect((await preview(admin, 'abc')).statusCode).toBe(400);
  });

  it('answers a stored statement that would write or sleep with a clear 400, never a 500', async () => {
    // Written before the save check existed, or by hand: the run checks again.
    await t.db.query(
      `insert into mat_print_sql (id, tenant_id, menu_id, name, sql, order_number) values
        (1909000000000000001, '100001', ${TEMPLATE1}, '坏', 'select pg_sleep(60)', 99)`,
    );
    const res = await preview(admin, TEMPLATE1);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.payload).msg).toBe('不允许在查询中调用函数: pg_sleep');
    await t.db.query(
      `update mat_print_sql set sql = 'with d as (delete from mat_int_materials returning 1) select * from d' where id = 1909000000000000001`,
    );
    const write = await preview(admin, TEMPLATE1);
    expect(JSON.parse(write.payload)).toMatchObject({ code: 400, msg: '查询语句中不能包含写操作(INSERT/UPDATE/DELETE/MERGE)' });
    await t.db.query('delete from mat_print_sql where id = 1909000000000000001');
  });
});
