import { permCode } from '@civdesk/meta';
import { menu } from '@civdesk/resources';
import type { FastifyInstance } from 'fastify';
import { Nodes, Rows } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { ok } from '../../core/envelope.ts';
import { id, loose, nothing } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { listQuerySchema } from '../../crud/docs-schema.ts';
import { listQuery } from '../../crud/list-query.ts';
import { rows } from '../../crud/repository.ts';
import { filterSql, Params } from '../../crud/sql.ts';
import { level, mergeForest, nodeForest } from '../../crud/tree.ts';
import { MENU } from '../../modules/permission/granted.ts';

const T = sqlOf(menu, 't');

/** The spec's "fun" calls: the menu's own calls under another path, same handler and permission. */
export const FUN_API = '/api/blade-system/fun';
const menusOnly = [`${T.c.category} = ${MENU}`];

const LazyQuery = loose({ parentId: id.optional().transform((v) => v ?? '0') });

/** One level under `parentId` (default the roots), the query map applied, with hasChildren. */
const lazy =
  (extraWhere: string[]) =>
  async ({ ctx, req, query }: Call<{ query: typeof LazyQuery }>) => {
    const { parentId, ...filters } = query;
    const q = listQuery(menu, filters);
    const p = new Params();
    const extra = [...q.filters.map((f) => filterSql(f, p, ctx.tz, 't')), ...extraWhere];
    return ok(await level(ctx.db, menu, scopeOf(req), parentId, extra, p));
  };

const ForestQuery = loose({});

/** The whole forest, the query map applied (menus only, or menus and buttons). */
const forest =
  (extraWhere: string[]) =>
  async ({ ctx, req, query }: Call<{ query: typeof ForestQuery }>) =>
    ok(mergeForest(await rows(ctx.db, menu, scopeOf(req), { ...listQuery(menu, query), size: 5000 }, extraWhere)));

/** Menus only (buttons left out), as tree nodes: the parent picker of the menu form. */
async function menuTree({ ctx, req }: Call) {
  return ok(nodeForest(menu, await rows(ctx.db, menu, scopeOf(req), { ...listQuery(menu, {}), size: 5000 }, menusOnly)));
}

/**
 * The menu screen's trees. A menu or button hangs under a menu, never under a button. The spec's
 * "fun" calls are the same menus under another path (no resource claims it).
 */
export function registerMenuTreeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, [menu.label.en]);
  const auth = { perm: permCode(menu, 'view') };
  const docs = { querystring: listQuerySchema(menu) };
  for (const base of [menu.api, FUN_API]) {
    r.get(`${base}/lazy-list`, { auth, summary: '菜单懒加载列表', query: LazyQuery, docs, data: Rows }, lazy([]));
    r.get(`${base}/lazy-menu-list`, { auth, summary: '菜单懒加载列表（仅菜单）', query: LazyQuery, docs, data: Rows }, lazy(menusOnly));
    r.get(`${base}/menu-list`, { auth, summary: '菜单列表（仅菜单）', query: ForestQuery, docs, data: Rows }, forest(menusOnly));
    if (base !== menu.api) r.get(`${base}/list`, { auth, summary: '菜单列表', query: ForestQuery, docs, data: Rows }, forest([]));
  }
  for (const base of [menu.api, FUN_API]) r.get(`${base}/tree`, { auth, summary: '菜单树', query: nothing, data: Nodes }, menuTree);
}
