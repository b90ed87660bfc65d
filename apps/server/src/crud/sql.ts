import { columnOf, type FieldDef, type Filter, type Resource, readableFields, type Sort, searchByType } from '@civdesk/meta';
import { dict } from '@civdesk/resources';
import { sqlOf } from '../core/table-sql.ts';

export const qi = (id: string) => `"${id}"`;

const idTypes = new Set(['ref', 'parent']);
const idKeys = new Set(['id', 'createUser', 'createDept', 'updateUser']);

/** How one readable column is selected: ids and decimals as text, dates already formatted. */
export function selectExpr(key: string, f: FieldDef, tz: string, alias = 't'): string {
  const col = `${alias}.${qi(columnOf(key, f))}`;
  let expr = col;
  if (idKeys.has(key) || idTypes.has(f.type) || f.type === 'decimal') expr = `${col}::text`;
  else if (f.type === 'datetime') expr = `to_char(${col} at time zone '${tz}', 'YYYY-MM-DD HH24:MI:SS')`;
  else if (f.type === 'date') expr = `to_char(${col}, 'YYYY-MM-DD')`;
  return `${expr} as ${qi(key)}`;
}

const literal = (v: string) => `'${v.replace(/'/g, "''")}'`;

/** A dictionary entry's label beside its key (`categoryName`), read from the system dictionary. */
function labelExpr(key: string, f: FieldDef, alias: string): string {
  const col = `${alias}.${qi(columnOf(key, f))}`;
  const d = sqlOf(dict, 'd');
  return (
    `(select ${d.c.dictValue} from ${d.table} where ${d.c.code} = ${literal(f.dict ?? '')} and ${d.c.dictKey} = ${col}::text ` +
    `and ${d.c.parentId} <> 0 and ${d.live()} limit 1) as ${qi(f.labelAs as string)}`
  );
}

/** The select list of a resource, built once: every readable field under its camelCase name. */
export function selectList(r: Resource, tz: string, alias = 't'): string {
  const fields = readableFields(r).filter(([k]) => k !== 'isDeleted');
  const labels = fields.filter(([, f]) => f.type === 'dict' && f.labelAs).map(([k, f]) => labelExpr(k, f, alias));
  return [...fields.map(([k, f]) => selectExpr(k, f, tz, alias)), ...labels].join(', ');
}

/** Collects positional parameters while a statement is built. */
export class Params {
  values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One query-map filter as SQL. Columns come from the definition, values only as parameters. */
export function filterSql(f: Filter, p: Params, tz: string, alias = 't'): string {
  const col = `${alias}.${qi(f.column)}`;
  const text = searchByType[f.def.type].like;
  const isTs = f.def.type === 'datetime';
  const dateParam = () => (isTs ? `(${p.add(f.value)}::timestamp at time zone '${tz}')` : `${p.add(f.value)}::date`);
  switch (f.op) {
    case 'equal':
      return `${col} = ${p.add(f.value)}`;
    case 'notequal':
      return `${col} <> ${p.add(f.value)}`;
    case 'like':
      return text ? `${col} ilike ${p.add(`%${escapeLike(f.value)}%`)}` : `${col} = ${p.add(f.value)}`;
    case 'notlike':
      return text ? `${col} not ilike ${p.add(`%${escapeLike(f.value)}%`)}` : `${col} <> ${p.add(f.value)}`;
    case 'likeleft':
      return text ? `${col} ilike ${p.add(`%${escapeLike(f.value)}`)}` : `${col} = ${p.add(f.value)}`;
    case 'likeright':
      return text ? `${col} ilike ${p.add(`${escapeLike(f.value)}%`)}` : `${col} = ${p.add(f.value)}`;
    case 'ge':
      return `${col} >= ${p.add(f.value)}`;
    case 'le':
      return `${col} <= ${p.add(f.value)}`;
    case 'gt':
      return `${col} > ${p.add(f.value)}`;
    case 'lt':
      return `${col} < ${p.add(f.value)}`;
    case 'datege':
      return `${col} >= ${dateParam()}`;
    case 'dategt':
      return `${col} > ${dateParam()}`;
    case 'datele':
      return `${col} <= ${dateParam()}`;
    case 'datelt':
      return `${col} < ${dateParam()}`;
    case 'dateequal':
      return isTs
        ? `(${col} at time zone '${tz}')::date = ${p.add(f.value.slice(0, 10))}::date`
        : `${col} = ${p.add(f.value.slice(0, 10))}::date`;
    case 'null':
      return `${col} is null`;
    case 'notnull':
      return `${col} is not null`;
    case 'ignore':
      return 'true';
  }
}

export function orderSql(sorts: Sort[], alias = 't'): string {
  const parts = sorts.map((s) => `${alias}.${qi(s.column)} ${s.dir}`);
  parts.push(`${alias}."id" ${sorts[0]?.dir ?? 'asc'}`); // a stable order for paging
  return parts.join(', ');
}
