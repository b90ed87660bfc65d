import { apiScope, dataScope, menu, role, topMenu } from '@civdesk/resources';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Nodes } from '../../core/answers.ts';
import type { Scope } from '../../core/caller.ts';
import type { AppContext } from '../../core/context.ts';
import { notFound, ok } from '../../core/envelope.ts';
import { API_SCOPE, DATA_SCOPE, TOP_MENU } from '../../core/grant-store.ts';
import { idList, nothing, optional } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { listQuery } from '../../crud/list-query.ts';
import { rows } from '../../crud/repository.ts';
import { Params } from '../../crud/sql.ts';
import { mergeForest, nodeForest, type TreeNode } from '../../crud/tree.ts';
import { grantedMenuSql, grantedScopeSql, MENU } from '../../modules/permission/granted.ts';

const T = sqlOf(menu, 't');
const byIds = (p: Params, ids: string[]) => `t."id" = any(${p.add(ids)}::bigint[])`;

/** Scopes of one category the caller may hand out, each under the menu it belongs to. */
async function scopeTree(ctx: AppContext, s: Scope, r: typeof dataScope | typeof apiScope, category: number): Promise<TreeNode[]> {
  const p = new Params();
  const scopes = await rows(ctx.db, r, s, { ...listQuery(r, {}), size: 5000 }, [grantedScopeSql(s.caller, p, category, 't')], p);
  const owners = [...new Set(scopes.map((x) => String(x.menuId)))];
  const mp = new Params();
  const menus = owners.length ? await rows(ctx.db, menu, s, { ...listQuery(menu, {}), size: 5000 }, [byIds(mp, owners)], mp) : [];
  const leaves = scopes.map((x) => ({
    id: String(x.id),
    parentId: String(x.menuId),
    title: String(x.scopeName),
    key: String(x.id),
    value: String(x.id),
    hasChildren: false,
  }));
  return mergeForest([...menus.map((m) => ({ ...nodeForest(menu, [m])[0], parentId: '0' })), ...leaves]);
}

/** The grant dialog: the menus and scopes the caller may hand out (everything for the platform tenant). */
async function grantTree({ ctx, req }: Call) {
  const s = scopeOf(req);
  const p = new Params();
  const menus = await rows(ctx.db, menu, s, { ...listQuery(menu, {}), size: 5000 }, [grantedMenuSql(s.caller, p, 't')], p);
  return ok({
    menu: nodeForest(menu, menus),
    dataScope: await scopeTree(ctx, s, dataScope, DATA_SCOPE),
    apiScope: await scopeTree(ctx, s, apiScope, API_SCOPE),
  });
}

const RoleKeysQuery = z.object({ roleIds: optional(idList()) });

/** What roles hold now (the grant dialog's checked keys); the roles must be ones the caller sees. */
async function roleKeys({ ctx, req, query }: Call<{ query: typeof RoleKeysQuery }>) {
  const roleIds = query.roleIds ?? [];
  const p = new Params();
  const seen = roleIds.length ? await rows(ctx.db, role, scopeOf(req), { ...listQuery(role, {}), size: 1000 }, [byIds(p, roleIds)], p) : [];
  if (seen.length !== roleIds.length) throw notFound();
  const [menus, scopes] = await Promise.all([
    ctx.db.query<{ id: string }>('select distinct menu_id::text as id from blade_role_menu where role_id = any($1::bigint[])', [roleIds]),
    ctx.db.query<{ id: string; c: number }>(
      'select distinct scope_id::text as id, scope_category as c from blade_role_scope where role_id = any($1::bigint[])',
      [roleIds],
    ),
  ]);
  const of = (c: number) => scopes.filter((x) => x.c === c).map((x) => x.id);
  return ok({ menu: menus.map((m) => m.id), dataScope: of(DATA_SCOPE), apiScope: of(API_SCOPE), topMenu: of(TOP_MENU) });
}

/** The top-menu dialog: every menu (buttons left out) the caller sees. */
async function topGrantTree({ ctx, req }: Call) {
  const found = await rows(ctx.db, menu, scopeOf(req), { ...listQuery(menu, {}), size: 5000 }, [`${T.c.category} = ${MENU}`]);
  return ok({ menu: nodeForest(menu, found) });
}

const TopKeysQuery = z.object({ topMenuIds: optional(idList()) });

/** The menus top menus hold now; the top menus must be ones the caller sees. */
async function topKeys({ ctx, req, query }: Call<{ query: typeof TopKeysQuery }>) {
  const ids = query.topMenuIds ?? [];
  const p = new Params();
  const seen = ids.length ? await rows(ctx.db, topMenu, scopeOf(req), { ...listQuery(topMenu, {}), size: 1000 }, [byIds(p, ids)], p) : [];
  if (seen.length !== ids.length) throw notFound();
  const menus = await ctx.db.query<{ id: string }>(
    'select distinct menu_id::text as id from blade_top_menu_setting where top_menu_id = any($1::bigint[])',
    [ids],
  );
  return ok({ menu: menus.map((m) => m.id) });
}

/** The trees and checked keys of the role grant and top-menu dialogs. */
export function registerGrantTreeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, [menu.label.en]);
  const roleGrant = { perm: 'role_grant' };
  const topGrant = { perm: 'top-menu_grant' };
  r.get(`${menu.api}/grant-tree`, { auth: roleGrant, summary: '授权树', query: nothing, data: z.looseObject({ menu: Nodes }) }, grantTree);
  r.get(
    `${menu.api}/role-tree-keys`,
    { auth: roleGrant, summary: '角色已授权的键', query: RoleKeysQuery, data: z.looseObject({ menu: z.array(z.string()) }) },
    roleKeys,
  );
  r.get(
    `${menu.api}/grant-top-tree`,
    { auth: topGrant, summary: '顶部菜单授权树', query: nothing, data: z.looseObject({ menu: Nodes }) },
    topGrantTree,
  );
  r.get(
    `${menu.api}/top-tree-keys`,
    { auth: topGrant, summary: '顶部菜单已配置的键', query: TopKeysQuery, data: z.looseObject({ menu: z.array(z.string()) }) },
    topKeys,
  );
}
