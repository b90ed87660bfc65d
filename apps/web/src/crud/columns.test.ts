import { defineResource, type FieldDef, type FieldType, fieldTypes } from '@civdesk/meta';
import { post } from '@civdesk/resources';
import { describe, expect, it } from 'vitest';
import { buildColumns, type ColumnContext, columnByType } from './columns.tsx';
import { CREATE_TIME_RANGE } from './list-query.ts';

const L = (zh: string) => ({ zh, en: zh });

/** One field of every type, with what its type needs (options, dictionary, reference). */
const sample: Record<FieldType, FieldDef> = {
  string: { type: 'string', label: L('文本'), list: true, search: true },
  text: { type: 'text', label: L('长文本'), list: true },
  int: { type: 'int', label: L('整数'), list: true },
  decimal: { type: 'decimal', label: L('小数'), list: true },
  order: { type: 'order', label: L('排序'), list: { sortable: true } },
  enum: { type: 'enum', label: L('枚举'), options: [{ value: 1, label: { zh: '是', en: 'Yes' } }], list: true, search: true },
  multiEnum: { type: 'multiEnum', label: L('多选'), options: [{ value: 'a', label: L('甲') }], list: true },
  dict: { type: 'dict', label: L('字典'), dict: 'post_category', int: true, list: true, search: 'equal' },
  date: { type: 'date', label: L('日期'), list: true, search: true },
  datetime: { type: 'datetime', label: L('时间'), list: true },
  ref: { type: 'ref', label: L('引用'), ref: { resource: 'post', labelField: 'postName' }, list: true },
  multiRef: { type: 'multiRef', label: L('多引用'), ref: { resource: 'dept', labelField: 'deptName' }, list: true },
  parent: { type: 'parent', label: L('上级'), list: true },
  image: { type: 'image', label: L('图片'), list: true },
  file: { type: 'file', label: L('文件'), list: true },
  richText: { type: 'richText', label: L('富文本'), list: true },
  password: { type: 'password', label: L('密码') },
};

const everything = defineResource({
  name: 'everything',
  table: 't',
  label: L('全部'),
  api: '/api/x',
  tenant: false,
  softDelete: true,
  menu: false,
  tree: { parentField: 'parent', titleField: 'string' },
  defaultSort: [],
  fields: sample,
});

const ctx = (over: Partial<ColumnContext> = {}): ColumnContext => ({
  lang: 'zh',
  options: {},
  resource: everything,
  createTimeLabel: '创建时间',
  ...over,
});

/** The ProComponents valueType each field type maps onto. */
const expected: Record<FieldType, string> = {
  string: 'text',
  text: 'text',
  int: 'digit',
  decimal: 'text',
  order: 'digit',
  enum: 'select',
  multiEnum: 'select',
  dict: 'select',
  date: 'date',
  datetime: 'dateTime',
  ref: 'select',
  multiRef: 'treeSelect',
  parent: 'treeSelect',
  image: 'image',
  file: 'text',
  richText: 'text',
  password: 'password',
};

describe('column mapping', () => {
  it.each(fieldTypes.map((t) => [t]))('maps %s onto a ProComponents valueType', (type) => {
    const col = columnByType[type](type, sample[type], ctx());
    expect(col.valueType).toBe(expected[type]);
  });

  it('gives choice fields their options, in order and with their value type', () => {
    const options = { dict: [2, 1].map((v) => ({ label: `L${v}`, title: `L${v}`, value: v })) };
    const col = columnByType.dict('dict', sample.dict, ctx({ options }));
    expect([...(col.valueEnum as Map<number, { text: string }>).entries()]).toEqual([
      [2, { text: 'L2' }],
      [1, { text: 'L1' }],
    ]);
    const en = columnByType.enum('enum', sample.enum, ctx({ lang: 'en', options: { enum: [{ label: 'Yes', title: 'Yes', value: 1 }] } }));
    expect((en.valueEnum as Map<number, { text: string }>).get(1)).toEqual({ text: 'Yes' });
  });

  it('shows labels for comma-joined references and numbers without separators', () => {
    const options = { multiRef: [{ label: '甲部', title: '甲部', value: '1', children: [{ label: '乙部', title: '乙部', value: '2' }] }] };
    const col = columnByType.multiRef('multiRef', sample.multiRef, ctx({ options }));
    const render = col.render as (dom: unknown, row: Record<string, unknown>) => unknown;
    expect(render(null, { id: '9', multiRef: '1,2,3' })).toBe('甲部, 乙部, 3');
    const int = columnByType.int('int', sample.int, ctx()).render as (dom: unknown, row: Record<string, unknown>) => unknown;
    expect(int(null, { id: '9', int: 604800 })).toBe('604800');
    expect(int(null, { id: '9' })).toBe('-');
  });

  it('formats dates itself, so a list does not wait for the date pickers', () => {
    const cell = (type: 'date' | 'datetime') =>
      columnByType[type](type, sample[type], ctx()).render as (dom: unknown, row: Record<string, unknown>) => unknown;
    expect(cell('datetime')(null, { id: '9', datetime: '2024-05-01 08:09:10' })).toBe('2024-05-01 08:09:10');
    expect(cell('date')(null, { id: '9', date: '2024-05-01 08:09:10' })).toBe('2024-05-01');
    expect(cell('datetime')(null, { id: '9', datetime: '2024-05-01T08:09:10' })).toBe('2024-05-01 08:09:10');
    expect(cell('date')(null, { id: '9' })).toBe('-');
    expect(cell('date')(null, { id: '9', date: 'not a date' })).toBe('not a date');
  });

  it('references without a target resource are plain text', () => {
    expect(columnByType.ref('packageId', { type: 'ref', label: L('产品包') }, ctx()).valueType).toBe('text');
  });

  it('builds list columns, search inputs and the creation-time range from the definition', () => {
    const cols = buildColumns(post, { ...ctx(), resource: post });
    const byKey = new Map(cols.map((c) => [String(c.key), c]));
    expect(cols.filter((c) => !c.hideInTable).map((c) => c.dataIndex)).toEqual(['category', 'postCode', 'postName', 'sort']);
    expect(cols.filter((c) => c.search !== false).map((c) => c.dataIndex)).toEqual(['category', 'postCode', 'postName', CREATE_TIME_RANGE]);
    expect(byKey.get('sort')?.sorter).toBe(true);
    expect(byKey.get(CREATE_TIME_RANGE)).toMatchObject({ valueType: 'dateTimeRange', hideInTable: true, title: '创建时间' });
    expect(byKey.get('remark')).toBeUndefined(); // neither listed nor searched
    expect(byKey.get('postName')?.title).toBe('岗位名称');
  });

  it('searches dates by range in a search-only column and never lists passwords', () => {
    const cols = buildColumns(everything, ctx());
    const date = cols.filter((c) => c.dataIndex === 'date');
    expect(date.map((c) => [c.valueType, c.hideInTable, c.search])).toEqual([
      ['date', false, false],
      ['dateRange', true, undefined],
    ]);
    expect(cols.some((c) => c.dataIndex === 'password')).toBe(false);
  });
});
