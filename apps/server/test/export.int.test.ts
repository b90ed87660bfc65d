import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportRunner, runnerOf } from '../src/modules/export/export-runner.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

const API = '/api/dw-widgets/dwExportTemplate';
const FILES = '/api/dw-widgets/dwExportFile';
const dataDir = mkdtempSync(join(tmpdir(), 'civdesk-export-'));
let t: TestApp;
let admin: TestUser;
let other: TestUser;
let otherTenant: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ config: { dataDir } });
  admin = await t.as('admin', '100001');
  await t.addUser('100001', 'exporter2', 'Exporter#2', { roleAlias: 'admin' });
  other = await t.as('exporter2', '100001');
  otherTenant = await t.newTenant(`E${Date.now().toString(36).slice(-6)}`);
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const save = (u: TestUser, body: object) => t.call(u, { method: 'POST', url: `${API}/save`, payload: body });
const postTemplate = {
  templateName: '岗位导出',
  resourceName: 'post',
  columns: JSON.stringify([{ key: 'postCode', header: '编号' }, { key: 'postName' }, { key: 'category' }]),
  filters: JSON.stringify({ postName: '社' }),
};

async function sheetOf(body: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

/** Exports a template and waits for its file to be done; answers the file row. */
async function exportOf(u: TestUser, templateId: string) {
  const started = await t.call(u, { method: 'POST', url: `${API}/doExport?id=${templateId}` });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return waitDone(u, started.body.data.id);
}

async function waitDone(u: TestUser, fileId: string) {
  for (let i = 0; i < 400; i++) {
    const mine = await t.call(u, { method: 'POST', url: `${FILES}/myPage`, payload: { current: 1, size: 100 } });
    const row = mine.body.data.records.find((x: { id: string }) => x.id === fileId);
    if (row && row.exportStatus >= 2) return row;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('export did not finish');
}

const download = (u: TestUser, id: string) =>
  t.app.inject({ method: 'GET', url: `${FILES}/doDownLoad?id=${id}`, headers: { 'blade-auth': `bearer ${u.token}` } });

describe('export templates', () => {
  it('saves, updates, reads, pages and removes a template at the spec’s paths', async () => {
    const created = await save(admin, postTemplate);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.msg).toBe('新增成功');
    const id = created.body.data.id;
    // Headers left out take the field's label.
    expect(JSON.parse(created.body.data.columns)).toEqual([
      { key: 'postCode', header: '编号' },
      { key: 'postName', header: '岗位名称' },
      { key: 'category', header: '岗位类型' },
    ]);
    const updated = await t.call(admin, { method: 'POST', url: `${API}/update`, payload: { id, templateName: '岗位导出2' } });
    expect(updated.body.msg).toBe('更新成功');
    const detail = await t.call(admin, { method: 'GET', url: `${API}/cusDetail?id=${id}` });
    expect(detail.body.data).toMatchObject({ templateName: '岗位导出2', resource: { name: 'post', label: '岗位管理' } });
    expect(detail.body.data.resource.filters.map((f: { key: string }) => f.key)).toContain('postName');
    const page = await t.call(admin, {
      method: 'POST',
      url: `${API}/cusPage`,
      payload: { param: { templateName: '岗位导出2' }, current: 1, size: 10 },
    });
    expect(page.body.data.records.map((r: { id: string }) => r.id)).toEqual([id]);
    const offered = await t.call(admin, { method: 'GET', url: `${API}/resources` });
    expect(offered.body.data.some((r: { name: string }) => r.name === 'user')).toBe(true);
    expect(offered.body.data.some((r: { name: string }) => r.name === 'export-file')).toBe(false);
    expect((await t.call(admin, { method: 'POST', url: `${API}/remove?ids=${id}` })).body.msg).toBe('删除成功');
    expect((await t.call(admin, { method: 'GET', url: `${API}/cusDetail?id=${id}` })).status).toBe(404);
  });

  it('refuses a bad template with a Chinese 400 and stores nothing', async () => {
    const [{ n: before }] = await t.db.query<{ n: number }>('select count(*)::int as n from dw_export_template');
    const cases: [object, string][] = [
      [{ resourceName: 'nosuch' }, '导出数据不存在或无权导出'],
      [{ resourceName: 'export-file' }, '导出数据不存在或无权导出'],
      [{ columns: '[{"key":"password"}]' }, '导出列不存在'],
      [{ columns: '[]' }, '请至少选择一个导出列'],
      [{ columns: 'not json' }, '导出列格式不正确'],
      [{ columns: '[{"key":"postName"},{"key":"postName"}]' }, '导出列重复'],
      [{ filters: '{"nosuch":"1"}' }, '筛选条件不正确'],
      [{ filters: '{"createTime_datege":"yesterday"}' }, '筛选条件不正确'],
      [{ filters: '[1]' }, '筛选条件应为JSON对象'],
      [{ filters: '{"size":"5"}' }, '筛选条件不能包含分页或排序'],
    ];
    for (const [change, message] of cases) {
      const res = await save(admin, { ...postTemplate, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.msg).toContain(message);
    }
    expect((await save(admin, { ...postTemplate, id: '1' })).status).toBe(400);
    expect((await t.call(admin, { method: 'POST', url: `${API}/doExport?id=abc` })).status).toBe(400);
    expect((await t.call(admin, { method: 'POST', url: `${API}/doExport?id=999999999` })).status).toBe(404);
    const [{ n: after }] = await t.db.query<{ n: number }>('select count(*)::int as n from dw_export_template');
    expect(after).toBe(before);
  });
});

describe('export files', () => {
  let postFile: { id: string; fileName: string };

  it('exports the rows the list shows for the template’s filter, in a background job', async () => {
    const tpl = (await save(admin, postTemplate)).body.data;
    postFile = await exportOf(admin, tpl.id);
    expect(postFile).toMatchObject({ exportStatus: 2, errorMsg: null });
    expect(postFile).not.toHaveProperty('job');
    const listed = await t.call(admin, { method: 'GET', url: '/api/blade-system/post/page?postName=社&size=1000' });
    expect(listed.body.data.total).toBeGreaterThan(0);
    expect(postFile).toMatchObject({ progress: listed.body.data.total, total: listed.body.data.total });
    const res = await download(admin, postFile.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetOf(res.rawPayload);
    // Not personal data: no watermark, the header row first.
    expect(rows[0]).toEqual(['编号', '岗位名称', '岗位类型']);
    const body = rows.slice(1);
    expect(body.map((r) => r[0]).sort()).toEqual(listed.body.data.records.map((r: { postCode: string }) => r.postCode).sort());
    // Choices are written as their labels, as the list shows them.
    expect(body.every((r) => r[2] !== '' && !/^\d+$/.test(r[2]))).toBe(true);
  });

  it('marks an export of personal data with who exported it and when', async () => {
    const tpl = (
      await save(admin, {
        templateName: '用户导出',
        resourceName: 'user',
        columns: JSON.stringify([{ key: 'account' }, { key: 'realName' }]),
      })
    ).body.data;
    const file = await exportOf(admin, tpl.id);
    expect(file.exportStatus).toBe(2);
    const rows = await sheetOf((await download(admin, file.id)).rawPayload);
    expect(rows[0][0]).toMatch(/^导出人：.+ 导出时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rows[1]).toEqual(['登录账号', '用户姓名']);
    const listed = await t.call(admin, { method: 'GET', url: '/api/blade-user/page?size=1000' });
    expect(rows.length - 2).toBe(listed.body.data.total);
  });

  it('lists, downloads and removes files for their owner only', async () => {
    expect((await download(other, postFile.id)).statusCode).toBe(404);
    expect((await download(otherTenant, postFile.id)).statusCode).toBe(404);
    expect((await download(admin, 'abc')).statusCode).toBe(400);
    const theirs = await t.call(other, { method: 'POST', url: `${FILES}/myPage`, payload: {} });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.records.some((r: { id: string }) => r.id === postFile.id)).toBe(false);
    expect((await t.call(other, { method: 'POST', url: `${FILES}/remove?ids=${postFile.id}` })).status).toBe(404);
    expect((await t.call(otherTenant, { method: 'POST', url: `${FILES}/remove?ids=${postFile.id}` })).status).toBe(404);
    expect((await download(admin, postFile.id)).statusCode).toBe(200);
    expect((await t.call(admin, { method: 'POST', url: `${FILES}/remove?ids=${postFile.id}` })).body.msg).toBe('删除成功');
    expect((await download(admin, postFile.id)).statusCode).toBe(404);
  });

  it('takes up at start a job a stopped server left running', async () => {
    const tpl = (await save(admin, postTemplate)).body.data;
    const done = await exportOf(admin, tpl.id);
    // As if the server had stopped halfway: running, half done, not touched for a while, no file.
    await t.db.query(
      `update dw_export_file set export_status = 1, progress = 1, file_link = null, finish_time = null,
              update_time = now() - interval '10 minutes' where id = $1`,
      [done.id],
    );
    expect((await download(admin, done.id)).statusCode).toBe(400);
    // The app's own runner started when the app was ready; a new one stands for the next start.
    expect(runnerOf(t.app.ctx).started).toBe(true);
    const restarted = new ExportRunner(t.app.ctx, () => {});
    restarted.start();
    const again = await waitDone(admin, done.id);
    await restarted.stop();
    expect(again).toMatchObject({ exportStatus: 2, progress: done.progress });
    expect((await sheetOf((await download(admin, done.id)).rawPayload)).length).toBe(done.progress + 1);
  });
});
