import type { Db } from '@civdesk/db';
import { matPrintSql, matPrintTemplate } from '@civdesk/resources';
import type { Scope } from '../../core/caller.ts';
import { notFound } from '../../core/envelope.ts';
import { listQuery } from '../../crud/list-query.ts';
import { findOne, rows } from '../../crud/repository.ts';
import { runReadOnly } from '../sql-runner/sql-runner.ts';
import { renderPdf } from './pdf.ts';
import { fillTemplate, type PrintData } from './template-text.ts';

const todayIn = (tz: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/**
 * A print template as a PDF: its print SQL (menuId = the template) run read-only in order with the
 * caller's parameters (`:applyId`, `:itemId` …; `:tenantId` is the template's tenant), the body
 * filled from their rows and rendered with the Chinese font embedded.
 */
export async function previewPdf(db: Db, s: Scope, templateId: string, params: Record<string, unknown>) {
  const tpl = await findOne(db, matPrintTemplate, s, { id: templateId });
  if (!tpl) throw notFound('打印模板不存在');
  const tenantId = String(tpl.tenantId ?? s.caller.tenantId);
  const sqls = await rows(db, matPrintSql, s, { ...listQuery(matPrintSql, { menuId_equal: templateId }), size: 100 });
  const data: PrintData = [];
  for (const q of sqls) {
    const result = await runReadOnly(db, { sql: String(q.sql), params, tenantId, maxRows: 500 });
    data.push({ name: String(q.name), columns: result.columns, rows: result.rows });
  }
  const name = String(tpl.templateName);
  const pdf = await renderPdf(name, fillTemplate(String(tpl.templateContent ?? ''), data, todayIn(s.tz)));
  return { name, pdf };
}
