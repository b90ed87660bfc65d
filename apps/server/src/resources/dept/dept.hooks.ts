import type { Row } from '@civdesk/db';
import { permCode } from '@civdesk/meta';
import type { FastifyRequest } from 'fastify';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { page, rows } from '../../crud/repository.ts';
import { listQuery, scopeOf } from '../../crud/routes.ts';
import type { Scope } from '../../crud/scope.ts';
import { Params } from '../../crud/sql.ts';
import { mergeForest, nodeForest } from '../../crud/tree.ts';
import { badRequest, ok } from '../../plugins/envelope.ts';

/** `tenantId=` lets the platform administrator look at one tenant's departments; others see their own anyway. */
function tenantFilter(req: FastifyRequest, s: Scope, p: Params): string[] {
  const t = (req.query as Record<string, unknown>).tenantId;
  if (t === undefined || t === '' || !s.caller.platformAdmin) return [];
  if (!/^[0-9A-Za-z]{1,12}$/.test(String(t))) throw badRequest('租户ID未找到');
  return [`t."tenant_id" = ${p.add(String(t))}`];
}

/**
 * Departments: the paged list (`pageList`), the tree by tenant, and the area-department tree
 * (regions that have departments, each with its departments beneath).
 */
export const deptHooks: ResourceHooks = {
  routes(app, r, deps) {
    const view = { config: { auth: { perm: permCode(r, 'view') } } };
    const tags = [r.label.en];
    app.get(`${r.api}/pageList`, { ...view, schema: { tags, summary: '机构分页' } }, async (req) => {
      const { tenantId: _t, ...query } = req.query as Record<string, unknown>;
      return ok(await page(deps.db, r, scopeOf(req, deps), listQuery(r, query)));
    });
    app.get(`${r.api}/tree-by-tenant`, { ...view, schema: { tags, summary: '机构树(按租户)' } }, async (req) => {
      const s = scopeOf(req, deps);
      const p = new Params();
      return ok(nodeForest(r, await rows(deps.db, r, s, { ...listQuery(r, {}), size: 5000 }, tenantFilter(req, s, p), p)));
    });
    app.get(`${r.api}/area-dept-tree`, { ...view, schema: { tags, summary: '区划-机构树' } }, async (req) => {
      const s = scopeOf(req, deps);
      const p = new Params();
      const depts = await rows(deps.db, r, s, { ...listQuery(r, {}), size: 5000 }, tenantFilter(req, s, p), p);
      const areaIds = [...new Set(depts.map((d) => d.areaId).filter(Boolean))] as string[];
      const areas = areaIds.length
        ? await deps.db.query<Row>(
            'select id::text, name from blade_region where id = any($1::bigint[]) and is_deleted = 0 order by code',
            [areaIds],
          )
        : [];
      const areaNodes = areas.map((a) => ({
        id: `area-${a.id}`,
        parentId: '0',
        title: a.name,
        key: `area-${a.id}`,
        value: `area-${a.id}`,
        type: 'area',
      }));
      const known = new Set(areas.map((a) => String(a.id)));
      const deptNodes: Row[] = mergeForest(depts.map((d) => ({ ...d, title: d.deptName, key: d.id, value: d.id, type: 'dept' })));
      for (const n of deptNodes) n.parentId = n.areaId && known.has(String(n.areaId)) ? `area-${n.areaId}` : '0';
      return ok(mergeForest([...areaNodes, ...deptNodes] as Row[]));
    });
  },
};
