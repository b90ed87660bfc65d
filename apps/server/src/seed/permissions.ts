import type { Queryable } from '@civdesk/db';
import { buttonsOf, grantedButtons, type MenuGroup, type Resource, type Screen } from '@civdesk/meta';
import { apiScope, dataScope, screens as declaredScreens, menu, registry, systemGroup, topGroupOf, topMenu } from '@civdesk/resources';
import { type Scope, systemCaller } from '../core/caller.ts';
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
  /** The declared screens they were seeded from. */
  screens: readonly Screen[];
};

/** The planned menus, with the system group always there: the deploy sign-in's button hangs under it. */
const plan = (resources: readonly Resource[], screens: readonly Screen[] = declaredScreens) => menuPlan(resources, [systemGroup], screens);

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
  screens: readonly Screen[] = declaredScreens,
): Promise<SeededMenus & { added: Set<string> }> {
  const ids = new Map<string, string>();
  const added = new Set<string>();
  const rows = await t.query<{ code: string; id: string; parent: string }>(
    'select code, id::text as id, parent_id::text as parent from blade_menu order by is_deleted desc, id desc',
  );
  // Deleted menus count as known (what an administrator removed is not brought back); a live row wins.
  const known = new Map(rows.map((m) => [m.code, m.id] as const));
  const parentOf = new Map(rows.map((m) => [m.code, m.parent] as const));
  const put = async (v: Record<string, unknown>) => {
    const code = String(v.code);
    const id = known.get(code) ?? String((await insert(t, menu, s, v)).id);
    if (!known.has(code)) added.add(id);
    ids.set(code, id);
    return id;
  };
  const { groups, menus } = plan(resources, screens);
  const groupCodes = new Set(groups.map((g) => g.code));
  const dataScopes = new Map<string, Map<number, string>>();
  for (const { parent, resource: r, screen, ...m } of menus) {
    const parentId = parent === null ? '0' : (ids.get(parent) as string);
    const menuId = await put({ ...m, parentId });
    // A screen the product moved to another of its groups follows on upgrade; one an administrator
    // put under a menu of their own stays there.
    const was = parentOf.get(m.code);
    if (r && !added.has(menuId) && was !== parentId && [...groupCodes].some((g) => ids.get(g) === was)) {
      await t.query('update blade_menu set parent_id = $1, sort = $2 where id = $3', [parentId, m.sort, menuId]);
    }
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
    if (screen?.api && added.has(menuId)) {
      await insert(t, apiScope, s, {
        menuId,
        resourceCode: `${screen.name}_api`,
        scopeName: `${screen.label.zh}全部接口`,
        scopePath: `${screen.api}/**`,
        scopeType: 1,
      });
    }
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
  return { ids, groupIds, dataScopes, resources, screens, added };
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
  // A new group shown under an existing top menu (权限管理 under 系统管理) is bound to that top menu of every tenant;
  // a new group of its own (流程管理) gets its top menu in every tenant that has top menus, shown to
  // the built-in roles that now hold a screen under it.
  for (const g of plan(resources).groups) {
    const top = topGroupOf(g);
    const groupId = m.groupIds.get(g.code);
    if (!groupId || !m.added.has(groupId)) continue;
    if (top === g) {
      await addTopMenu(
        t,
        s,
        g,
        groupId,
        builtIn.filter((r) => roleMenus(m, r.alias).includes(groupId)),
      );
      continue;
    }
    const tops = await t.query<{ id: string }>('select id::text as id from blade_top_menu where code = $1 and is_deleted = 0', [top.code]);
    for (const { id } of tops) {
      await t.query('insert into blade_top_menu_setting (id, top_menu_id, menu_id) values ($1, $2, $3)', [newId(), id, groupId]);
    }
  }
  return m.added.size;
}

/** A new top-level group's top menu in each tenant that has top menus, granted to the given roles of that tenant. */
async function addTopMenu(t: Queryable, s: Scope, g: MenuGroup, groupId: string, roles: { id: string }[]) {
  const tenants = await t.query<{ tenantId: string }>(
    'select distinct tenant_id as "tenantId" from blade_top_menu where code = $1 and is_deleted = 0 and not exists (select 1 from blade_top_menu x where x.code = $2 and x.tenant_id = blade_top_menu.tenant_id and x.is_deleted = 0)',
    [systemGroup.code, g.code],
  );
  for (const { tenantId } of tenants) {
    const top = await insert(
      t,
      topMenu,
      { ...s, caller: systemCaller(tenantId) },
      { code: g.code, name: g.label.zh, source: g.icon, sort: g.order },
    );
    await t.query('insert into blade_top_menu_setting (id, top_menu_id, menu_id) values ($1, $2, $3)', [newId(), top.id, groupId]);
    const mine = await t.query<{ id: string }>('select id::text as id from blade_role where tenant_id = $1 and id = any($2::bigint[])', [
      tenantId,
      roles.map((r) => r.id),
    ]);
    for (const r of mine) await grantRole(t, r.id, [], [{ category: TOP_MENU, ids: [String(top.id)] }]);
  }
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
 * only what casework needs (`CASEWORKER_READS`), never logs, audits or integration settings; none holds platform configuration.
 */
export function roleMenus(m: SeededMenus, kind: 'admin' | 'caseworker' | 'auditor'): string[] {
  const codes: string[] = [];
  for (const r of m.resources) {
    if (!r.menu) continue;
    const buttons = buttonsOf(r);
    const view = buttons.filter((b) => b.action === 'view');
    const granted: typeof buttons =
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
    // Platform configuration is the platform administrator's (who holds every grant) alone; a group
    // only with a screen in it (an empty group would be an entry leading nowhere).
    if (granted.length && !r.platformOnly) codes.push(r.menu.group.code, r.name, ...granted.map((b) => b.code));
  }
  for (const s of m.screens) {
    const granted = grantedButtons(s, kind);
    if (granted) codes.push(s.menu.group.code, s.name, ...granted.map((b) => b.code));
  }
  return [...new Set(codes)].map((c) => m.ids.get(c)).filter((x): x is string => Boolean(x));
}

/**
 * Data scopes of the demo roles: case workers see the departments and users of their department and
 * below (the business records of later modules get the same rule); the others see their whole tenant.
 */
export function roleDataScopes(m: SeededMenus, kind: 'admin' | 'caseworker' | 'auditor'): { category: number; ids: string[] }[] {
  if (kind !== 'caseworker') return [];
  return [{ category: DATA_SCOPE, ids: ['dept', 'user'].map((r) => m.dataScopes.get(r)?.get(SCOPE_DEPT_TREE) as string) }];
}

/**
 * A tenant's top menus, one per top group (系统管理 opens the console's five groups), bound to its
 * groups' menus and granted to the given roles (`menus`: the menu ids a role holds; absent: all).
 */
export async function seedTopMenu(t: Queryable, s: Scope, m: SeededMenus, roles: { id: string; menus?: readonly string[] }[]) {
  const groups = plan(registry).groups;
  for (const g of groups.filter((x) => topGroupOf(x) === x)) {
    const top = await insert(t, topMenu, s, { code: g.code, name: g.label.zh, source: g.icon, sort: g.order });
    const shownIds: string[] = [];
    for (const shown of groups.filter((x) => topGroupOf(x) === g)) {
      const menuId = m.groupIds.get(shown.code) as string;
      shownIds.push(menuId);
      await t.query('insert into blade_top_menu_setting (id, top_menu_id, menu_id) values ($1, $2, $3)', [newId(), top.id, menuId]);
    }
    // A role sees a top menu only when it holds a screen under it (no entry leading to an empty menu).
    for (const role of roles) {
      if (role.menus && !shownIds.some((id) => role.menus?.includes(id))) continue;
      await grantRole(t, role.id, [], [{ category: TOP_MENU, ids: [String(top.id)] }]);
    }
  }
}
