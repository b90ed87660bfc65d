import type { Row } from '@civdesk/db';
import { menu, topMenu } from '@civdesk/resources';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Nodes, Obj, Rows } from '../../core/answers.ts';
import type { Scope } from '../../core/caller.ts';
import type { AppContext } from '../../core/context.ts';
import { ok } from '../../core/envelope.ts';
import { TOP_MENU } from '../../core/grant-store.ts';
import { id, nothing } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { listQuery } from '../../crud/list-query.ts';
import { cols, findOne, rows } from '../../crud/repository.ts';
import { withoutDataScope } from '../../crud/scope.ts';
import { Params } from '../../crud/sql.ts';
import { mergeForest, nodeForest } from '../../crud/tree.ts';
import { BUTTON, grantedMenuSql, grantedScopeSql, MENU } from '../../modules/permission/granted.ts';
import { FUN_API } from './menu.routes.ts';

const M = sqlOf(menu, 'm');
const C = sqlOf(menu, 'c');
const U = sqlOf(menu, 'u');
const T = sqlOf(menu, 't');

/** Menus granted to the caller's roles with their ancestors, optionally within one top menu. */
async function routesOf(ctx: AppContext, s: Scope, topMenuId: string | null): Promise<Row[]> {
  const p = new Params();
  const within = topMenuId
    ? `and ${M.c.id} in (with recursive bound(id) as (select ms."menu_id" from "blade_top_menu_setting" ms where ms."top_menu_id" = ${p.add(topMenuId)}
         union select ${C.c.id} from ${C.table} join bound on ${C.c.parentId} = bound.id where ${C.live()}) select id from bound)`
    : '';
  return ctx.db.query(
    `with recursive shown(id, parent_id) as (
       select ${M.c.id}, ${M.c.parentId} from ${M.table}
        where ${M.live()} and ${M.c.category} = ${MENU} and ${grantedMenuSql(s.caller, p)} ${within}
       union select ${U.c.id}, ${U.c.parentId} from ${U.table} join shown on ${U.c.id} = shown.parent_id where ${U.live()})
     select ${cols(menu, s)} from ${T.table} where ${T.c.id} in (select id from shown) order by ${T.c.sort}, ${T.c.id}`,
    p.values,
  );
}

const TopQuery = z.object({ topMenuId: z.preprocess((v) => (v === '' || v === '0' ? undefined : v), id.optional()) });

/** The top menu asked for: none, one of the caller's own tenant, or 'foreign' (which shows nothing). */
async function topMenuOf(ctx: AppContext, s: Scope, topMenuId: string | undefined): Promise<string | null | 'foreign'> {
  if (!topMenuId) return null;
  const top = await findOne(ctx.db, topMenu, withoutDataScope(s), { id: topMenuId });
  return top && top.tenantId === s.caller.tenantId ? topMenuId : 'foreign';
}

/** The shell's menus after sign-in: granted menus with their ancestors, as a forest. */
async function myRoutes({ ctx, req, query }: Call<{ query: typeof TopQuery }>) {
  const s = scopeOf(req);
  const top = await topMenuOf(ctx, s, query.topMenuId);
  return ok(top === 'foreign' ? [] : mergeForest(await routesOf(ctx, s, top)));
}

/** The same menus as tree nodes (id, title, key, value, children): the shell's menu search. */
async function myMenuTree({ ctx, req, query }: Call<{ query: typeof TopQuery }>) {
  const s = scopeOf(req);
  const top = await topMenuOf(ctx, s, query.topMenuId);
  return ok(top === 'foreign' ? [] : nodeForest(menu, await routesOf(ctx, s, top)));
}

/** The caller's buttons, grouped under the menus they belong to. */
async function myButtons({ ctx, req }: Call) {
  const s = scopeOf(req);
  const p = new Params();
  const buttons = await ctx.db.query(
    `select ${cols(menu, s)} from ${T.table} where ${T.live()} and ${T.c.category} = ${BUTTON} and ${grantedMenuSql(s.caller, p, 't')}
      order by ${T.c.sort}, ${T.c.id}`,
    p.values,
  );
  const parentIds = [...new Set(buttons.map((b) => String(b.parentId)))];
  const parents = parentIds.length
    ? await ctx.db.query(`select ${cols(menu, s)} from ${T.table} where ${T.c.id} = any($1::bigint[]) order by ${T.c.sort}, ${T.c.id}`, [
        parentIds,
      ])
    : [];
  return ok(parents.map((m) => ({ ...m, hasChildren: true, children: buttons.filter((b) => String(b.parentId) === String(m.id)) })));
}

const TM = sqlOf(topMenu, 't');

/** The top menus granted to the caller's roles: the grant decides which one sees, not the data scope. */
async function myTopMenus({ ctx, req }: Call) {
  const s = scopeOf(req);
  const p = new Params();
  const mine = [TM.tenant(p.add(s.caller.tenantId)), grantedScopeSql(s.caller, p, TOP_MENU, 't')];
  return ok(await rows(ctx.db, topMenu, withoutDataScope(s), { ...listQuery(topMenu, {}), size: 1000 }, mine, p));
}

/** The calls the shell makes after sign-in: routes, the menu search tree, buttons, top menus. */
export function registerShellMenuRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, [menu.label.en]);
  for (const base of [menu.api, FUN_API]) {
    r.get(`${base}/routes`, { auth: 'signed-in', summary: '当前用户的路由菜单', query: TopQuery, data: Rows }, myRoutes);
    r.get(`${base}/top-menu`, { auth: 'signed-in', summary: '当前用户的顶部菜单', query: nothing, data: Rows }, myTopMenus);
  }
  r.get(`${menu.api}/getMenuTree`, { auth: 'signed-in', summary: '当前用户的菜单树', query: TopQuery, data: Nodes }, myMenuTree);
  r.get(`${menu.api}/buttons`, { auth: 'signed-in', summary: '当前用户的按钮', query: nothing, data: z.array(Obj) }, myButtons);
}
