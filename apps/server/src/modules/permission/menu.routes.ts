import type { Row } from '@civdesk/db';
import { apiScope, dataScope, menu, role, topMenu } from '@civdesk/resources';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cols, findOne, rows } from '../../crud/repository.ts';
import { idParam, listQuery } from '../../crud/routes.ts';
import { type Scope, withoutDataScope } from '../../crud/scope.ts';
import { Params } from '../../crud/sql.ts';
import { mergeForest, nodeForest, type TreeNode } from '../../crud/tree.ts';
import { type AuthServices, callerOf } from '../../plugins/auth.ts';
import { notFound, ok } from '../../plugins/envelope.ts';
import type { Caller } from '../auth/caller.ts';
import { idList } from './id-lists.ts';

export const MENU = 1;
export const BUTTON = 2;
// blade_role_scope.scope_category: contract §5 names 1 and 2; top menus granted to roles are 3.
export const DATA_SCOPE = 1;
export const API_SCOPE = 2;
export const TOP_MENU = 3;

/** Menu ids granted to the caller's roles (every menu for the platform administrator). */
export function grantedMenuSql(c: Caller, p: Params, alias = 'm'): string {
  if (c.grants.all) return 'true';
  return `${alias}."id" in (select rm."menu_id" from "blade_role_menu" rm where rm."role_id" = any(${p.add(c.roleIds)}::bigint[]))`;
}

/** Scope ids of one category granted to the caller's roles. */
export function grantedScopeSql(c: Caller, p: Params, category: number, alias: string): string {
  if (c.grants.all) return 'true';
  return `${alias}."id" in (select rs."scope_id" from "blade_role_scope" rs where rs."scope_category" = ${category} and rs."role_id" = any(${p.add(c.roleIds)}::bigint[]))`;
}

const scopeOf = (req: FastifyRequest, auth: AuthServices): Scope => ({ caller: callerOf(req), tz: auth.config.timeZone });

/**
 * The calls the shell makes after sign-in (contract §3.2): routes (menus granted to the caller's
 * roles with their ancestors, optionally within a top menu), buttons, top menus; and the trees the
 * grant dialogs read.
 */
export function registerMenuRoutes(app: FastifyInstance, auth: AuthServices) {
  const { db } = auth;
  const tags = [menu.label.en];
  const base = menu.api;

  const routesOf = async (s: Scope, topMenuId: string | null): Promise<Row[]> => {
    const p = new Params();
    const within = topMenuId
      ? `and m."id" in (with recursive bound(id) as (select ms."menu_id" from "blade_top_menu_setting" ms where ms."top_menu_id" = ${p.add(topMenuId)}
           union select c."id" from "blade_menu" c join bound on c."parent_id" = bound.id where c."is_deleted" = 0) select id from bound)`
      : '';
    return db.query(
      `with recursive shown(id, parent_id) as (
         select m."id", m."parent_id" from "blade_menu" m
          where m."is_deleted" = 0 and m."category" = ${MENU} and ${grantedMenuSql(s.caller, p)} ${within}
         union select u."id", u."parent_id" from "blade_menu" u join shown on u."id" = shown.parent_id where u."is_deleted" = 0)
       select ${cols(menu, s)} from "blade_menu" t where t."id" in (select id from shown) order by t."sort", t."id"`,
      p.values,
    );
  };

  /** The `topMenuId` asked for: none, one of the caller's own tenant, or 'foreign' (which shows nothing). */
  const topMenuOf = async (req: FastifyRequest, s: Scope): Promise<string | null | 'foreign'> => {
    const raw = (req.query as Record<string, unknown>).topMenuId;
    if (raw === undefined || raw === '' || raw === '0') return null;
    const id = idParam(raw, 'topMenuId');
    const top = await findOne(db, topMenu, withoutDataScope(s), { id });
    return top && top.tenantId === s.caller.tenantId ? id : 'foreign';
  };

  app.get(`${base}/routes`, { config: { auth: 'signed-in' }, schema: { tags, summary: '当前用户的路由菜单' } }, async (req) => {
    const s = scopeOf(req, auth);
    const top = await topMenuOf(req, s);
    return ok(top === 'foreign' ? [] : mergeForest(await routesOf(s, top)));
  });

  // The same menus as a tree of nodes (id, title, key, value, children): the shell's menu search.
  app.get(`${base}/getMenuTree`, { config: { auth: 'signed-in' }, schema: { tags, summary: '当前用户的菜单树' } }, async (req) => {
    const s = scopeOf(req, auth);
    const top = await topMenuOf(req, s);
    return ok(top === 'foreign' ? [] : nodeForest(menu, await routesOf(s, top)));
  });

  app.get(`${base}/buttons`, { config: { auth: 'signed-in' }, schema: { tags, summary: '当前用户的按钮' } }, async (req) => {
    const s = scopeOf(req, auth);
    const p = new Params();
    const buttons = await db.query(
      `select ${cols(menu, s)} from "blade_menu" t where t."is_deleted" = 0 and t."category" = ${BUTTON} and ${grantedMenuSql(s.caller, p, 't')}
        order by t."sort", t."id"`,
      p.values,
    );
    const parentIds = [...new Set(buttons.map((b) => String(b.parentId)))];
    const parents = parentIds.length
      ? await db.query(`select ${cols(menu, s)} from "blade_menu" t where t."id" = any($1::bigint[]) order by t."sort", t."id"`, [
          parentIds,
        ])
      : [];
    return ok(parents.map((m) => ({ ...m, hasChildren: true, children: buttons.filter((b) => String(b.parentId) === String(m.id)) })));
  });

  app.get(`${base}/top-menu`, { config: { auth: 'signed-in' }, schema: { tags, summary: '当前用户的顶部菜单' } }, async (req) => {
    const s = scopeOf(req, auth);
    const p = new Params();
    const mine = [`t."tenant_id" = ${p.add(s.caller.tenantId)}`, grantedScopeSql(s.caller, p, TOP_MENU, 't')];
    // The grant decides which top menus one sees, not the data scope.
    return ok(await rows(db, topMenu, withoutDataScope(s), { ...listQuery(topMenu, {}), size: 1000 }, mine, p));
  });

  // Menus only (buttons left out): the parent picker of the menu form.
  app.get(`${base}/tree`, { config: { auth: { perm: 'menu_view' } }, schema: { tags, summary: '菜单树' } }, async (req) => {
    const s = scopeOf(req, auth);
    return ok(nodeForest(menu, await rows(db, menu, s, { ...listQuery(menu, {}), size: 5000 }, [`t."category" = ${MENU}`])));
  });

  // The grant dialog: the menus and scopes the caller may hand out (everything for the platform tenant).
  app.get(`${base}/grant-tree`, { config: { auth: { perm: 'role_grant' } }, schema: { tags, summary: '授权树' } }, async (req) => {
    const s = scopeOf(req, auth);
    const p = new Params();
    const menus = await rows(db, menu, s, { ...listQuery(menu, {}), size: 5000 }, [grantedMenuSql(s.caller, p, 't')], p);
    return ok({
      menu: nodeForest(menu, menus),
      dataScope: await scopeTree(s, dataScope, DATA_SCOPE),
      apiScope: await scopeTree(s, apiScope, API_SCOPE),
    });
  });

  const scopeTree = async (s: Scope, r: typeof dataScope, category: number): Promise<TreeNode[]> => {
    const p = new Params();
    const scopes = await rows(db, r, s, { ...listQuery(r, {}), size: 5000 }, [grantedScopeSql(s.caller, p, category, 't')], p);
    const owners = [...new Set(scopes.map((x) => String(x.menuId)))];
    const mp = new Params();
    const menus = owners.length
      ? await rows(db, menu, s, { ...listQuery(menu, {}), size: 5000 }, [`t."id" = any(${mp.add(owners)}::bigint[])`], mp)
      : [];
    const leaves = scopes.map((x) => ({
      id: String(x.id),
      parentId: String(x.menuId),
      title: String(x.scopeName),
      key: String(x.id),
      value: String(x.id),
      hasChildren: false,
    }));
    return mergeForest([...menus.map((m) => ({ ...nodeForest(menu, [m])[0], parentId: '0' })), ...leaves]);
  };

  // What roles hold now (the grant dialog's checked keys); the roles must be ones the caller sees.
  app.get(
    `${base}/role-tree-keys`,
    { config: { auth: { perm: 'role_grant' } }, schema: { tags, summary: '角色已授权的键' } },
    async (req) => {
      const s = scopeOf(req, auth);
      const roleIds = idList(req, 'roleIds') ?? [];
      const p = new Params();
      const seen = roleIds.length
        ? await rows(db, role, s, { ...listQuery(role, {}), size: 1000 }, [`t."id" = any(${p.add(roleIds)}::bigint[])`], p)
        : [];
      if (seen.length !== roleIds.length) throw notFound();
      const [menus, scopes] = await Promise.all([
        db.query<{ id: string }>('select distinct menu_id::text as id from blade_role_menu where role_id = any($1::bigint[])', [roleIds]),
        db.query<{ id: string; c: number }>(
          'select distinct scope_id::text as id, scope_category as c from blade_role_scope where role_id = any($1::bigint[])',
          [roleIds],
        ),
      ]);
      const of = (c: number) => scopes.filter((x) => x.c === c).map((x) => x.id);
      return ok({ menu: menus.map((m) => m.id), dataScope: of(DATA_SCOPE), apiScope: of(API_SCOPE), topMenu: of(TOP_MENU) });
    },
  );

  app.get(
    `${base}/grant-top-tree`,
    { config: { auth: { perm: 'top-menu_grant' } }, schema: { tags, summary: '顶部菜单授权树' } },
    async (req) => {
      const s = scopeOf(req, auth);
      return ok({ menu: nodeForest(menu, await rows(db, menu, s, { ...listQuery(menu, {}), size: 5000 }, [`t."category" = ${MENU}`])) });
    },
  );

  app.get(
    `${base}/top-tree-keys`,
    { config: { auth: { perm: 'top-menu_grant' } }, schema: { tags, summary: '顶部菜单已配置的键' } },
    async (req) => {
      const s = scopeOf(req, auth);
      const ids = idList(req, 'topMenuIds') ?? [];
      const p = new Params();
      const seen = ids.length
        ? await rows(db, topMenu, s, { ...listQuery(topMenu, {}), size: 1000 }, [`t."id" = any(${p.add(ids)}::bigint[])`], p)
        : [];
      if (seen.length !== ids.length) throw notFound();
      const menus = await db.query<{ id: string }>(
        'select distinct menu_id::text as id from blade_top_menu_setting where top_menu_id = any($1::bigint[])',
        [ids],
      );
      return ok({ menu: menus.map((m) => m.id) });
    },
  );
}
