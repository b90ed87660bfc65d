import { baseFieldKeys, baseFields, columnOf, type FieldDef } from '@civdesk/meta';
import { dictionaries, registry } from '@civdesk/resources';
import type { ColumnInfo, TableInfo } from './schema-reader.ts';

/** One field row of a code model (a `model-prototype` row without its id and model). */
export type Prototype = {
  jdbcName: string;
  jdbcType: string;
  propertyName: string;
  propertyType: string;
  comment: string;
  isList: number;
  isForm: number;
  isRow: number;
  isRequired: number;
  componentType: string;
  dictCode: string | null;
  isQuery: number;
  queryType: string;
  sort: number;
};

/** The engine's own columns (id, tenant, audit, status, soft delete): every resource has them, no model configures them. */
const allBase = baseFields({ tenant: true });
export const baseColumns: ReadonlySet<string> = new Set(baseFieldKeys.map((k) => columnOf(k, allBase[k])));

export const camelOf = (snake: string) => snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The Java-style type the family's generator shows for a column type. */
export function propertyTypeOf(type: string): string {
  if (/^(varchar|char|text)/.test(type)) return 'String';
  if (type === 'integer' || type === 'smallint') return 'Integer';
  if (type === 'bigint') return 'Long';
  if (type.startsWith('numeric')) return 'BigDecimal';
  if (type === 'double precision' || type === 'real') return 'Double';
  if (type === 'boolean') return 'Boolean';
  if (type === 'date' || type.startsWith('timestamp')) return 'Date';
  return 'String';
}

/** The registered definition's field for a column, when a resource owns the table (regenerating one keeps its labels and flags). */
function registeredField(table: string, column: string): [string, FieldDef] | undefined {
  const r = registry.find((x) => x.table === table);
  return r && Object.entries(r.fields).find(([k, f]) => columnOf(k, f) === column);
}

const componentOf = (f: FieldDef): string =>
  f.type === 'text' || f.type === 'richText'
    ? 'textarea'
    : f.type === 'dict' || f.type === 'enum' || f.type === 'ref'
      ? 'select'
      : f.type === 'multiEnum'
        ? 'checkbox'
        : f.type === 'date' || f.type === 'datetime'
          ? 'date'
          : 'input';

function fromColumn(c: ColumnInfo, sort: number): Prototype {
  const propertyType = propertyTypeOf(c.type);
  return {
    jdbcName: c.name,
    jdbcType: c.type,
    propertyName: camelOf(c.name),
    propertyType,
    comment: (c.comment || c.name).slice(0, 100),
    isList: 1,
    isForm: 1,
    isRow: c.type === 'text' ? 1 : 0,
    isRequired: !c.nullable && c.defaultValue === null ? 1 : 0,
    componentType: c.type === 'text' ? 'textarea' : propertyType === 'Date' ? 'date' : 'input',
    dictCode: null,
    isQuery: 0,
    queryType: propertyType === 'String' ? 'like' : 'equal',
    sort,
  };
}

/**
 * A model's default field rows, read from its table: every column but the engine's own, in column
 * order. Where a registered resource owns the table, its labels, flags and dictionaries are the defaults.
 */
export function defaultPrototypes(table: TableInfo): Prototype[] {
  return table.fields
    .filter((c) => !baseColumns.has(c.name))
    .map((c, i) => {
      const p = fromColumn(c, i + 1);
      const known = registeredField(table.name, c.name);
      if (!known) return p;
      const [key, f] = known;
      const form = f.form === false ? null : f.form === true || f.form === undefined ? {} : f.form;
      return {
        ...p,
        propertyName: key,
        comment: f.label.zh.slice(0, 100),
        isList: f.list ? 1 : 0,
        isForm: form ? 1 : 0,
        isRow: form?.span === 24 ? 1 : 0,
        isRequired: f.required ? 1 : 0,
        componentType: componentOf(f),
        dictCode: f.dict && dictionaries[f.dict] ? f.dict : null,
        isQuery: f.search ? 1 : 0,
        queryType: f.search === 'equal' ? 'equal' : f.search === 'range' ? 'between' : f.search ? 'like' : p.queryType,
      };
    });
}
