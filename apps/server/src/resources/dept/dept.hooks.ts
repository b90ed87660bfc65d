import type { Row } from '@civdesk/db';
import { permCode } from '@civdesk/meta';
import { dept, region } from '@civdesk/resources';
import { z } from 'zod';
import { Nodes, Page, Rows } from '../../core/answers.ts';
import type { Scope } from '../../core/caller.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import { loose, optional, text } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { listQuerySchema } from '../../crud/docs-schema.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { listQuery } from '../../crud/list-query.ts';
import { page, rows } from '../../crud/repository.ts';
import { Params } from '../../crud/sql.ts';
import { mergeForest, nodeForest } from '../../crud/tree.ts';
import { assignedSelect, SelectQuery } from '../../modules/permission/assigned-select.ts';

const T = sqlOf(dept, 't');
const G = sqlOf(region);

const TenantQuery = z.object({ tenantId: optional(text) });

/** `tenantId=` lets the platform administrator look at one tenant's departments; others see their own anyway. */
function tenantFilter(tenantId: string | undefined, s: Scope, p: Params): string[] {
  if (tenantId === undefined || !s.caller.platformAdmin) return [];
  if (!/^[0-9A-Za-z]{1,12}$/.test(tenantId)) throw badRequest('租户ID未找到');
  return [T.tenant(p.add(tenantId))];
}

const PageQuery = loose({ tenantId: z.unknown().optional() });

/** The paged list (`tenantId` is the tree's, not a filter here). */
async function pageList({ ctx, req, query }: Call<{ query: typeof PageQuery }>) {
  const { tenantId: _t, ...filters } = query;
  return ok(await page(ctx.db, dept, scopeOf(req), listQuery(dept, filters)));
}

async function treeByTenant({ ctx, req, query }: Call<{ query: typeof TenantQuery }>) {
  const s = scopeOf(req);
  const p = new Params();
  return ok(nodeForest(dept, await rows(ctx.db, dept, s, { ...listQuery(dept, {}), size: 5000 }, tenantFilter(query.tenantId, s, p), p)));
}

/** Regions that have departments, each with its departments beneath. */
async function areaDeptTree({ ctx, req, query }: Call<{ query: typeof TenantQuery }>) {
  const s = scopeOf(req);
  const p = new Params();
  const depts = await rows(ctx.db, dept, s, { ...listQuery(dept, {}), size: 5000 }, tenantFilter(query.tenantId, s, p), p);
  const areaIds = [...new Set(depts.map((d) => d.areaId).filter(Boolean))] as string[];
  const areas = areaIds.length
    ? await ctx.db.query<Row>(
        `select ${G.c.id}::text as id, ${G.c.name} as name from ${G.table} where ${G.c.id} = any($1::bigint[]) and ${G.live()} order by ${G.c.code}`,
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
}

/** The department dropdown: a tenant's departments, or one user's own. */
async function deptSelect({ ctx, req, query }: Call<{ query: typeof SelectQuery }>) {
  const found = await assignedSelect(ctx, req, query, dept, 'deptId');
  return ok(found.map((d) => ({ id: d.id, parentId: d.parentId, deptName: d.deptName, fullName: d.fullName, tenantId: d.tenantId })));
}

/** Departments: the paged list, the tree by tenant, the area-department tree and the dropdown. */
export const deptHooks: ResourceHooks = {
  routes(app, r, ctx) {
    const route = routes(app, ctx, [r.label.en]);
    const view = { perm: permCode(r, 'view') };
    route.get(
      `${r.api}/pageList`,
      { auth: view, summary: '机构分页', query: PageQuery, docs: { querystring: listQuerySchema(dept) }, data: Page },
      pageList,
    );
    route.get(`${r.api}/tree-by-tenant`, { auth: view, summary: '机构树（按租户）', query: TenantQuery, data: Nodes }, treeByTenant);
    route.get(`${r.api}/area-dept-tree`, { auth: view, summary: '区划-机构树', query: TenantQuery, data: Rows }, areaDeptTree);
    route.get(`${r.api}/select`, { auth: 'signed-in', summary: '部门下拉', query: SelectQuery, data: Rows }, deptSelect);
  },
};
