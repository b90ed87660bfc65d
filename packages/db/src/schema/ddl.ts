import type { ColumnSpec, IndexSpec, TableSpec } from './table-spec.ts';

const q = (id: string) => `"${id}"`;

function columnSql(c: ColumnSpec): string {
  return [
    q(c.name),
    c.type,
    c.primaryKey ? 'primary key' : '',
    c.notNull && !c.primaryKey ? 'not null' : '',
    c.default ? `default ${c.default}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

function indexSql(table: string, i: IndexSpec): string {
  const where = i.where ? ` where ${i.where}` : '';
  return `create ${i.unique ? 'unique ' : ''}index ${q(i.name)} on ${q(table)} (${i.columns.map(q).join(', ')})${where};`;
}

export class SchemaChangeError extends Error {}

/**
 * The statements that turn the `before` schema into `after`. Only additive and widening changes are
 * generated; dropping a table or column loses data, so it must be a hand-written migration.
 */
export function diffSchema(before: TableSpec[], after: TableSpec[]): string[] {
  const out: string[] = [];
  const old = new Map(before.map((t) => [t.name, t]));
  const now = new Set(after.map((t) => t.name));
  for (const t of before) {
    if (!now.has(t.name)) throw new SchemaChangeError(`table ${t.name} was removed: write that migration by hand`);
  }
  for (const t of after) {
    const prev = old.get(t.name);
    if (!prev) {
      out.push(`create table ${q(t.name)} (\n  ${t.columns.map(columnSql).join(',\n  ')}\n);`);
      for (const i of t.indexes) out.push(indexSql(t.name, i));
      continue;
    }
    const prevCols = new Map(prev.columns.map((c) => [c.name, c]));
    const cols = new Set(t.columns.map((c) => c.name));
    for (const c of prev.columns) {
      if (!cols.has(c.name)) throw new SchemaChangeError(`column ${t.name}.${c.name} was removed: write that migration by hand`);
    }
    for (const c of t.columns) {
      const p = prevCols.get(c.name);
      if (!p) {
        out.push(`alter table ${q(t.name)} add column ${columnSql(c)};`);
        continue;
      }
      if (p.type !== c.type) out.push(`alter table ${q(t.name)} alter column ${q(c.name)} type ${c.type};`);
      if ((p.default ?? null) !== (c.default ?? null)) {
        out.push(
          c.default
            ? `alter table ${q(t.name)} alter column ${q(c.name)} set default ${c.default};`
            : `alter table ${q(t.name)} alter column ${q(c.name)} drop default;`,
        );
      }
      if (!!p.notNull !== !!c.notNull && !c.primaryKey) {
        out.push(`alter table ${q(t.name)} alter column ${q(c.name)} ${c.notNull ? 'set' : 'drop'} not null;`);
      }
    }
    const prevIdx = new Map(prev.indexes.map((i) => [i.name, JSON.stringify(i)]));
    const idx = new Map(t.indexes.map((i) => [i.name, JSON.stringify(i)]));
    for (const [name, json] of prevIdx) if (idx.get(name) !== json) out.push(`drop index ${q(name)};`);
    for (const i of t.indexes) if (prevIdx.get(i.name) !== JSON.stringify(i)) out.push(indexSql(t.name, i));
  }
  return out;
}
