import type { Queryable, Row } from '@civdesk/db';
import type { Resource } from '@civdesk/meta';
import { apiScope, dataScope, role, topMenu } from '@civdesk/resources';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SCOPE_ALL } from '../../crud/data-scope.ts';
import { newId } from '../../crud/ids.ts';
import { rows } from '../../crud/repository.ts';
import { listQuery } from '../../crud/routes.ts';
import type { Scope } from '../../crud/scope.ts';
import { Params } from '../../crud/sql.ts';
import { type AuthServices, callerOf } from '../../plugins/auth.ts';
import { badRequest, forbidden, notFound, ok } from '../../plugins/envelope.ts';
import { audit } from '../auth/audit.ts';
import { ADMINISTRATOR } from './grant-store.ts';
import { idList } from './id-lists.ts';
import { API_SCOPE, DATA_SCOPE, grantedMenuSql, grantedScopeSql, TOP_MENU } from './menu.routes.ts';

const scopeOf = (req: FastifyRequest, auth: AuthServices): Scope => ({ caller: callerOf(req), tz: auth.config.timeZone });

/** Rows of a resource by id through the engine (tenant filter, data scope, live rows), plus extra conditions. */
async function visible(q: Queryable, r: Resource, s: Scope, ids: string[], extra: (p: Params) => string[] = () => []): Promise<Row[]> {
  if (!ids.length) return [];
  const p = new Params();
  return rows(q, r, s, { ...listQuery(r, {}), size: 5000 }, [`t."id" = any(${p.add(ids)}::bigint[])`, ...extra(p)], p);
}

/** Inserts join rows (a, b) for every pair. */
async function insertPairs(q: Queryable, sql: string, pairs: [string, string][], fixed: unknown[] = []) {
  for (let i = 0; i < pairs.length; i += 500) {
    const chunk = pairs.slice(i, i + 500);
    await q.query(sql, [chunk.map(() => newId()), chunk.map((x) => x[0]), chunk.map((x) => x[1]), ...fixed]);
  }
}

/**
 * Role grants (contract §5) and top-menu settings. A grant replaces what the roles held and trims
 * their descendant roles to it. Nobody hands out more than they hold, touches the roles they hold
 * themselves, or (outside the platform tenant) the administrator and admin roles.
 */
export function registerGrantRoutes(app: FastifyInstance, auth: AuthServices) {
  const { db, grants } = auth;

  app.post(
    `${role.api}/grant`,
    { config: { auth: { perm: 'role_grant' } }, schema: { tags: [role.label.en], summary: '角色授权' } },
    async (req) => {
      const s = scopeOf(req, auth);
      const c = s.caller;
      const roleIds = idList(req, 'roleIds') ?? [];
      if (!roleIds.length) throw badRequest('请选择角色');
      const menuIds = idList(req, 'menuIds') ?? [];
      const dataIds = idList(req, 'dataScopeIds') ?? [];
      const apiIds = idList(req, 'apiScopeIds') ?? [];
      const topIds = idList(req, 'topMenuIds');
      const roles = await visible(db, role, s, roleIds);
      if (roles.length !== roleIds.length) throw notFound('角色不存在或已被删除');
      const tenantIds = new Set(roles.map((r) => String(r.tenantId)));
      if (tenantIds.size !== 1) throw badRequest('只能同时授权同一租户的角色');
      const tenantId = [...tenantIds][0];
      if (!c.platformAdmin) {
        if (roles.some((r) => r.roleAlias === ADMINISTRATOR)) throw forbidden('无权配置超管角色!');
        if (roles.some((r) => r.roleAlias === 'admin')) throw forbidden('无权配置管理员角色!');
        if (roles.some((r) => c.roleIds.includes(String(r.id)))) throw forbidden('无权修改自己所属角色的权限');
      }
      // Everything granted must exist and, below the platform administrator, be held by the caller.
      const checks: [string, string[], () => Promise<number>][] = [
        [
          '菜单',
          menuIds,
          async () => {
            const p = new Params();
            const found = await db.query(
              `select 1 from blade_menu m where m.id = any(${p.add(menuIds)}::bigint[]) and m.is_deleted = 0 and ${grantedMenuSql(c, p)}`,
              p.values,
            );
            return found.length;
          },
        ],
        [
          '数据权限',
          dataIds,
          async () => {
            // A data scope narrows what a role sees: one may hand out any scope on a resource one sees
            // whole, and on others only the scopes one holds.
            const found = await visible(db, dataScope, s, dataIds);
            const held = new Set(
              (await visible(db, dataScope, s, dataIds, (p) => [grantedScopeSql(c, p, DATA_SCOPE, 't')])).map((x) => x.id),
            );
            const whole = (code: string) => {
              const rules = c.grants.dataScopes.get(code);
              return !rules?.length || rules.some((x) => x.type === SCOPE_ALL);
            };
            return found.filter((x) => held.has(x.id) || whole(String(x.resourceCode))).length;
          },
        ],
        ['接口权限', apiIds, async () => (await visible(db, apiScope, s, apiIds, (p) => [grantedScopeSql(c, p, API_SCOPE, 't')])).length],
        [
          '顶部菜单',
          topIds ?? [],
          async () => (await visible(db, topMenu, s, topIds ?? [], (p) => [`t."tenant_id" = ${p.add(tenantId)}`])).length,
        ],
      ];
      for (const [what, ids, count] of checks) {
        if (ids.length && (await count()) !== ids.length) throw forbidden(`${what}不存在或无权授予`);
      }
      await db.tx(async (q) => {
        await q.query('delete from blade_role_menu where role_id = any($1::bigint[])', [roleIds]);
        await insertPairs(
          q,
          'insert into blade_role_menu (id, role_id, menu_id) select * from unnest($1::bigint[], $2::bigint[], $3::bigint[])',
          roleIds.flatMap((r) => menuIds.map((m): [string, string] => [r, m])),
        );
        const categories = topIds === undefined ? [DATA_SCOPE, API_SCOPE] : [DATA_SCOPE, API_SCOPE, TOP_MENU];
        await q.query('delete from blade_role_scope where role_id = any($1::bigint[]) and scope_category = any($2::int[])', [
          roleIds,
          categories,
        ]);
        for (const [category, ids] of [
          [DATA_SCOPE, dataIds],
          [API_SCOPE, apiIds],
          [TOP_MENU, topIds ?? []],
        ] as const) {
          await insertPairs(
            q,
            'insert into blade_role_scope (id, role_id, scope_id, scope_category) select *, $4::int from unnest($1::bigint[], $2::bigint[], $3::bigint[])',
            roleIds.flatMap((r) => ids.map((x): [string, string] => [r, x])),
            [category],
          );
        }
        await trimDescendants(q, roleIds, tenantId);
      });
      grants.forget();
      await audit(db, req, {
        event: 'grant',
        ok: true,
        tenantId,
        account: c.account,
        userId: c.userId,
        message:
          `角色 ${roles.map((r) => r.roleName).join(',')}: 菜单${menuIds.length} 数据权限${dataIds.length} 接口权限${apiIds.length}${topIds ? ` 顶部菜单${topIds.length}` : ''}`.slice(
            0,
            500,
          ),
      });
      return ok(true, '操作成功');
    },
  );

  // Binds menus to top menus (each top menu's set is replaced).
  app.post(
    `${topMenu.api}/grant`,
    { config: { auth: { perm: 'top-menu_grant' } }, schema: { tags: [topMenu.label.en], summary: '顶部菜单配置' } },
    async (req) => {
      const s = scopeOf(req, auth);
      const topIds = idList(req, 'topMenuIds') ?? [];
      const menuIds = idList(req, 'menuIds') ?? [];
      if (!topIds.length) throw badRequest('请选择顶部菜单');
      const tops = await visible(db, topMenu, s, topIds);
      if (tops.length !== topIds.length) throw notFound('顶部菜单不存在或已被删除');
      const found = menuIds.length
        ? await db.query('select 1 from blade_menu where id = any($1::bigint[]) and is_deleted = 0', [menuIds])
        : [];
      if (found.length !== menuIds.length) throw badRequest('菜单不存在');
      await db.tx(async (q) => {
        await q.query('delete from blade_top_menu_setting where top_menu_id = any($1::bigint[])', [topIds]);
        await insertPairs(
          q,
          'insert into blade_top_menu_setting (id, top_menu_id, menu_id) select * from unnest($1::bigint[], $2::bigint[], $3::bigint[])',
          topIds.flatMap((t) => menuIds.map((m): [string, string] => [t, m])),
        );
      });
      await audit(db, req, {
        event: 'grant',
        ok: true,
        tenantId: String(tops[0].tenantId),
        account: s.caller.account,
        userId: s.caller.userId,
        message: `顶部菜单 ${tops.map((t) => t.name).join(',')}: 菜单${menuIds.length}`.slice(0, 500),
      });
      return ok(true, '操作成功');
    },
  );
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
      `select id::text, parent_id::text as parent from blade_role where parent_id = any($1::bigint[]) and tenant_id = $2 and is_deleted = 0`,
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
