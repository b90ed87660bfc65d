import type { Queryable } from '@civdesk/db';
import { columnOf, type FieldDef, type Resource } from '@civdesk/meta';
import { resourceByName } from '@civdesk/resources';
import type { Scope } from '../core/caller.ts';
import { badRequest } from '../core/envelope.ts';
import { scopeWhere } from './scope.ts';
import { Params, qi } from './sql.ts';

type Only = NonNullable<NonNullable<FieldDef['ref']>['only']>;

async function existsAll(
  db: Queryable,
  target: Resource,
  s: Scope,
  ids: string[],
  tenantId?: string,
  by = 'id',
  only?: Only,
): Promise<boolean> {
  const p = new Params();
  const match =
    by === 'id' ? `t."id" = any(${p.add(ids)}::bigint[])` : `t.${qi(columnOf(by, target.allFields[by]))} = any(${p.add(ids)}::text[])`;
  const w = [...scopeWhere(target, s, p, 't'), match];
  if (only) w.push(`t.${qi(columnOf(only.field, target.allFields[only.field]))} = ${p.add(only.value)}`);
  // The platform administrator sees every tenant: a row's references must still be of its own tenant.
  if (tenantId && target.tenant) w.push(`t."tenant_id" = ${p.add(tenantId)}`);
  const [{ n }] = await db.query<{ n: number }>(`select count(*)::int as n from ${qi(target.table)} t where ${w.join(' and ')}`, p.values);
  return n === new Set(ids).size;
}

/**
 * References must point at live rows the caller can see (never another tenant's), and a tree node
 * cannot become its own ancestor.
 */
export async function checkReferences(
  db: Queryable,
  r: Resource,
  s: Scope,
  values: Record<string, unknown>,
  selfId: string | null,
  tenantId: string = s.caller.tenantId,
) {
  for (const [key, f] of Object.entries(r.fields)) {
    const v = values[key];
    if (v === undefined || v === null || v === '') continue;
    if (f.type === 'parent') {
      if (v === '0') continue;
      if (selfId && v === selfId)
        throw badRequest(`${f.label.zh}不能是自己`, { errors: [{ field: key, message: `${f.label.zh}不能是自己` }] });
      if (!(await existsAll(db, r, s, [String(v)], tenantId)))
        throw badRequest(`${f.label.zh}不存在`, { errors: [{ field: key, message: `${f.label.zh}不存在` }] });
      if (selfId) {
        const parentCol = qi(columnOf(r.tree!.parentField, r.allFields[r.tree!.parentField]));
        const up = await db.query(
          `with recursive up(id, parent) as (select "id", ${parentCol} from ${qi(r.table)} where "id" = $1
             union all select t."id", t.${parentCol} from ${qi(r.table)} t join up on t."id" = up.parent)
           select 1 from up where id = $2 limit 1`,
          [v, selfId],
        );
        if (up.length)
          throw badRequest(`${f.label.zh}不能是自己的下级`, { errors: [{ field: key, message: `${f.label.zh}不能是自己的下级` }] });
      }
    } else if (f.ref && (f.type === 'ref' || f.type === 'multiRef' || f.ref.valueField)) {
      const target = resourceByName.get(f.ref.resource);
      if (!target) continue;
      const ids = f.type === 'multiRef' ? String(v).split(',') : [String(v)];
      if (!(await existsAll(db, target, s, ids, tenantId, f.ref.valueField)))
        throw badRequest(`${f.label.zh}不存在`, { errors: [{ field: key, message: `${f.label.zh}不存在` }] });
      const only = f.ref.only;
      if (only && !(await existsAll(db, target, s, ids, tenantId, f.ref.valueField, only)))
        throw badRequest(only.message.zh, { errors: [{ field: key, message: only.message.zh }] });
    }
  }
}

/** At least one field of each `requiredOneOf` group has a value, on the row as it will be saved. */
export function checkRequiredOneOf(r: Resource, values: Record<string, unknown>, existing: Record<string, unknown> | null) {
  const filled = (k: string) => {
    const v = k in values ? values[k] : existing?.[k];
    return v !== undefined && v !== null && String(v).trim() !== '';
  };
  for (const g of r.requiredOneOf ?? []) {
    if (!g.fields.some(filled)) throw badRequest(g.message.zh, { errors: [{ field: g.fields[0], message: g.message.zh }] });
  }
}

/** Turns a unique-index violation into the field's message ("…已存在"). */
export function uniqueMessage(r: Resource, constraint: string | undefined): { field: string; message: string } | null {
  if (!constraint) return null;
  for (const [key, f] of Object.entries(r.fields)) {
    if (constraint === `${r.table}_${columnOf(key, f)}_ux`) return { field: key, message: `${f.label.zh}已存在` };
  }
  for (const u of r.uniqueTogether ?? []) {
    const names = u.fields.map((k) => columnOf(k, r.allFields[k]));
    if (constraint === `${r.table}_${names.join('_')}_ux`) {
      return {
        field: u.fields[u.fields.length - 1],
        message: u.message?.zh ?? `${u.fields.map((k) => r.allFields[k].label.zh).join('+')}已存在`,
      };
    }
  }
  return null;
}
