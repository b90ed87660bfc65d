import type { TestApp, TestUser } from './build-app.ts';

/** The approval screens' codes the materials and signing calls take (declared by the approvals screens). */
export const APPROVE_CODES = ['approve_launch', 'approve_launch_register', 'approve_todo', 'approve_todo_handle'];

/**
 * Grants the user's roles the given button codes: a button row per code (added once, kept where the
 * approvals screens already declared it) linked to each role; the grant cache is then dropped.
 */
export async function grantCodes(t: TestApp, u: TestUser, codes: string[]) {
  for (const code of codes) {
    let [m] = await t.db.query<{ id: string }>('select id::text as id from blade_menu where code = $1 and is_deleted = 0 limit 1', [code]);
    if (!m) {
      [m] = await t.db.query<{ id: string }>(
        `insert into blade_menu (id, parent_id, code, name, alias, path, sort, category, action, is_open)
         values ((random() * 9e18)::bigint, 0, $1, $1, $1, null, 99, 2, 0, 1) returning id::text as id`,
        [code],
      );
    }
    await t.db.query(
      `insert into blade_role_menu (id, role_id, menu_id)
       select (random() * 9e18)::bigint, r, $2 from blade_user u, unnest(string_to_array(u.role_id::text, ',')::bigint[]) r
        where u.id = $1 on conflict do nothing`,
      [u.userId, m.id],
    );
  }
  (t.app as unknown as { ctx: { grants: { forget(): void } } }).ctx.grants.forget();
}

/** Takes the codes away from the user's roles (a new tenant's roles are granted like the demo tenant's). */
export async function revokeCodes(t: TestApp, u: TestUser, codes: string[]) {
  await t.db.query(
    `delete from blade_role_menu where menu_id in (select id from blade_menu where code = any($2::text[]))
      and role_id in (select unnest(string_to_array(u.role_id::text, ',')::bigint[]) from blade_user u where u.id = $1)`,
    [u.userId, codes],
  );
  (t.app as unknown as { ctx: { grants: { forget(): void } } }).ctx.grants.forget();
}
