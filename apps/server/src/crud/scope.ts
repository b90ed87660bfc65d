import type { Resource } from '@civdesk/meta';
import { forbidden } from '../plugins/envelope.ts';
import { type Caller, PLATFORM_TENANT } from '../modules/auth/tokens.ts';
import type { Params } from './sql.ts';

/** Who asks and how dates read; every repository call takes one. */
export type Scope = { caller: Caller; tz: string };

/**
 * The row filter every read, update and remove gets, applied here and nowhere else: live rows
 * only, and only the caller's tenant for tenant resources.
 */
export function scopeWhere(r: Resource, s: Scope, p: Params, alias = 't'): string[] {
  const where: string[] = [];
  if (r.softDelete) where.push(`${alias}."is_deleted" = 0`);
  if (r.tenant) where.push(`${alias}."tenant_id" = ${p.add(s.caller.tenantId)}`);
  return where;
}

/** Shared reference data (no tenant column) is read by all and changed by the platform tenant only. */
export function assertCanWrite(r: Resource, s: Scope) {
  if (!r.tenant && s.caller.tenantId !== PLATFORM_TENANT) throw forbidden('平台数据仅平台管理员可以修改');
}
