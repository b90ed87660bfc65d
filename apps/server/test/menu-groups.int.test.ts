import { defineMenuGroup, defineResource } from '@civdesk/meta';
import { registry } from '@civdesk/resources';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PLATFORM_TENANT, systemCaller } from '../src/core/caller.ts';
import { syncMenus } from '../src/seed/permissions.ts';
import { buildTestApp, type TestApp } from './helpers/build-app.ts';

// A new domain's screens land in their own menu group from their definitions alone: on the next
// start the group's top-level menu and the screens under it are added, granted to the built-in
// roles as a fresh install would, and shown to the user.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const minor = defineMenuGroup({
  code: 'minor',
  label: { zh: '未成年人保护', en: 'Minor protection' },
  icon: 'TeamOutlined',
  path: '/minor',
  order: 5,
});
const warning = defineResource({
  name: 'case-warning',
  table: 'dw_case_warning',
  label: { zh: '预警信息', en: 'Warnings' },
  api: '/api/dw-minor/case-warning',
  tenant: true,
  softDelete: true,
  defaultSort: [],
  fields: { caseName: { type: 'string', label: { zh: '名称', en: 'Name' } } },
  menu: { group: minor, icon: 'AlertOutlined' },
});

type Menu = { id: string; code: string; name: string; path: string; children?: Menu[] };

describe.runIf(inject('dbKind') === 'pglite')('a new menu group', () => {
  it('is added with its screens on the next start, under its own path, and the user sees it', async () => {
    const scope = { tz: 'UTC', caller: systemCaller(PLATFORM_TENANT, '0', '0') };
    const added = await t.db.tx((tx) => syncMenus(tx, scope, [...registry, warning]));
    expect(added).toBe(1 + 1 + 4); // the group, the screen, its view/add/edit/delete buttons

    const rows = await t.db.query<{ code: string; parent: string | null; path: string; source: string | null; sort: number }>(
      `select m.code, p.code as parent, m.path, m.source, m.sort from blade_menu m left join blade_menu p on p.id = m.parent_id
        where m.code in ('minor', 'case-warning', 'case-warning_add') order by m.code`,
    );
    expect(rows).toEqual([
      { code: 'case-warning', parent: 'minor', path: '/minor/case-warning', source: 'AlertOutlined', sort: 1 },
      { code: 'case-warning_add', parent: 'case-warning', path: '/minor/case-warning/add', source: null, sort: 2 },
      { code: 'minor', parent: null, path: '/minor', source: 'TeamOutlined', sort: 5 },
    ]);
    // The tenant administrator's built-in role holds it, so its menu shows the new group.
    const admin = await t.as('admin', '100001');
    const routes = (await t.call(admin, { method: 'GET', url: '/api/blade-system/menu/routes' })).body.data as Menu[];
    const group = routes.find((m) => m.code === 'minor');
    expect(group?.children?.map((c) => [c.code, c.path])).toEqual([['case-warning', '/minor/case-warning']]);
    expect(routes.find((m) => m.code === 'system')?.children?.length).toBeGreaterThan(10);

    // Nothing twice.
    expect(await t.db.tx((tx) => syncMenus(tx, scope, [...registry, warning]))).toBe(0);
  });

  it('on upgrade moves the screens of a database seeded before the console was grouped, and shows the new groups under 系统管理', async () => {
    const scope = { tz: 'UTC', caller: systemCaller(PLATFORM_TENANT, '0', '0') };
    // The database as the previous release left it: 角色管理 and 数据权限 under 系统管理, no 权限管理 group.
    await t.db.query(
      "update blade_menu set parent_id = (select id from blade_menu where code = 'system') where code in ('role', 'data-scope')",
    );
    await t.db.query("delete from blade_top_menu_setting where menu_id = (select id from blade_menu where code = 'authority')");
    await t.db.query("delete from blade_role_menu where menu_id = (select id from blade_menu where code = 'authority')");
    await t.db.query("delete from blade_menu where code = 'authority'");
    // An administrator's own placement is kept.
    await t.db.query("update blade_menu set parent_id = (select id from blade_menu where code = 'role') where code = 'api-scope'");

    expect(await t.db.tx((tx) => syncMenus(tx, scope))).toBe(1);
    const parents = await t.db.query<{ code: string; parent: string }>(
      `select m.code, p.code as parent from blade_menu m join blade_menu p on p.id = m.parent_id
        where m.code in ('role', 'data-scope', 'api-scope', 'post') order by m.code`,
    );
    expect(parents).toEqual([
      { code: 'api-scope', parent: 'role' },
      { code: 'data-scope', parent: 'authority' },
      { code: 'post', parent: 'system' },
      { code: 'role', parent: 'authority' },
    ]);
    // The tenant administrator's 系统管理 top menu opens the new group too.
    const admin = await t.as('admin', '100001');
    const tops = (await t.call(admin, { method: 'GET', url: '/api/blade-system/menu/top-menu' })).body.data as {
      id: string;
      code: string;
    }[];
    const system = tops.find((m) => m.code === 'system');
    const within = (await t.call(admin, { method: 'GET', url: `/api/blade-system/menu/routes?topMenuId=${system?.id}` })).body
      .data as Menu[];
    expect(within.map((m) => m.code)).toEqual(['system', 'authority', 'config', 'log', 'monitor']);
    expect(within.find((m) => m.code === 'authority')?.children?.map((c) => c.code)).toContain('role');
  });

  it('on upgrade gives a new top-level group (我的事务) its own top menu, shown to the roles holding a screen in it', async () => {
    const scope = { tz: 'UTC', caller: systemCaller(PLATFORM_TENANT, '0', '0') };
    // The database as a release before the workflow left it: no 我的事务 group, screens or top menu.
    const codes =
      "select id from blade_menu where code = 'work' or code like 'work\\_%' or parent_id in (select id from blade_menu where code like 'work\\_%')";
    await t.db.query(`delete from blade_role_scope where scope_id in (select id from blade_top_menu where code = 'work')`);
    await t.db.query(`delete from blade_top_menu_setting where menu_id in (${codes})`);
    await t.db.query("delete from blade_top_menu where code = 'work'");
    await t.db.query(`delete from blade_role_menu where menu_id in (${codes})`);
    await t.db.query(`delete from blade_scope_api where menu_id in (${codes})`);
    await t.db.query(`delete from blade_menu where id in (${codes})`);

    expect(await t.db.tx((tx) => syncMenus(tx, scope))).toBeGreaterThan(5);
    const caseworker = await t.as('caseworker', '100001');
    const tops = (await t.call(caseworker, { method: 'GET', url: '/api/blade-system/menu/top-menu' })).body.data as {
      id: string;
      code: string;
    }[];
    // 流程管理 holds no screen of the caseworker's, so no top menu of it either.
    expect(tops.map((m) => m.code)).toEqual(['system', 'work', 'approve']);
    const work = tops.find((m) => m.code === 'work');
    const within = (await t.call(caseworker, { method: 'GET', url: `/api/blade-system/menu/routes?topMenuId=${work?.id}` })).body
      .data as Menu[];
    expect(within.map((m) => m.code)).toEqual(['work']);
    expect(within[0]?.children?.map((c) => c.path)).toContain('/work/todo');
  });
});
