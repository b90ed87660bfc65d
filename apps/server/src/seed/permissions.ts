import type { Queryable } from '@civdesk/db';
import { buttonsOf, type Resource } from '@civdesk/meta';
import { apiScope, dataScope, menu, registry, systemGroup, topMenu } from '@civdesk/resources';
import type { Scope } from '../core/caller.ts';
import { DATA_SCOPE, TOP_MENU } from '../core/grant-store.ts';
import { SCOPE_ALL, SCOPE_DEPT, SCOPE_DEPT_TREE, SCOPE_OWN } from '../crud/data-scope.ts';
import { newId } from '../crud/ids.ts';
import { insert } from '../crud/repository.ts';
import { DEPLOY_PERM } from '../modules/auth/session.routes.ts';
import { menuPlan } from './menu-plan.ts';

export type SeededMenus = {
  /** Menu and button code → id. */
  ids: Map<string, string>;
  /** The groups' top-level menus: group code → id. */
  groupIds: Map<string, string>;
  /** Resource name → data-scope type → scope id. */
  dataScopes: Map<string, Map<number, string>>;
  /** The resources they were seeded from (the registry; tests add their own). */
  resources: readonly Resource[];
};

/** The planned menus, with the system group always there: the deploy sign-in's button hangs under it. */
const plan = (resources: readonly Resource[]) => menuPlan(resources, [systemGroup]);

/**
 * The menu tree, derived from the registry (`menuPlan`: groups, screens, buttons), plus data scopes
 * for every tenant resource (all, own, own department, own department and children) and an API
 * scope opening all of its calls.
 *
 * Idempotent: menus are matched by code, and only what is missing is added (with its scopes), so
 * the same call seeds a fresh database and, on every later start, adds the groups, screens and
 * buttons an upgrade brought. `added` holds the ids of the menus it created.
 */
export async function seedMenus(
  t: Queryable,
  s: Scope,
  resources: readonly Resource[] = registry,
): Promise<SeededMenus & { added: Set<string> }> {
  const ids = new Map<string, string>();
  const added = new Set<string>();
  const known = new Map(
    // Deleted menus count as known (what an administrator removed is not brought back); a live row wins.
    (await t.query<{ code: string; id: string }>('select code, id::text as id from blade_menu order by is_deleted desc, id desc')).map(
      (m) => [m.code, m.id] as const,
    ),
  );
  const put = async (v: Record<string, unknown>) => {
    const code = String(v.code);
    const id = known.get(code) ?? String((await insert(t, menu, s, v)).id);
    if (!known.has(code)) added.add(id);
    ids.set(code, id);
    return id;
  };
  const { groups, menus } = plan(resources);
  const dataScopes = new Map<string, Map<number, string>>();
  for (const { parent, resource: r, ...m } of menus) {
    const menuId = await put({ ...m, parentId: parent === null ? '0' : ids.get(parent) });
    if (m.code === systemGroup.code) {
      await put({
        parentId: menuId,
        code: DEPLOY_PERM,
        name: '运维登录',
        alias: 'deploy',
        path: '/deploy',
        sort: 99,
        category: 2,
        action: 0,
      });
    }
    // Scopes come with a new screen; an existing one keeps the scopes administrators gave it.
    if (!r || !added.has(menuId)) continue;
    await insert(t, apiScope, s, {
      menuId,
      resourceCode: `${r.name}_api`,
      scopeName: `${r.label.zh}全部接口`,
      scopePath: `${r.api}/**`,
      scopeType: 1,
    });
    if (!r.tenant) continue;
    const byType = new Map<number, string>();
    for (const [type, name] of [
      [SCOPE_ALL, '全部可见'],
      [SCOPE_OWN, '本人可见'],
      [SCOPE_DEPT, '所在机构可见'],
      [SCOPE_DEPT_TREE, '所在机构及子级可见'],
    ] as const) {
      const row = await insert(t, dataScope, s, {
        menuId,
        resourceCode: r.name,
        scopeName: `${r.label.zh}${name}`,
        scopeType: type,
        scopeField: '*',
      });
      byType.set(type, String(row.id));
    }
    dataScopes.set(r.name, byType);
  }
  const groupIds = new Map(groups.map((g) => [g.code, ids.get(g.code) as string]));
  return { ids, groupIds, dataScopes, resources, added };
}

/**
 * After an upgrade: adds the groups, menus and buttons the registry has and the database lacks, and grants
 * them to the built-in roles (`is_system` 1: admin, caseworker, auditor of each tenant) as a fresh
 * install would; roles administrators made get them by grant. Returns how many menus it added.
 */
export async function syncMenus(t: Queryable, s: Scope, resources: readonly Resource[] = registry): Promise<number> {
  const m = await seedMenus(t, s, resources);
  if (!m.added.size) return 0;
  const builtIn = await t.query<{ id: string; alias: 'admin' | 'caseworker' | 'auditor' }>(
    "select id::text as id, role_alias as alias from blade_role where is_system = 1 and is_deleted = 0 and role_alias in ('admin', 'caseworker', 'auditor')",
  );
  for (const role of builtIn) {
    const fresh = roleMenus(m, role.alias).filter((id) => m.added.has(id));
    await grantRole(t, role.id, fresh);
  }
  return m.added.size;
}

/** Grants menus (by code) and scopes to a role, as `role/grant` would. */
export async function grantRole(t: Queryable, roleId: string, menuIds: string[], scopes: { category: number; ids: string[] }[] = []) {
  if (menuIds.length) {
    await t.query('insert into blade_role_menu (id, role_id, menu_id) select * from unnest($1::bigint[], $2::bigint[], $3::bigint[])', [
      menuIds.map(() => newId()),
      menuIds.map(() => roleId),
      menuIds,
    ]);
  }
  for (const { category, ids } of scopes) {
    if (!ids.length) continue;
    await t.query(
      'insert into blade_role_scope (id, role_id, scope_id, scope_category) select *, $4::int from unnest($1::bigint[], $2::bigint[], $3::bigint[])',
      [ids.map(() => newId()), ids.map(() => roleId), ids, category],
    );
  }
}

/** What a case worker reads to do casework: the organisation (who is who), reference data, notices. */
export const CASEWORKER_READS: ReadonlySet<string> = new Set(['dept', 'user', 'post', 'dict', 'dict-biz', 'region', 'notice']);

/** Screens whose decisions are the auditor's, not the administrator's whose actions they review. */
export const AUDITED: ReadonlySet<string> = new Set(['user-oper-log']);

/**
 * What the built-in roles hold (menu ids), written down in docs/roles.md: tenant administrators
 * manage their tenant's data and read the shared data, but do not audit their own changes to
 * users; auditors read everything and pass or reject the user-operation audit; case workers read
 * only what casework needs (`CASEWORKER_READS`), never logs, audits or integration settings.
 */
export function roleMenus(m: SeededMenus, kind: 'admin' | 'caseworker' | 'auditor'): string[] {
  const codes = [...m.groupIds.keys()];
  for (const r of m.resources) {
    if (!r.menu) continue;
    const buttons = buttonsOf(r);
    const view = buttons.filter((b) => b.action === 'view');
    const granted =
      kind === 'admin'
        ? r.tenant
          ? buttons.filter((b) => !(AUDITED.has(r.name) && b.action !== 'view'))
          : view
        : kind === 'auditor'
          ? AUDITED.has(r.name)
            ? buttons
            : view
          : CASEWORKER_READS.has(r.name)
            ? view
            : [];
    if (granted.length) codes.push(r.name, ...granted.map((b) => b.code));
  }
  return codes.map((c) => m.ids.get(c)).filter((x): x is string => Boolean(x));
}

/**
 * Data scopes of the demo roles: case workers see the departments and users of their department and
 * below (the business records of later modules get the same rule); the others see their whole tenant.
 */
export function roleDataScopes(m: SeededMenus, kind: 'admin' | 'caseworker' | 'auditor'): { category: number; ids: string[] }[] {
  if (kind !== 'caseworker') return [];
  return [{ category: DATA_SCOPE, ids: ['dept', 'user'].map((r) => m.dataScopes.get(r)?.get(SCOPE_DEPT_TREE) as string) }];
}

/** A tenant's top menus, one per menu group ("系统管理"), bound to the group's menus and granted to the given roles. */
export async function seedTopMenu(t: Queryable, s: Scope, m: SeededMenus, roleIds: string[]) {
  for (const g of plan(registry).groups) {
    const top = await insert(t, topMenu, s, { code: g.code, name: g.label.zh, source: g.icon, sort: g.order });
    await t.query('insert into blade_top_menu_setting (id, top_menu_id, menu_id) values ($1, $2, $3)', [
      newId(),
      top.id,
      m.groupIds.get(g.code),
    ]);
    for (const roleId of roleIds) await grantRole(t, roleId, [], [{ category: TOP_MENU, ids: [String(top.id)] }]);
  }
}
