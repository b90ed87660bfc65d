import type { Queryable, Row } from '@civdesk/db';
import { apiScope, dataScope, menu, role, topMenu } from '@civdesk/resources';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Done } from '../../core/answers.ts';
import type { Scope } from '../../core/caller.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, forbidden, notFound, ok } from '../../core/envelope.ts';
import { ADMINISTRATOR, API_SCOPE, DATA_SCOPE, TOP_MENU } from '../../core/grant-store.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { SCOPE_ALL } from '../../crud/data-scope.ts';
import { Params } from '../../crud/sql.ts';
import { audit } from '../../modules/auth/audit.ts';
import { grantIds, insertPairs, pairsOf, visible } from '../../modules/permission/grant-rows.ts';
import { grantedMenuSql, grantedScopeSql } from '../../modules/permission/granted.ts';

const M = sqlOf(menu, 'm');
const R = sqlOf(role);
const TM = sqlOf(topMenu, 't');

const GrantParams = z.object({
  roleIds: grantIds,
  menuIds: grantIds,
  dataScopeIds: grantIds,
  apiScopeIds: grantIds,
  topMenuIds: grantIds,
});
type Grant = { roleIds: string[]; menuIds: string[]; dataIds: string[]; apiIds: string[]; topIds?: string[] };

/** The roles must be seen by the caller and of one tenant; below the platform administrator, not the caller's own nor an administrator role. */
async function grantableRoles(ctx: AppContext, s: Scope, roleIds: string[]): Promise<{ roles: Row[]; tenantId: string }> {
  const c = s.caller;
  const roles = await visible(ctx.db, role, s, roleIds);
  if (roles.length !== roleIds.length) throw notFound('角色不存在或已被删除');
  const tenantIds = new Set(roles.map((r) => String(r.tenantId)));
  if (tenantIds.size !== 1) throw badRequest('只能同时授权同一租户的角色');
  if (!c.platformAdmin) {
    if (roles.some((r) => r.roleAlias === ADMINISTRATOR)) throw forbidden('无权配置超管角色!');
    if (roles.some((r) => r.roleAlias === 'admin')) throw forbidden('无权配置管理员角色！');
    if (roles.some((r) => c.roleIds.includes(String(r.id)))) throw forbidden('无权修改自己所属角色的权限');
  }
  return { roles, tenantId: [...tenantIds][0] };
}

/** Everything granted must exist and, below the platform administrator, be held by the caller. */
async function assertGrantable(ctx: AppContext, s: Scope, g: Grant, tenantId: string) {
  const c = s.caller;
  const { db } = ctx;
  const menus = async () => {
    const p = new Params();
    const found = await db.query(
      `select 1 from ${M.table} where ${M.c.id} = any(${p.add(g.menuIds)}::bigint[]) and ${M.live()} and ${grantedMenuSql(c, p)}`,
      p.values,
    );
    return found.length;
  };
  // A data scope narrows what a role sees: one may hand out any scope on a resource one sees
  // whole, and on others only the scopes one holds.
  const dataScopes = async () => {
    const found = await visible(db, dataScope, s, g.dataIds);
    const held = new Set((await visible(db, dataScope, s, g.dataIds, (p) => [grantedScopeSql(c, p, DATA_SCOPE, 't')])).map((x) => x.id));
    const whole = (code: string) => {
      const rules = c.grants.dataScopes.get(code);
      return !rules?.length || rules.some((x) => x.type === SCOPE_ALL);
    };
    return found.filter((x) => held.has(x.id) || whole(String(x.resourceCode))).length;
  };
  const apiScopes = async () => (await visible(db, apiScope, s, g.apiIds, (p) => [grantedScopeSql(c, p, API_SCOPE, 't')])).length;
  const topMenus = async () => (await visible(db, topMenu, s, g.topIds ?? [], (p) => [TM.tenant(p.add(tenantId))])).length;
  const checks: [string, string[], () => Promise<number>][] = [
    ['菜单', g.menuIds, menus],
    ['数据权限', g.dataIds, dataScopes],
    ['接口权限', g.apiIds, apiScopes],
    ['顶部菜单', g.topIds ?? [], topMenus],
  ];
  for (const [what, ids, count] of checks) {
    if (ids.length && (await count()) !== ids.length) throw forbidden(`${what}不存在或无权授予`);
  }
}

/** Replaces what the roles hold (top menus only when they were sent), then trims their descendants. */
async function replaceGrants(q: Queryable, g: Grant, tenantId: string) {
  await q.query('delete from blade_role_menu where role_id = any($1::bigint[])', [g.roleIds]);
  await insertPairs(
    q,
    'insert into blade_role_menu (id, role_id, menu_id) select * from unnest($1::bigint[], $2::bigint[], $3::bigint[])',
    pairsOf(g.roleIds, g.menuIds),
  );
  const categories = g.topIds === undefined ? [DATA_SCOPE, API_SCOPE] : [DATA_SCOPE, API_SCOPE, TOP_MENU];
  await q.query('delete from blade_role_scope where role_id = any($1::bigint[]) and scope_category = any($2::int[])', [
    g.roleIds,
    categories,
  ]);
  for (const [category, ids] of [
    [DATA_SCOPE, g.dataIds],
    [API_SCOPE, g.apiIds],
    [TOP_MENU, g.topIds ?? []],
  ] as const) {
    await insertPairs(
      q,
      'insert into blade_role_scope (id, role_id, scope_id, scope_category) select *, $4::int from unnest($1::bigint[], $2::bigint[], $3::bigint[])',
      pairsOf(g.roleIds, ids),
      [category],
    );
  }
  await trimDescendants(q, g.roleIds, tenantId);
}

/**
 * A child role never holds more than its parent: walking down from the granted roles, each
 * descendant loses the menus and scopes its parent no longer has.
 */
async function trimDescendants(q: Queryable, roleIds: string[], tenantId: string) {
  let parents = roleIds;
  const seen = new Set(roleIds);
  while (parents.length) {
    const children = await q.query<{ id: string; parent: string }>(
      `select ${R.c.id}::text as id, ${R.c.parentId}::text as parent from ${R.table} where ${R.c.parentId} = any($1::bigint[]) and ${R.live('$2')}`,
      [parents, tenantId],
    );
    const next = children.filter((ch) => !seen.has(ch.id));
    for (const ch of next) {
      seen.add(ch.id);
      await q.query(
        `delete from blade_role_menu c where c.role_id = $1
           and not exists (select 1 from blade_role_menu p where p.role_id = $2 and p.menu_id = c.menu_id)`,
        [ch.id, ch.parent],
      );
      await q.query(
        `delete from blade_role_scope c where c.role_id = $1
           and not exists (select 1 from blade_role_scope p where p.role_id = $2 and p.scope_category = c.scope_category and p.scope_id = c.scope_id)`,
        [ch.id, ch.parent],
      );
    }
    parents = next.map((ch) => ch.id);
  }
}

/**
 * Role grants: menus, data scopes, API scopes and (when sent) top menus, replacing what the roles
 * held. Nobody hands out more than they hold, touches the roles they hold themselves, or (outside
 * the platform tenant) the administrator and admin roles.
 */
async function grantRoles({ ctx, req, params }: Call<{ params: typeof GrantParams }>) {
  const s = scopeOf(req);
  const c = s.caller;
  const roleIds = params.roleIds ?? [];
  if (!roleIds.length) throw badRequest('请选择角色');
  const g: Grant = {
    roleIds,
    menuIds: params.menuIds ?? [],
    dataIds: params.dataScopeIds ?? [],
    apiIds: params.apiScopeIds ?? [],
    topIds: params.topMenuIds,
  };
  const { roles, tenantId } = await grantableRoles(ctx, s, roleIds);
  await assertGrantable(ctx, s, g, tenantId);
  await ctx.db.tx((q) => replaceGrants(q, g, tenantId));
  ctx.grants.forget();
  const tops = g.topIds ? ` 顶部菜单${g.topIds.length}` : '';
  const names = roles.map((r) => r.roleName).join(',');
  await audit(ctx.db, req, {
    event: 'grant',
    ok: true,
    tenantId,
    account: c.account,
    userId: c.userId,
    message: `角色 ${names}: 菜单${g.menuIds.length} 数据权限${g.dataIds.length} 接口权限${g.apiIds.length}${tops}`.slice(0, 500),
  });
  return ok(true, '操作成功');
}

export function registerRoleGrantRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, [role.label.en]);
  r.post(`${role.api}/grant`, { auth: { perm: 'role_grant' }, summary: '角色授权', params: GrantParams, data: Done }, grantRoles);
}
