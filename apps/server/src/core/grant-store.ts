import type { Db } from '@civdesk/db';
import { apiScope, dataScope, menu, role } from '@civdesk/resources';
import { type DataScopeRule, type Grants, PLATFORM_TENANT } from './caller.ts';
import { FreshCache } from './fresh-cache.ts';
import { sqlOf } from './table-sql.ts';

/** How long loaded grants are trusted per server copy: a grant change reaches every copy within it. */
export const GRANT_CACHE_MS = 1000;

export const ADMINISTRATOR = 'administrator';

export type RoleGrants = Grants & { roleIds: string[]; aliases: string[] };

// What `blade_role_scope.scope_category` says a granted scope is.
export const DATA_SCOPE = 1;
export const API_SCOPE = 2;
export const TOP_MENU = 3;

const R = sqlOf(role);
const M = sqlOf(menu, 'm');
const D = sqlOf(dataScope, 'd');
const A = sqlOf(apiScope, 'a');

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
          `with r as (select ${R.c.id} as id, ${R.c.roleAlias} as role_alias from ${R.table} where ${R.c.id} = any($1::bigint[]) and ${R.live('$2')})
           select 'role' as kind, r.id::text as id, r.role_alias as a, null as b, null as c, null as d from r
           union all
           select 'menu', null, ${M.c.code}, null, null, null
             from blade_role_menu rm join r on r.id = rm.role_id join ${M.table} on ${M.c.id} = rm.menu_id and ${M.live()}
           union all
           select 'data', null, ${D.c.resourceCode}, ${D.c.scopeType}::text, ${D.c.scopeColumn}, ${D.c.scopeValue}
             from blade_role_scope rs join r on r.id = rs.role_id join ${D.table} on ${D.c.id} = rs.scope_id and ${D.live()}
            where rs.scope_category = ${DATA_SCOPE}
           union all
           select 'api', null, ${A.c.resourceCode}, ${A.c.scopePath}, null, null
             from blade_role_scope rs join r on r.id = rs.role_id join ${A.table} on ${A.c.id} = rs.scope_id and ${A.live()}
            where rs.scope_category = ${API_SCOPE}`,
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
