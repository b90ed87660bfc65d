import { post as postResource } from '@civdesk/resources';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';
import { countRows } from './helpers/samples.ts';

let t: TestApp;
let tenantA: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  tenantA = await t.as('admin', '100001');
});
afterAll(() => t?.close());

async function sheetOf(body: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('岗位');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function upload(file: Buffer, name = 'posts.xlsx') {
  const boundary = '----civdesk';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.call(tenantA, {
    method: 'POST',
    url: '/api/blade-system/post/import',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

describe('Excel', () => {
  it('gives an import template with the form’s fields, required ones marked', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/blade-system/post/export-template',
      headers: { 'blade-auth': `bearer ${tenantA.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect((await sheetOf(res.rawPayload))[0]).toEqual(['岗位类型*', '岗位编号*', '岗位名称*', '岗位排序*', '岗位描述']);
  });

  it('imports every row or none, reporting each wrong row and field', async () => {
    const before = await countRows(t, postResource);
    const bad = await upload(
      await xlsx([
        ['岗位类型*', '岗位编号*', '岗位名称*', '岗位排序*'],
        ['高层', 'X-1', '主任', 1],
        ['不存在的类型', 'X-2', '', 'a'],
        ['基层', 'X-3', '社工', 3],
      ]),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('导入失败: 1 行有错误,未导入任何数据');
    expect(bad.body.data.errors).toEqual([
      { row: 3, field: 'category', label: '岗位类型', message: '岗位类型的值不在可选范围内' },
      { row: 3, field: 'postName', label: '岗位名称', message: '请输入岗位名称' },
      { row: 3, field: 'sort', label: '岗位排序', message: '排序只能输入数字' },
    ]);
    expect(await countRows(t, postResource)).toBe(before);

    const good = await upload(
      await xlsx([
        ['岗位类型', '岗位编号', '岗位名称', '岗位排序', '岗位描述'],
        ['高层', 'X-1', '主任', 1, '负责全面工作'],
        ['3', 'X-3', '社工', 3, ''],
      ]),
    );
    expect(good.body, JSON.stringify(good.body)).toMatchObject({ code: 200, data: { imported: 2 } });
    const list = await t.call(tenantA, { method: 'GET', url: '/api/blade-system/post/page?postCode_likeright=X-&ascs=postCode' });
    expect(list.body.data.records.map((r: { postCode: string; category: number }) => [r.postCode, r.category])).toEqual([
      ['X-1', 1],
      ['X-3', 3],
    ]);

    // A duplicate code stops the whole file, naming its row.
    const dup = await upload(
      await xlsx([
        ['岗位类型', '岗位编号', '岗位名称', '岗位排序'],
        ['高层', 'X-9', '副主任', 2],
        ['高层', 'X-1', '重复', 2],
      ]),
    );
    expect(dup.status).toBe(400);
    expect(dup.body.data.errors).toEqual([{ row: 3, field: 'postCode', label: '岗位编号', message: '岗位编号已存在' }]);
    expect((await t.call(tenantA, { method: 'GET', url: '/api/blade-system/post/page?postCode_equal=X-9' })).body.data.total).toBe(0);
  });

  it('refuses what is not a spreadsheet', async () => {
    expect((await upload(Buffer.from('hello'), 'a.xlsx')).body.msg).toBe('文件不是有效的Excel（.xlsx）文件');
    expect((await upload(Buffer.from('hello'), 'a.csv')).body.msg).toBe('只能上传 .xlsx 文件');
    expect((await upload(await xlsx([['无关', '列']]))).body.msg).toBe('未识别到表头，请使用导入模板');
  });

  it('exports the filtered list with labels instead of keys', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/blade-system/post/export?postCode_likeright=X-&ascs=postCode',
      headers: { 'blade-auth': `bearer ${tenantA.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''");
    const rows = await sheetOf(res.rawPayload);
    expect(rows[0]).toEqual(['岗位类型', '岗位编号', '岗位名称', '岗位排序', '创建时间']);
    expect(rows.slice(1).map((r) => r.slice(0, 4))).toEqual([
      ['高层', 'X-1', '主任', '1'],
      ['基层', 'X-3', '社工', '3'],
    ]);
  });
});
