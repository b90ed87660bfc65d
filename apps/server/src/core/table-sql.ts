import { columnOf, type Resource } from '@civdesk/meta';

const qi = (name: string) => `"${name}"`;

/** A resource's field keys: literal once the definition keeps them, any string until then (checked when used). */
export type FieldKey<R extends Resource> = Extract<keyof R['allFields'], string>;

/** Rows of every tenant, on purpose (the platform's own reads, a row found by a global key). */
export const ALL_TENANTS = Symbol('all tenants');
export type TenantChoice = string | typeof ALL_TENANTS;

// Built once per resource and alias (the engine asks for one on every statement).
const built = new WeakMap<Resource, Map<string, TableSql<Resource>>>();

export type TableSql<R extends Resource> = {
  /** The quoted table, with its alias when one was given: `"blade_user" u`. */
  table: string;
  /** Columns by field key, qualified by the alias: `c.account` → `u."account"`; an unknown key throws. */
  c: Readonly<Record<FieldKey<R>, string>>;
  /**
   * Live rows (not soft-deleted) of one tenant: `tenant` is an SQL expression (a placeholder such
   * as `$1`, or another table's column) or ALL_TENANTS. A tenant resource without one throws, so a
   * hand-written statement cannot forget the tenant; shared data takes none.
   */
  live(tenant?: TenantChoice): string;
  /** Only the tenant condition (rows by id a statement already checked, removed ones included on purpose). */
  tenant(tenant: string): string;
};

/**
 * The names a hand-written statement uses for a resource's table, taken from its definition, so a
 * renamed field or column cannot leave a statement behind. Prefer the engine (`rows`, `findOne`,
 * `page`): it adds the caller's data scope as well.
 */
export function sqlOf<R extends Resource>(r: R, alias?: string): TableSql<R> {
  const byAlias = built.get(r) ?? new Map<string, TableSql<Resource>>();
  built.set(r, byAlias);
  const found = byAlias.get(alias ?? '') ?? make(r, alias);
  byAlias.set(alias ?? '', found as TableSql<Resource>);
  return found as TableSql<R>;
}

function make<R extends Resource>(r: R, alias?: string): TableSql<R> {
  const at = alias ? `${alias}.` : '';
  const known: Record<string, string> = {};
  for (const [k, f] of Object.entries(r.allFields)) known[k] = `${at}${qi(columnOf(k, f))}`;
  const c = new Proxy(known, {
    get(target, key) {
      if (typeof key !== 'string') return undefined;
      if (!(key in target)) throw new Error(`${r.name} has no field ${key}`);
      return target[key];
    },
  }) as Readonly<Record<FieldKey<R>, string>>;
  const tenantColumn = r.tenant ? 'tenantId' : r.tenantCodeField;
  return {
    table: alias ? `${qi(r.table)} ${alias}` : qi(r.table),
    c,
    live(tenant?: TenantChoice): string {
      const where: string[] = [];
      if (r.softDelete) where.push(`${at}"is_deleted" = 0`);
      if (tenantColumn && tenant === undefined) throw new Error(`${r.name}: say which tenant's rows (or ALL_TENANTS)`);
      if (!tenantColumn && typeof tenant === 'string') throw new Error(`${r.name} is shared by every tenant`);
      if (tenantColumn && typeof tenant === 'string') where.push(`${known[tenantColumn]} = ${tenant}`);
      return where.join(' and ') || 'true';
    },
    tenant(tenant: string): string {
      if (!tenantColumn) throw new Error(`${r.name} is shared by every tenant`);
      return `${known[tenantColumn]} = ${tenant}`;
    },
  };
}
