import { columnOf, type FieldDef, isIdText, type Resource, readableFields } from '@civdesk/meta';
import { dept, registry } from '@civdesk/resources';
import type { Caller, DataScopeRule } from '../core/caller.ts';
import { sqlOf } from '../core/table-sql.ts';
import { type Params, qi } from './sql.ts';

const D = sqlOf(dept, 'd');

// Data scope types (dictionary data_scope_type).
export const SCOPE_ALL = 1;
export const SCOPE_OWN = 2;
export const SCOPE_DEPT = 3;
export const SCOPE_DEPT_TREE = 4;
export const SCOPE_CUSTOM = 5;

const idKeys = new Set(['id', 'createUser', 'createDept', 'updateUser']);

/** The field a rule compares: the one it names (key or column), else the resource's default for its type. */
export function scopeField(r: Resource, rule: Pick<DataScopeRule, 'type' | 'column'>): [string, FieldDef] | null {
  const readable = readableFields(r);
  if (rule.column) return readable.find(([k, f]) => k === rule.column || columnOf(k, f) === rule.column) ?? null;
  const key = rule.type === SCOPE_OWN ? (r.dataScope?.owner ?? 'createUser') : (r.dataScope?.dept ?? 'createDept');
  return readable.find(([k]) => k === key) ?? null;
}

type Kind = 'id' | 'text' | 'multi';
function kindOf(key: string, f: FieldDef): Kind | null {
  if (f.type === 'multiRef') return 'multi';
  if (idKeys.has(key) || f.type === 'ref' || f.type === 'parent') return 'id';
  if (f.type === 'string') return 'text';
  return null;
}

/** Placeholders a custom rule may use: the caller's id, and every department of the caller. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholders are literal text in a rule
export const PLACEHOLDERS = { userId: '${userId}', deptId: '${deptId}' } as const;

/** A custom rule's values: comma-separated literals and the placeholders. */
export function customValues(value: string | null, caller: Caller, kind: Kind): string[] {
  const out: string[] = [];
  for (const raw of (value ?? '').split(',')) {
    const v = raw.trim();
    if (v === PLACEHOLDERS.userId) out.push(caller.userId);
    else if (v === PLACEHOLDERS.deptId) out.push(...caller.deptIds);
    else if (v && (kind === 'text' || isIdText(v)) && !v.includes('\u0000')) out.push(v);
  }
  return out;
}

/**
 * One rule as SQL over `alias`. Built only from the definition's columns and bound parameters; a rule
 * naming an unknown column, or with nothing to compare, matches nothing (never everything).
 */
function ruleSql(r: Resource, rule: DataScopeRule, caller: Caller, p: Params, alias: string): string {
  if (rule.type === SCOPE_ALL) return 'true';
  const field = scopeField(r, rule);
  const kind = field && kindOf(field[0], field[1]);
  if (!field || !kind) return 'false';
  const col = `${alias}.${qi(columnOf(field[0], field[1]))}`;
  const among = (values: string[]) => {
    if (values.length === 0) return 'false';
    if (kind === 'multi') return `string_to_array(${col}, ',') && ${p.add(values)}::text[]`;
    return `${col} = any(${p.add(values)}::${kind === 'id' ? 'bigint' : 'text'}[])`;
  };
  switch (rule.type) {
    case SCOPE_OWN:
      return among([caller.userId]);
    case SCOPE_DEPT:
      return among(caller.deptIds);
    case SCOPE_DEPT_TREE: {
      if (caller.deptIds.length === 0) return 'false';
      const tenant = p.add(caller.tenantId);
      const sub =
        `with recursive sub(id) as (select ${D.c.id} from ${D.table} where ${D.c.id} = any(${p.add(caller.deptIds)}::bigint[]) ` +
        `and ${D.live(tenant)} union select ${D.c.id} from ${D.table} ` +
        `join sub on ${D.c.parentId} = sub.id where ${D.live(tenant)}) select id${kind === 'id' ? '' : '::text'} from sub`;
      return kind === 'multi' ? `string_to_array(${col}, ',') && array(${sub})` : `${col} in (${sub})`;
    }
    case SCOPE_CUSTOM:
      return among(customValues(rule.value, caller, kind));
    default:
      return 'false';
  }
}

/**
 * The caller's data scope on a resource: rules granted to any of their roles widen
 * each other; no rule means the whole tenant; the platform administrator is never filtered.
 * A resource about users (`scopeVia`) is also held to the caller's scope on those users.
 */
export function dataScopeSql(r: Resource, caller: Caller, p: Params, alias: string): string | null {
  if (caller.grants.all) return null;
  const own = rulesSql(r, caller, p, alias);
  const via = viaSql(r, caller, p, alias);
  return own && via ? `${own} and ${via}` : (own ?? via);
}

function rulesSql(r: Resource, caller: Caller, p: Params, alias: string): string | null {
  const rules = caller.grants.dataScopes.get(r.name);
  if (!rules?.length || rules.some((x) => x.type === SCOPE_ALL)) return null;
  return `(${rules.map((rule) => ruleSql(r, rule, caller, p, alias)).join(' or ')})`;
}

/** Rows naming a row of `scopeVia.resource` the caller sees (no row named: not shown to a scoped caller). */
function viaSql(r: Resource, caller: Caller, p: Params, alias: string): string | null {
  const via = r.scopeVia;
  const target = via && registry.find((x) => x.name === via.resource);
  if (!via || !target) return null;
  const inner = rulesSql(target, caller, p, 'v');
  if (!inner) return null;
  const field = r.allFields[via.field];
  const T = sqlOf(target, 'v');
  const by = T.c[via.by as keyof typeof T.c];
  return `${alias}.${qi(columnOf(via.field, field))} in (select ${by} from ${T.table} where ${T.live(p.add(caller.tenantId))} and ${inner})`;
}
