import { fieldErrors, type Resource, toSubmitSchema } from '@civdesk/meta';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Scope } from '../../core/caller.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, HttpError, ok } from '../../core/envelope.ts';
import { loose, nothing } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { readUpload } from '../../core/upload.ts';
import { listQuerySchema } from '../../crud/docs-schema.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { listQuery } from '../../crud/list-query.ts';
import { insert, rows } from '../../crud/repository.ts';
import { checkReferences, checkRequiredOneOf, uniqueMessage } from '../../crud/write-checks.ts';
import { type Column, exportColumns, fromCell, importColumns, loadChoices, toCell } from './cells.ts';

export const MAX_EXPORT_ROWS = 10_000;
export const MAX_IMPORT_ROWS = 5_000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type ImportError = { row: number; field: string; label: string; message: string };

async function sendWorkbook(reply: FastifyReply, name: string, cols: Column[], data: (string | number)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(name.slice(0, 31));
  ws.columns = cols.map((c) => ({ header: c.header, key: c.key, width: Math.min(40, Math.max(12, c.header.length * 2 + 4)) }));
  ws.getRow(1).font = { bold: true };
  for (const row of data) ws.addRow(row);
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${name}.xlsx`)}`)
    .send(buf);
}

/** Reads the first sheet: header row → column by label (a trailing * and spaces ignored), or by field key. */
async function readRows(buf: Buffer, cols: Column[]): Promise<{ line: number; values: Record<string, unknown> }[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw badRequest('文件不是有效的Excel（.xlsx）文件');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw badRequest('Excel文件中没有工作表');
  const byHeader = new Map<string, Column>();
  for (const c of cols) for (const h of [c.f.label.zh, c.f.label.en, c.key]) byHeader.set(h, c);
  const at = new Map<number, Column>();
  ws.getRow(1).eachCell((cell, n) => {
    const c = byHeader.get(
      String(cell.text ?? '')
        .replace(/\*$/, '')
        .trim(),
    );
    if (c) at.set(n, c);
  });
  if (at.size === 0) throw badRequest('未识别到表头，请使用导入模板');
  const out: { line: number; values: Record<string, unknown> }[] = [];
  ws.eachRow((row, line) => {
    if (line === 1) return;
    const values: Record<string, unknown> = {};
    let any = false;
    at.forEach((c, n) => {
      const v = row.getCell(n).value;
      if (v !== null && v !== undefined && String(v).trim() !== '') any = true;
      values[c.key] = v;
    });
    if (any) out.push({ line, values });
  });
  if (out.length > MAX_IMPORT_ROWS) throw badRequest(`一次最多导入${MAX_IMPORT_ROWS}行`);
  return out;
}

/** Export of a list: its filters, its columns, labels instead of keys (at most MAX_EXPORT_ROWS rows). */
const exportOf =
  (r: Resource) =>
  async ({ ctx, req, reply, query }: Call<{ query: typeof ListMap }>) => {
    const s = scopeOf(req);
    const found = await rows(ctx.db, r, s, { ...listQuery(r, query), size: MAX_EXPORT_ROWS + 1 });
    if (found.length > MAX_EXPORT_ROWS) throw badRequest(`导出数据超过${MAX_EXPORT_ROWS}条,请缩小查询范围`);
    const cols = exportColumns(r);
    const choices = await loadChoices(ctx.db, s, cols);
    return sendWorkbook(
      reply,
      r.label.zh,
      cols,
      found.map((row) => cols.map((c) => toCell(c.f, row[c.key], choices.get(c.key)))),
    );
  };

/** The uploaded workbook's rows as submit bodies, or the rows and fields that are wrong. */
async function bodiesOf(ctx: AppContext, r: Resource, s: Scope, buf: Buffer) {
  const cols = importColumns(r);
  const choices = await loadChoices(ctx.db, s, cols);
  const schema = toSubmitSchema(r, 'create');
  const errors: ImportError[] = [];
  const bodies: { line: number; data: Record<string, unknown> }[] = [];
  for (const { line, values } of await readRows(buf, cols)) {
    const body: Record<string, unknown> = {};
    for (const c of cols) body[c.key] = fromCell(c.f, values[c.key], choices.get(c.key));
    const parsed = schema.safeParse(body);
    if (parsed.success) bodies.push({ line, data: parsed.data as Record<string, unknown> });
    else
      for (const e of fieldErrors(parsed.error))
        errors.push({ row: line, field: e.field, label: r.fields[e.field]?.label.zh ?? e.field, message: e.message });
  }
  return { bodies, errors };
}

/**
 * Inserts every row in one transaction; a row the database or a rule refuses (duplicate key,
 * unknown reference) stops the import: it is reported with its row number and nothing stays.
 */
async function insertAll(
  ctx: AppContext,
  r: Resource,
  s: Scope,
  hooks: ResourceHooks,
  bodies: { line: number; data: Record<string, unknown> }[],
) {
  const errors: ImportError[] = [];
  try {
    await ctx.db.tx(async (db) => {
      for (const b of bodies) {
        try {
          await checkReferences(db, r, s, b.data, null);
          checkRequiredOneOf(r, b.data, null);
          const write = {
            db,
            resource: r,
            scope: s,
            mode: 'create' as const,
            existing: null,
            tenantId: s.caller.tenantId,
            params: ctx.params,
          };
          await hooks.beforeWrite?.(write, b.data);
          await insert(db, r, s, b.data);
        } catch (e) {
          const err = e as { code?: string; constraint?: string };
          const unique = err.code === '23505' ? uniqueMessage(r, err.constraint) : null;
          const refused =
            e instanceof HttpError && e.status < 500
              ? ((e.data as { errors?: { field: string; message: string }[] })?.errors?.[0] ?? { field: '', message: e.message })
              : null;
          const why = unique ?? refused;
          if (!why) throw e;
          errors.push({ row: b.line, field: why.field, label: r.fields[why.field]?.label.zh ?? '', message: why.message });
          throw new ImportRollback();
        }
      }
    });
  } catch (e) {
    if (!(e instanceof ImportRollback)) throw e;
  }
  return errors;
}

/**
 * Import: every row is checked by the same schema as the form; if any row is wrong nothing is
 * imported and the answer lists each wrong row and field. Otherwise all rows go in one transaction.
 */
const importOf =
  (r: Resource, hooks: ResourceHooks) =>
  async ({ ctx, req }: Call) => {
    const file = await readUpload(req, 10 * 1024 * 1024, '文件不能超过10MB', (filename) => {
      if (!/\.xlsx$/i.test(filename)) throw badRequest('只能上传 .xlsx 文件');
    });
    if (!file) throw badRequest('请上传Excel文件');
    const buf = file.buffer;
    const s = scopeOf(req);
    const { bodies, errors } = await bodiesOf(ctx, r, s, buf);
    if (!errors.length && !bodies.length) throw badRequest('Excel文件中没有数据行');
    if (!errors.length) errors.push(...(await insertAll(ctx, r, s, hooks, bodies)));
    if (errors.length)
      throw badRequest(`导入失败: ${new Set(errors.map((e) => e.row)).size} 行有错误,未导入任何数据`, {
        errors,
        total: bodies.length + errors.length,
      });
    return ok({ imported: bodies.length }, `成功导入 ${bodies.length} 条数据`);
  };

const ListMap = loose({});
const upload = { type: 'object', properties: { file: { type: 'string', format: 'binary', description: '.xlsx, at most 10 MB' } } };

/** Excel export of a list, the import template, and import, at the resource's API path. */
export function registerExcelRoutes(app: FastifyInstance, r: Resource, ctx: AppContext, hooks: ResourceHooks = {}) {
  const route = routes(app, ctx, [r.label.en]);
  const docs = { querystring: listQuerySchema(r) };
  route.get(
    `${r.api}/export`,
    { auth: { perm: `${r.name}_export` }, summary: `${r.label.zh} 导出Excel`, query: ListMap, docs, download: true },
    exportOf(r),
  );
  route.get(
    `${r.api}/export-template`,
    { auth: { perm: `${r.name}_import` }, summary: `${r.label.zh} 导入模板`, query: nothing, download: true },
    ({ reply }) => sendWorkbook(reply, `${r.label.zh}导入模板`, importColumns(r), []),
  );
  const uploadDocs = { body: upload, consumes: ['multipart/form-data'] };
  route.post(
    `${r.api}/import`,
    {
      auth: { perm: `${r.name}_import` },
      summary: `${r.label.zh} 导入Excel`,
      docs: uploadDocs,
      data: z.object({ imported: z.number().int() }),
    },
    importOf(r, hooks),
  );
}

class ImportRollback extends Error {}
