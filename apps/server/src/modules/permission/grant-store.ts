import type { Db } from '@civdesk/db';
import { type DataScopeRule, type Grants, PLATFORM_TENANT } from '../auth/caller.ts';
import { FreshCache } from '../auth/fresh-cache.ts';

/** How long loaded grants are trusted per server copy: a grant change reaches every copy within it. */
export const GRANT_CACHE_MS = 1000;

export const ADMINISTRATOR = 'administrator';

export type RoleGrants = Grants & { roleIds: string[]; aliases: string[] };

/**
 * Loads what a set of roles is granted (menus and buttons, API scopes, data scopes) in one query,
 * keeping only live roles of the caller's tenant. The administrator of the platform tenant holds
 * everything; an `administrator` alias in any other tenant means nothing special.
 */
export class GrantStore {
  private cache = new FreshCache<RoleGrants>(GRANT_CACHE_MS);

  constructor(private db: Db) {}

  load(tenantId: string, roleIds: string[]): Promise<RoleGrants> {
    return this.cache.get(`${tenantId}:${[...roleIds].sort().join(',')}`, () => this.read(tenantId, roleIds));
  }

  private async read(tenantId: string, roleIds: string[]): Promise<RoleGrants> {
    const rows = roleIds.length
      ? await this.db.query<Row>(
          `with r as (select id, role_alias from blade_role where id = any($1::bigint[]) and tenant_id = $2 and is_deleted = 0)
           select 'role' as kind, r.id::text as id, r.role_alias as a, null as b, null as c, null as d from r
           union all
           select 'menu', null, m.code, null, null, null
             from blade_role_menu rm join r on r.id = rm.role_id join blade_menu m on m.id = rm.menu_id and m.is_deleted = 0
           union all
           select 'data', null, d.resource_code, d.scope_type::text, d.scope_column, d.scope_value
             from blade_role_scope rs join r on r.id = rs.role_id join blade_scope_data d on d.id = rs.scope_id and d.is_deleted = 0
            where rs.scope_category = 1
           union all
           select 'api', null, a.resource_code, a.scope_path, null, null
             from blade_role_scope rs join r on r.id = rs.role_id join blade_scope_api a on a.id = rs.scope_id and a.is_deleted = 0
            where rs.scope_category = 2`,
          [roleIds.filter((x) => /^\d{1,19}$/.test(x)), tenantId],
        )
      : [];
    return build(tenantId, rows);
  }

  forget(): void {
    this.cache.clear();
  }
}

type Row = { kind: string; id: string | null; a: string | null; b: string | null; c: string | null; d: string | null };

function build(tenantId: string, rows: Row[]): RoleGrants {
  const roleIds: string[] = [];
  const aliases: string[] = [];
  const codes = new Set<string>();
  const apiCodes = new Set<string>();
  const apiPaths: string[] = [];
  const dataScopes = new Map<string, DataScopeRule[]>();
  for (const r of rows) {
    if (r.kind === 'role') {
      roleIds.push(String(r.id));
      aliases.push(String(r.a));
    } else if (r.kind === 'menu' && r.a) codes.add(r.a);
    else if (r.kind === 'api') {
      if (r.a) apiCodes.add(r.a);
      if (r.b) apiPaths.push(r.b);
    } else if (r.kind === 'data' && r.a) {
      const list = dataScopes.get(r.a) ?? [];
      list.push({ type: Number(r.b), column: r.c || null, value: r.d || null });
      dataScopes.set(r.a, list);
    }
  }
  const all = tenantId === PLATFORM_TENANT && aliases.includes(ADMINISTRATOR);
  return { roleIds, aliases, all, codes, apiCodes, apiPaths, dataScopes };
}

/** An API scope path grants a route when it names it exactly, or is a prefix ending in /** or *. */
export function pathGranted(paths: readonly string[], url: string): boolean {
  return paths.some((p) => {
    if (p.endsWith('/**')) return url === p.slice(0, -3) || url.startsWith(p.slice(0, -2));
    if (p.endsWith('*')) return url.startsWith(p.slice(0, -1));
    return url === p;
  });
}

/** Whether the caller may use a permission code (on a route at `url`). */
export function allows(g: Grants, code: string, url?: string): boolean {
  return g.all || g.codes.has(code) || g.apiCodes.has(code) || (url !== undefined && pathGranted(g.apiPaths, url));
}
