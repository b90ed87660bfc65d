import type { Db, Queryable } from '@civdesk/db';
import { datasource } from '@civdesk/resources';
import type { Scope } from '../../core/caller.ts';
import { badRequest } from '../../core/envelope.ts';
import { findOne } from '../../crud/repository.ts';

// Reads table and column metadata of the product's own database (the default data source) from
// information_schema, in a read-only transaction: code generation never writes a table, and only
// the schema the app itself runs in is listed.

export type TableSummary = { name: string; comment: string };

export type ColumnInfo = {
  name: string;
  /** The column's type as a migration writes it: `varchar(32)`, `integer`, `bigint`, `timestamptz` … */
  type: string;
  comment: string;
  nullable: boolean;
  /** The literal default (`0`, `'abc'`), or null when there is none or it is an expression. */
  defaultValue: string | number | null;
  maxLength: number | null;
  keyFlag: boolean;
};

export type TableInfo = TableSummary & { fields: ColumnInfo[] };

const tableNamePattern = /^[a-z][a-z0-9_]{0,62}$/;

/** A table name as typed: lower-case letters, digits and _ (what every migration writes). */
export function checkTableName(raw: unknown): string {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (!name) throw badRequest('请输入表名');
  if (!tableNamePattern.test(name)) throw badRequest(`表名不正确: ${name.slice(0, 64)}（只能包含小写字母、数字和下划线）`);
  return name;
}

/**
 * The data source a model reads: empty (or 0) is the product's own database. Another source's
 * tables are not read (its connection would reach outside the app; docs/code-generation.md).
 */
export async function checkSource(db: Queryable, scope: Scope, datasourceId: unknown): Promise<void> {
  const id = datasourceId === undefined || datasourceId === null ? '' : String(datasourceId).trim();
  if (id === '' || id === '0') return;
  if (!/^\d{1,19}$/.test(id)) throw badRequest('数据源编号不正确');
  const row = await findOne(db, datasource, scope, { id });
  if (!row) throw badRequest('数据源不存在');
  throw badRequest(`暂只能读取本系统数据库（默认数据源）的表结构，不能读取数据源「${String(row.name)}」`);
}

/** Runs reads in a transaction that cannot write. */
async function readOnly<T>(db: Db, read: (t: Queryable) => Promise<T>): Promise<T> {
  return db.tx(async (t) => {
    await t.exec('set transaction read only');
    return read(t);
  });
}

/** Base tables of the app's schema, by name. */
export async function listTables(db: Db): Promise<TableSummary[]> {
  return readOnly(db, (t) =>
    t.query<TableSummary>(
      `select t.table_name::text as name, coalesce(obj_description(to_regclass(quote_ident(t.table_name)), 'pg_class'), '') as comment
         from information_schema.tables t
        where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        order by t.table_name`,
    ),
  );
}

type RawColumn = {
  name: string;
  dataType: string;
  len: number | null;
  prec: number | null;
  scale: number | null;
  nullable: string;
  def: string | null;
  comment: string | null;
};

/** `character varying` + 32 → `varchar(32)`: the spelling the migrations (and table specs) use. */
export function typeText(c: Pick<RawColumn, 'dataType' | 'len' | 'prec' | 'scale'>): string {
  switch (c.dataType) {
    case 'character varying':
      return c.len ? `varchar(${c.len})` : 'varchar';
    case 'character':
      return c.len ? `char(${c.len})` : 'char';
    case 'numeric':
      return c.prec ? `numeric(${c.prec},${c.scale ?? 0})` : 'numeric';
    case 'timestamp with time zone':
      return 'timestamptz';
    case 'timestamp without time zone':
      return 'timestamp';
    default:
      return c.dataType;
  }
}

/** A literal default (`0`, `'x'::character varying`) as its value; expressions (now()) give null. */
export function literalDefault(def: string | null): string | number | null {
  if (def === null) return null;
  if (/^-?\d+(\.\d+)?$/.test(def)) return Number(def);
  const quoted = /^'((?:[^']|'')*)'(::[a-z ]+)?$/.exec(def);
  return quoted ? quoted[1].replaceAll("''", "'") : null;
}

/** A table's columns in order, or a 400 when the app's schema has no such table. */
export async function tableInfo(db: Db, rawName: unknown): Promise<TableInfo> {
  const name = checkTableName(rawName);
  return readOnly(db, async (t) => {
    const [table] = await t.query<TableSummary>(
      `select t.table_name::text as name, coalesce(obj_description(to_regclass(quote_ident(t.table_name)), 'pg_class'), '') as comment
         from information_schema.tables t
        where t.table_schema = current_schema() and t.table_type = 'BASE TABLE' and t.table_name = $1`,
      [name],
    );
    if (!table) throw badRequest(`表不存在: ${name}`);
    const columns = await t.query<RawColumn>(
      `select c.column_name::text as name, c.data_type::text as "dataType", c.character_maximum_length::int as len,
              c.numeric_precision::int as prec, c.numeric_scale::int as scale, c.is_nullable::text as nullable,
              c.column_default::text as def, col_description(a.attrelid, a.attnum) as comment
         from information_schema.columns c
         left join pg_attribute a on a.attrelid = to_regclass(quote_ident(c.table_name)) and a.attname = c.column_name
        where c.table_schema = current_schema() and c.table_name = $1
        order by c.ordinal_position`,
      [name],
    );
    const keys = await t.query<{ name: string }>(
      `select k.column_name::text as name
         from information_schema.table_constraints tc
         join information_schema.key_column_usage k on k.constraint_name = tc.constraint_name and k.table_schema = tc.table_schema
        where tc.table_schema = current_schema() and tc.table_name = $1 and tc.constraint_type = 'PRIMARY KEY'`,
      [name],
    );
    const keySet = new Set(keys.map((k) => k.name));
    return {
      ...table,
      fields: columns.map((c) => ({
        name: c.name,
        type: typeText(c),
        comment: c.comment ?? '',
        nullable: c.nullable === 'YES',
        defaultValue: literalDefault(c.def),
        maxLength: c.len,
        keyFlag: keySet.has(c.name),
      })),
    };
  });
}
