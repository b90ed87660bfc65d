import type { Caller } from '../../core/caller.ts';
import type { Params } from '../../crud/sql.ts';

// The menu table holds menus and the buttons beneath them (`category`).
export const MENU = 1;
export const BUTTON = 2;

/** Menu ids granted to the caller's roles (every menu for the platform administrator). */
export function grantedMenuSql(c: Caller, p: Params, alias = 'm'): string {
  if (c.grants.all) return 'true';
  return `${alias}."id" in (select rm."menu_id" from "blade_role_menu" rm where rm."role_id" = any(${p.add(c.roleIds)}::bigint[]))`;
}

/** Scope ids of one category (`DATA_SCOPE`, `API_SCOPE`, `TOP_MENU`) granted to the caller's roles. */
export function grantedScopeSql(c: Caller, p: Params, category: number, alias: string): string {
  if (c.grants.all) return 'true';
  return `${alias}."id" in (select rs."scope_id" from "blade_role_scope" rs where rs."scope_category" = ${category} and rs."role_id" = any(${p.add(c.roleIds)}::bigint[]))`;
}
