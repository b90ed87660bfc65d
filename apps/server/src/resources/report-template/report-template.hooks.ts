import { permCode } from '@civdesk/meta';
import { matPrintSql, reportTemplate } from '@civdesk/resources';
import { z } from 'zod';
import { badRequest, notFound, ok } from '../../core/envelope.ts';
import { id, loose } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { findOne } from '../../crud/repository.ts';
import { plainRows } from '../../modules/query/query-service.ts';
import { numberParams } from '../../modules/sql-runner/named-params.ts';
import { runReadOnly } from '../../modules/sql-runner/sql-runner.ts';

const RunParams = loose({ id }).describe("the statement's :name parameters by name");
const MAX_VALUE = 200;

/**
 * A report: its template's statement run read-only in the caller's tenant, the statement's own
 * `:name` parameters taken from the call by name (others are refused), answered as columns and rows
 * the screen draws as a table and a chart.
 */
async function run({ ctx, req, params }: Call<{ params: typeof RunParams }>) {
  const s = scopeOf(req);
  const template = await findOne(ctx.db, reportTemplate, s, { id: params.id });
  if (!template) throw notFound('报表模板不存在或已被删除');
  const stmt = await findOne(ctx.db, matPrintSql, s, { id: String(template.printSqlId) });
  if (!stmt) throw badRequest('报表模板的SQL不存在或已被删除');
  const names = numberParams(String(stmt.sql)).names.filter((n) => n !== 'tenantId');
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) {
    if (k === 'id' || k === 'blade-auth' || k === '_t') continue;
    if (!names.includes(k)) throw badRequest(`未知的报表参数: ${k}`);
    if (typeof v !== 'string' && typeof v !== 'number') throw badRequest(`报表参数${k}的值不正确`);
    if ([...String(v)].length > MAX_VALUE) throw badRequest(`报表参数${k}不能超过${MAX_VALUE}个字符`);
    values[k] = String(v);
  }
  const r = await runReadOnly(ctx.db, { sql: String(stmt.sql), params: values, tenantId: s.caller.tenantId });
  return ok({
    templateName: template.templateName,
    chartType: template.chartType ?? 'bar',
    params: names,
    columns: r.columns,
    rows: plainRows(r.rows),
    truncated: r.truncated,
  });
}

/** Report templates: the report itself (`run`), besides the engine's list, detail, submit and remove. */
export const reportTemplateHooks: ResourceHooks = {
  routes(app, r, ctx) {
    routes(app, ctx, [r.label.en]).get(
      `${r.api}/run`,
      {
        auth: { perm: [permCode(r, 'run'), permCode(r, 'view')] },
        summary: '查看报表(执行模板SQL)',
        params: RunParams,
        data: z.looseObject({
          templateName: z.unknown(),
          chartType: z.string(),
          params: z.array(z.string()),
          columns: z.array(z.unknown()),
          rows: z.array(z.unknown()),
          truncated: z.boolean(),
        }),
      },
      run,
    );
  },
};
