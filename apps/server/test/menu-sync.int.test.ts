import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedIfEmpty } from '../src/seed/index.ts';
import { buildTestApp, type TestApp } from './helpers/build-app.ts';

// An upgrade that brings new screens and buttons: on the next start they join the menu tree and
// the built-in roles, as on a fresh install. Each PGlite test file has a database of its own, so
// this one can take menus away (the PostgreSQL run shares one database between files).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const menuIds = async (codes: string[]) =>
  (await t.db.query<{ code: string }>('select code from blade_menu where code = any($1) and is_deleted = 0', [codes]))
    .map((m) => m.code)
    .sort();
const adminHolds = async (code: string) =>
  (
    await t.db.query(
      `select 1 from blade_role_menu rm join blade_role r on r.id = rm.role_id join blade_menu m on m.id = rm.menu_id
        where r.tenant_id = '100001' and r.role_alias = 'admin' and m.code = $1 and m.is_deleted = 0`,
      [code],
    )
  ).length > 0;

describe.runIf(inject('dbKind') === 'pglite')('menus after an upgrade', () => {
  it('adds the screens and buttons the database lacks, grants them to the built-in roles, and nothing twice', async () => {
    expect(await adminHolds('area-sort_edit')).toBe(true);
    const apiScopes = async () =>
      (await t.db.query<{ n: number }>("select count(*)::int n from blade_scope_api where resource_code = 'area-sort_api'"))[0].n;
    // As an older version left it: no region-order screen, no SMS enable button.
    await t.db.query(
      `with gone as (select id from blade_menu where code in ('area-sort', 'area-sort_edit', 'sms_enable'))
       , a as (delete from blade_role_menu where menu_id in (select id from gone))
       , b as (delete from blade_scope_api where menu_id in (select id from gone))
       , c as (delete from blade_scope_data where menu_id in (select id from gone))
       delete from blade_menu where id in (select id from gone)`,
    );
    expect(await menuIds(['area-sort', 'area-sort_edit', 'sms_enable'])).toEqual([]);
    // And an administrator removed the post-export button on purpose.
    await t.db.query("update blade_menu set is_deleted = 1 where code = 'post_export'");
    const logged: string[] = [];

    expect(await seedIfEmpty(t.db, { demo: true, towns: false, log: (m) => logged.push(m) })).toBe(false);
    expect(await menuIds(['area-sort', 'area-sort_edit', 'sms_enable'])).toEqual(['area-sort', 'area-sort_edit', 'sms_enable']);
    expect(logged).toEqual(['added 3 menus and buttons of this version']);
    expect(await adminHolds('area-sort_edit')).toBe(true);
    expect(await adminHolds('sms_enable')).toBe(true);
    expect(await apiScopes()).toBe(1);
    // The new button sits under its screen's menu.
    const [{ under }] = await t.db.query<{ under: string }>(
      "select p.code as under from blade_menu m join blade_menu p on p.id = m.parent_id where m.code = 'area-sort_edit'",
    );
    expect(under).toBe('area-sort');
    expect(await menuIds(['post_export'])).toEqual([]);

    // The next start finds everything there.
    logged.length = 0;
    await seedIfEmpty(t.db, { demo: true, towns: false, log: (m) => logged.push(m) });
    expect(logged).toEqual([]);
    const [{ n }] = await t.db.query<{ n: number }>("select count(*)::int n from blade_menu where code = 'area-sort_edit'");
    expect(n).toBe(1);
    expect(await apiScopes()).toBe(1);
  });
});
