import type { Resource } from '@civdesk/meta';
import { PLATFORM_TENANT, type Scope } from '../core/caller.ts';
import { forbidden } from '../core/envelope.ts';
import { ALL_TENANTS, sqlOf } from '../core/table-sql.ts';
import { dataScopeSql } from './data-scope.ts';
import type { Params } from './sql.ts';

/**
 * The row filter every read, update and remove gets, applied here and nowhere else: live rows
 * only; only the caller's tenant for tenant resources (the platform administrator acts across
 * tenants); platform configuration for the platform administrator only; and the caller's data scope. `dataScope: false` is for integrity checks only (a
 * node's children exist whether or not the caller may see them).
 */
export function scopeWhere(r: Resource, s: Scope, p: Params, alias = 't', opts: { dataScope?: boolean } = {}): string[] {
  const where: string[] = [];
  if (r.platformOnly && !s.caller.grants.all) where.push('false');
  const tenanted = r.tenant || Boolean(r.tenantCodeField);
  const live = sqlOf(r, alias).live(!tenanted ? undefined : s.caller.platformAdmin ? ALL_TENANTS : p.add(s.caller.tenantId));
  if (live !== 'true') where.push(live);
  if (opts.dataScope !== false) {
    const scoped = dataScopeSql(r, s.caller, p, alias);
    if (scoped) where.push(scoped);
  }
  return where;
}

/**
 * The same caller without data scope (tenant filter kept), for lists the grants themselves decide:
 * one's own top menus, one's own departments and roles. Never for anything a user asks by id.
 */
export function withoutDataScope(s: Scope): Scope {
  return { ...s, caller: { ...s.caller, grants: { ...s.caller.grants, dataScopes: new Map() } } };
}

/** Shared reference data (no tenant column) is read by all and changed by the platform tenant only. */
export function assertCanWrite(r: Resource, s: Scope) {
  if (!r.tenant && s.caller.tenantId !== PLATFORM_TENANT) throw forbidden('平台数据仅平台管理员可以修改');
  if (r.platformOnly && !s.caller.grants.all) throw forbidden('平台配置仅平台管理员可以查看和修改');
}
