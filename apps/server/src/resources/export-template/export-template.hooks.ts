import { permCode, type Resource } from '@civdesk/meta';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Obj, Row } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { notFound, ok } from '../../core/envelope.ts';
import { id } from '../../core/input.ts';
import { callerOf, scopeOf } from '../../core/request.ts';
import { routes } from '../../core/route.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { findOne } from '../../crud/repository.ts';
import { saveAndUpdateRoutes } from '../../crud/save-update.ts';
import { exportColumns } from '../../modules/excel/cells.ts';
import { queueExport } from '../../modules/export/export-runner.ts';
import { canRead, checkSpec, columnsJson, exportableResources, isPersonal } from '../../modules/export/export-spec.ts';

const ById = z.object({ id });

/** What a template's form offers for one resource: its listed fields as columns, its search fields as filters. */
function offerOf(r: Resource) {
  return {
    name: r.name,
    label: r.label.zh,
    personal: isPersonal(r),
    columns: exportColumns(r).map((c) => ({ key: c.key, header: c.header })),
    filters: Object.entries(r.fields)
      .filter(([, f]) => f.search)
      .map(([key, f]) => ({ key, label: f.label.zh, type: f.type, op: f.search === true ? 'like' : f.search })),
  };
}

function registerRoutes(app: FastifyInstance, r: Resource, ctx: AppContext) {
  saveAndUpdateRoutes(app, r, ctx, exportTemplateHooks);
  const route = routes(app, ctx, [r.label.en]);
  route.get(
    `${r.api}/cusDetail`,
    { auth: { perm: permCode(r, 'view') }, summary: '导出模板详情（含可选列与筛选条件）', query: ById, data: Row },
    async ({ ctx, req, query }) => {
      const s = scopeOf(req);
      const row = await findOne(ctx.db, r, s, { id: query.id });
      if (!row) throw notFound();
      const target = exportableResources().find((x) => x.name === row.resourceName);
      return ok({ ...row, resource: target && canRead(s.caller.grants, target) ? offerOf(target) : null });
    },
  );
  route.get(
    `${r.api}/resources`,
    { auth: { perm: permCode(r, 'view') }, summary: '可导出的数据（列与筛选条件）', query: z.object({}).loose(), data: z.array(Obj) },
    async ({ req }) => {
      const g = callerOf(req).grants;
      return ok(
        exportableResources()
          .filter((x) => canRead(g, x))
          .map(offerOf),
      );
    },
  );
  // doExport: `id` in the query string or the body.
  route.post(
    `${r.api}/doExport`,
    { auth: { perm: permCode(r, 'export') }, summary: '按模板导出（后台任务，见我的导出）', params: ById, data: Row },
    async ({ ctx, req, params }) => {
      const s = scopeOf(req);
      const row = await findOne(ctx.db, r, s, { id: params.id });
      if (!row) throw notFound('导出模板不存在或已被删除');
      const spec = checkSpec(s.caller.grants, { resourceName: row.resourceName, columns: row.columns, filters: row.filters });
      const file = await queueExport(
        ctx,
        s,
        { id: String(row.id), templateName: String(row.templateName) },
        {
          resourceName: spec.resource.name,
          columns: spec.columns.map((c) => ({ key: c.key, header: c.header })),
          filters: spec.filters,
          roleIds: s.caller.roleIds,
          deptIds: s.caller.deptIds,
          sheet: String(row.templateName),
        },
      );
      return ok(file, '导出任务已创建，请在我的导出中查看进度');
    },
  );
}

/** Export templates: resource, columns and filters checked on every write; save/update/cusDetail/doExport besides the engine's calls. */
export const exportTemplateHooks: ResourceHooks = {
  async beforeWrite({ scope, existing }, values) {
    const merged = { ...(existing ?? {}), ...values };
    const spec = checkSpec(scope.caller.grants, {
      resourceName: merged.resourceName,
      columns: merged.columns,
      filters: merged.filters,
    });
    values.columns = columnsJson(spec);
    if (values.filters !== undefined || values.resourceName !== undefined)
      values.filters = Object.keys(spec.filters).length ? JSON.stringify(spec.filters) : null;
  },
  routes: registerRoutes,
};
