import type { Resource } from '@civdesk/meta';
import { fieldErrors, toSubmitSchema } from '@civdesk/meta';
import '@fastify/multipart';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ResourceHooks, RouteDeps } from '../../crud/hooks.ts';
import { insert, rows } from '../../crud/repository.ts';
import { listQuery, scopeOf } from '../../crud/routes.ts';
import { checkReferences, uniqueMessage } from '../../crud/write-checks.ts';
import { badRequest, HttpError, ok } from '../../plugins/envelope.ts';
import { type Column, exportColumns, fromCell, importColumns, loadChoices, toCell } from './cells.ts';

export const MAX_EXPORT_ROWS = 10_000;
export const MAX_IMPORT_ROWS = 5_000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type ExcelPaths = { export: string; import: string; template: string };
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
    throw badRequest('文件不是有效的Excel(.xlsx)文件');
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
  if (at.size === 0) throw badRequest('未识别到表头,请使用导入模板');
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

/**
 * Excel export of a list (its filters, its columns, labels instead of keys), the import template,
 * and import: every row is checked by the same schema as the form; if any row is wrong nothing is
 * imported and the answer lists each wrong row and field. Otherwise all rows go in one transaction.
 */
export function registerExcelRoutes(
  app: FastifyInstance,
  r: Resource,
  deps: RouteDeps,
  hooks: ResourceHooks = {},
  paths?: Partial<ExcelPaths>,
) {
  const p: ExcelPaths = { export: `${r.api}/export`, import: `${r.api}/import`, template: `${r.api}/export-template`, ...paths };
  const tags = [r.label.en];

  app.get(
    p.export,
    { config: { auth: { perm: `${r.name}_export` } }, schema: { tags, summary: `${r.label.zh} 导出Excel` } },
    async (req, reply) => {
      const s = scopeOf(req, deps);
      const found = await rows(deps.db, r, s, { ...listQuery(r, req.query), size: MAX_EXPORT_ROWS + 1 });
      if (found.length > MAX_EXPORT_ROWS) throw badRequest(`导出数据超过${MAX_EXPORT_ROWS}条,请缩小查询范围`);
      const cols = exportColumns(r);
      const choices = await loadChoices(deps.db, s, cols);
      return sendWorkbook(
        reply,
        r.label.zh,
        cols,
        found.map((row) => cols.map((c) => toCell(c.f, row[c.key], choices.get(c.key)))),
      );
    },
  );

  app.get(
    p.template,
    { config: { auth: { perm: `${r.name}_import` } }, schema: { tags, summary: `${r.label.zh} 导入模板` } },
    async (_req, reply) => sendWorkbook(reply, `${r.label.zh}导入模板`, importColumns(r), []),
  );

  app.post(
    p.import,
    { config: { auth: { perm: `${r.name}_import` } }, schema: { tags, summary: `${r.label.zh} 导入Excel` } },
    async (req) => {
      if (!req.isMultipart()) throw badRequest('请上传Excel文件');
      const file = await req.file({ limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
      if (!file) throw badRequest('请上传Excel文件');
      if (!/\.xlsx$/i.test(file.filename)) throw badRequest('只能上传 .xlsx 文件');
      const buf = await file.toBuffer();
      if (file.file.truncated) throw badRequest('文件不能超过10MB');
      const s = scopeOf(req, deps);
      const cols = importColumns(r);
      const choices = await loadChoices(deps.db, s, cols);
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
      if (!errors.length && !bodies.length) throw badRequest('Excel文件中没有数据行');
      if (!errors.length) {
        try {
          await deps.db.tx(async (db) => {
            for (const b of bodies) {
              try {
                await checkReferences(db, r, s, b.data, null);
                await hooks.beforeWrite?.(
                  { db, resource: r, scope: s, mode: 'create', existing: null, tenantId: s.caller.tenantId },
                  b.data,
                );
                await insert(db, r, s, b.data);
              } catch (e) {
                // A row the database or a rule refuses (duplicate key, unknown reference) stops the
                // import: it is reported with its row number and the transaction rolls back.
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
      }
      if (errors.length)
        throw badRequest(`导入失败: ${new Set(errors.map((e) => e.row)).size} 行有错误,未导入任何数据`, {
          errors,
          total: bodies.length + errors.length,
        });
      return ok({ imported: bodies.length }, `成功导入 ${bodies.length} 条数据`);
    },
  );
}

class ImportRollback extends Error {}
