import { permCode } from '@civdesk/meta';
import type { FastifyRequest } from 'fastify';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { findOne, rows } from '../../crud/repository.ts';
import { idParam, listQuery, scopeOf } from '../../crud/routes.ts';
import { filterSql, Params } from '../../crud/sql.ts';
import { level, mergeForest } from '../../crud/tree.ts';
import { badRequest, ok } from '../../plugins/envelope.ts';

/** A menu or button hangs under a menu, never under a button (contract §3.2). */
export const menuHooks: ResourceHooks = {
  routes(app, r, deps) {
    const view = { config: { auth: { perm: permCode(r, 'view') } } };
    const menusOnly = ['t."category" = 1'];
    // One level under parentId (default the root), the query map applied, with hasChildren.
    const lazy = (extraWhere: string[]) => async (req: FastifyRequest) => {
      const { parentId, ...rest } = req.query as Record<string, unknown>;
      const query = listQuery(r, rest);
      const p = new Params();
      const extra = [...query.filters.map((f) => filterSql(f, p, deps.tz, 't')), ...extraWhere];
      return ok(await level(deps.db, r, scopeOf(req, deps), idParam(parentId ?? '0', 'parentId'), extra, p));
    };
    // The whole forest (menus only, or menus and buttons).
    const forest = (extraWhere: string[]) => async (req: FastifyRequest) =>
      ok(mergeForest(await rows(deps.db, r, scopeOf(req, deps), { ...listQuery(r, req.query), size: 5000 }, extraWhere)));
    // The spec's "fun" calls are the same menus under another name.
    for (const base of [r.api, '/api/blade-system/fun']) {
      const tags = [r.label.en];
      app.get(`${base}/lazy-list`, { ...view, schema: { tags, summary: '菜单懒加载列表' } }, lazy([]));
      app.get(`${base}/lazy-menu-list`, { ...view, schema: { tags, summary: '菜单懒加载列表(仅菜单)' } }, lazy(menusOnly));
      app.get(`${base}/menu-list`, { ...view, schema: { tags, summary: '菜单列表(仅菜单)' } }, forest(menusOnly));
      if (base !== r.api) app.get(`${base}/list`, { ...view, schema: { tags, summary: '菜单列表' } }, forest([]));
    }
  },
  async beforeWrite({ db, resource, scope, existing }, values) {
    const parentId = String(values.parentId ?? existing?.parentId ?? '0');
    if (parentId === '0') return;
    const parent = await findOne(db, resource, scope, { id: parentId });
    if (parent && Number(parent.category) !== 1) {
      throw badRequest('父节点只可选择菜单类型!', { errors: [{ field: 'parentId', message: '父节点只可选择菜单类型!' }] });
    }
  },
};
