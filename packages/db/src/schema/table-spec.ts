import { columnOf, type FieldDef, type Resource } from '@civdesk/meta';

export type ColumnSpec = { name: string; type: string; notNull?: boolean; default?: string; primaryKey?: boolean };
export type IndexSpec = { name: string; columns: string[]; unique?: boolean; where?: string };
export type TableSpec = { name: string; columns: ColumnSpec[]; indexes: IndexSpec[] };

const sqlType: Record<FieldDef['type'], (f: FieldDef) => string> = {
  string: (f) => `varchar(${f.max ?? 255})`,
  text: () => 'text',
  richText: () => 'text',
  int: () => 'integer',
  order: () => 'integer',
  decimal: () => 'numeric(20,6)',
  enum: (f) => (f.int ? 'integer' : 'varchar(64)'),
  dict: (f) => (f.int ? 'integer' : 'varchar(64)'),
  date: () => 'date',
  datetime: () => 'timestamptz',
  ref: () => 'bigint',
  parent: () => 'bigint',
  multiRef: () => 'text',
  multiEnum: () => 'varchar(500)',
  image: () => 'varchar(1000)',
  file: () => 'varchar(1000)',
  password: () => 'varchar(255)',
};

function defaultOf(f: FieldDef): string | undefined {
  if (f.default === undefined) return undefined;
  return typeof f.default === 'number' ? String(f.default) : `'${String(f.default).replace(/'/g, "''")}'`;
}

/** The table a resource definition implies: base columns, fields, and the indexes its queries need. */
export function tableOf(r: Resource): TableSpec {
  const columns: ColumnSpec[] = Object.entries(r.allFields).map(([key, f]) => {
    const name = columnOf(key, f);
    if (key === 'id') return { name, type: 'bigint', primaryKey: true, notNull: true };
    if (key === 'tenantId' && r.tenant) return { name, type: 'varchar(12)', notNull: true, default: "'000000'" };
    if (key === 'createTime' || key === 'updateTime') return { name, type: 'timestamptz', notNull: true, default: 'now()' };
    if (key === 'isDeleted') return { name, type: 'integer', notNull: true, default: '0' };
    if (key === 'status') return { name, type: 'integer', notNull: true, default: defaultOf(f) ?? '1' };
    if (r.tree && key === r.tree.parentField) return { name, type: 'bigint', notNull: true, default: '0' };
    return { name, type: sqlType[f.type](f), default: defaultOf(f) };
  });
  const t = r.table;
  const live = r.softDelete ? 'is_deleted = 0' : undefined;
  const scope = r.tenant ? ['tenant_id'] : [];
  const indexes: IndexSpec[] = [];
  const firstSort = r.defaultSort[0] ? columnOf(r.defaultSort[0].field, r.allFields[r.defaultSort[0].field]) : 'create_time';
  // Equality columns first (tenant, live flag when rows are soft-deleted), then the default sort and
  // the id the engine adds to every order as a tie-breaker: a page is read in index order, and the
  // id subquery of a deep page is an index-only scan. A column the query does not constrain would
  // break that order, hence no is_deleted where rows are never soft-deleted.
  const paging = (cols: string[]) => (cols.includes('id') ? cols : [...cols, 'id']);
  indexes.push({ name: `${t}_list_ix`, columns: paging([...scope, ...(r.softDelete ? ['is_deleted'] : []), firstSort]) });
  if (r.tree) indexes.push({ name: `${t}_parent_ix`, columns: [columnOf(r.tree.parentField, r.allFields[r.tree.parentField])] });
  for (const [key, f] of Object.entries(r.fields)) {
    if (f.unique) indexes.push({ name: `${t}_${columnOf(key, f)}_ux`, columns: [...scope, columnOf(key, f)], unique: true, where: live });
  }
  for (const { fields } of r.uniqueTogether ?? []) {
    const names = fields.map((k) => columnOf(k, r.allFields[k]));
    indexes.push({ name: `${t}_${names.join('_')}_ux`, columns: [...scope, ...names], unique: true, where: live });
  }
  for (const cols of r.indexes ?? []) {
    const names = cols.map((k) => columnOf(k, r.allFields[k]));
    indexes.push({ name: `${t}_${names.join('_')}_ix`, columns: paging([...scope, ...names]) });
  }
  return { name: t, columns, indexes };
}
