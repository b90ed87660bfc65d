import type { ProColumns } from '@ant-design/pro-components';
import type { FieldDef, FieldType, Lang, Resource } from '@civdesk/meta';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import type { Row } from './crud-api.ts';
import { CREATE_TIME_RANGE, DATE, DATETIME, searchOpOf } from './list-query.ts';
import { labelIndex, type Opt, type OptionMap, optionSourceOf } from './options.ts';

export type ColumnContext = { lang: Lang; options: OptionMap; resource: Resource; createTimeLabel: string };

type Column = ProColumns<Row>;
type Builder = (key: string, f: FieldDef, ctx: ColumnContext) => Column;

const EMPTY = '-';
const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** A Map keeps the dictionary's order and the value's type (int dictionaries stay numbers). */
const valueEnumOf = (opts: Opt[] = []) => new Map(opts.map((o) => [o.value, { text: o.label }]));

/** Shows labels for ids/keys, several when the value is comma-joined. */
const labelsOf =
  (key: string, ctx: ColumnContext) =>
  (_: ReactNode, row: Row): ReactNode => {
    const raw = row[key];
    if (isEmpty(raw)) return EMPTY;
    const index = labelIndex(ctx.options[key]);
    return String(raw)
      .split(',')
      .map((v) => index.get(v) ?? v)
      .join(', ');
  };

const choice = (key: string, ctx: ColumnContext, multiple: boolean): Column => ({
  valueType: 'select',
  valueEnum: valueEnumOf(ctx.options[key]),
  fieldProps: { showSearch: true, optionFilterProp: 'label', mode: multiple ? 'multiple' : undefined },
  render: multiple ? labelsOf(key, ctx) : undefined,
});

/** Referenced rows: a tree select when the target is a tree, a select otherwise, free text without a target. */
const reference: Builder = (key, f, ctx) => {
  const source = optionSourceOf(ctx.resource, f);
  if (!source) return { valueType: 'text' };
  const opts = ctx.options[key] ?? [];
  if (source.kind === 'tree') {
    return {
      valueType: 'treeSelect',
      fieldProps: { treeData: opts, showSearch: true, treeNodeFilterProp: 'title' },
      render: labelsOf(key, ctx),
    };
  }
  return { valueType: 'select', fieldProps: { options: opts, showSearch: true, optionFilterProp: 'label' }, render: labelsOf(key, ctx) };
};

/** Numbers shown as stored: ProTable's digit display adds thousands separators (3,600 seconds). */
const number = (key: string): Column => ({ valueType: 'digit', render: (_, row) => (isEmpty(row[key]) ? EMPTY : String(row[key])) });

/**
 * Dates as text, formatted here rather than by ProField's date renderer: that module brings antd's
 * DatePicker, which loads on demand (vite.config.ts, `lazy-pickers`), and a list should draw its
 * rows without waiting for calendar code.
 */
const dateText = (key: string, format: string) => (_: ReactNode, row: Row) => {
  const v = row[key];
  if (isEmpty(v)) return EMPTY;
  const d = dayjs(v as string | number);
  return d.isValid() ? d.format(format) : String(v);
};

const stripTags = (v: unknown) => (isEmpty(v) ? EMPTY : String(v).replace(/<[^>]*>/g, ''));

/**
 * The one mapping from field type to ProTable column (valueType, options, rendering). A new field
 * type fails to compile here until it is given a column.
 */
export const columnByType: Record<FieldType, Builder> = {
  string: (key, f, ctx) => (f.ref || f.choices || f.refBy ? reference(key, f, ctx) : { valueType: 'text' }),
  text: () => ({ valueType: 'text', ellipsis: true }),
  int: (key) => number(key),
  decimal: () => ({ valueType: 'text' }),
  order: (key) => number(key),
  enum: (key, _f, ctx) => choice(key, ctx, false),
  multiEnum: (key, _f, ctx) => choice(key, ctx, true),
  dict: (key, _f, ctx) => choice(key, ctx, false),
  date: (key) => ({ valueType: 'date', render: dateText(key, DATE) }),
  datetime: (key) => ({ valueType: 'dateTime', render: dateText(key, DATETIME) }),
  ref: reference,
  multiRef: reference,
  parent: reference,
  image: () => ({ valueType: 'image' }),
  file: (key) => ({
    valueType: 'text',
    render: (_, row) =>
      isEmpty(row[key]) ? (
        EMPTY
      ) : (
        <a href={String(row[key])} target="_blank" rel="noreferrer">
          {String(row[key]).split('/').pop()}
        </a>
      ),
  }),
  richText: () => ({ valueType: 'text', ellipsis: true, renderText: stripTags }),
  password: () => ({ valueType: 'password', hideInTable: true, search: false }),
};

const rangeType = (f: FieldDef) => (f.type === 'date' ? 'dateRange' : f.type === 'datetime' ? 'dateTimeRange' : 'digitRange');

/**
 * Data and search columns of a resource: listed fields become columns, searched fields become
 * search inputs (ranges get their own search-only column), plus the creation-time range.
 */
export function buildColumns(r: Resource, ctx: ColumnContext): Column[] {
  const cols: Column[] = [];
  for (const [key, f] of Object.entries(r.allFields)) {
    if (f.type === 'password' || (!f.list && !f.search)) continue;
    const hint = typeof f.list === 'object' ? f.list : {};
    const base = columnByType[f.type](key, f, ctx);
    const range = searchOpOf(f) === 'range';
    cols.push({
      ...base,
      title: f.label[ctx.lang],
      dataIndex: key,
      key,
      hideInTable: !f.list || Boolean(base.hideInTable),
      search: f.search && !range ? undefined : false,
      sorter: hint.sortable ? true : undefined,
      width: hint.width,
      ellipsis: hint.ellipsis ?? base.ellipsis,
      fieldProps: { ...(base.fieldProps as object), 'data-testid': `search-${key}` },
    });
    if (f.search && range) {
      cols.push({
        title: f.label[ctx.lang],
        dataIndex: key,
        key: `${key}-range`,
        valueType: rangeType(f),
        hideInTable: true,
        fieldProps: { 'data-testid': `search-${key}` },
      });
    }
  }
  cols.push({
    title: ctx.createTimeLabel,
    dataIndex: CREATE_TIME_RANGE,
    key: CREATE_TIME_RANGE,
    valueType: 'dateTimeRange',
    hideInTable: true,
    fieldProps: { 'data-testid': 'search-createTime' },
  });
  return cols;
}

/** 序号, continued across pages (row 1 of page 2, ten a page, is 11); `page` is the list's paging, none for trees. */
export function indexColumn(title: string, page: () => { current?: number; pageSize?: number } | undefined): Column {
  return {
    title,
    dataIndex: 'index',
    key: 'index',
    width: 64,
    search: false,
    render: (_: ReactNode, _row: Row, i: number) => {
      const p = page();
      return ((p?.current ?? 1) - 1) * (p?.pageSize ?? 0) + i + 1;
    },
  };
}
