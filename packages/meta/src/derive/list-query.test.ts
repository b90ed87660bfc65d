import { describe, expect, it } from 'vitest';
import { defineResource } from '../define-resource.ts';
import { MAX_PAGE_SIZE, parseListQuery, QueryError } from './list-query.ts';

const r = defineResource({
  name: 'sample',
  table: 'sample',
  label: { zh: '样例', en: 'Sample' },
  api: '/api/x/sample',
  tenant: false,
  softDelete: true,
  menu: false,
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  fields: {
    postName: { type: 'string', label: { zh: '名称', en: 'Name' } },
    sort: { type: 'order', label: { zh: '排序', en: 'Order' } },
    category: { type: 'dict', int: true, dict: 'c', label: { zh: '类型', en: 'Category' } },
    secret: { type: 'password', label: { zh: '密码', en: 'Password' } },
  },
});

const fail = (q: Record<string, unknown>) => {
  try {
    parseListQuery(r, q);
  } catch (e) {
    return e instanceof QueryError ? e.field : 'other';
  }
  return null;
};

describe('BladeX query map', () => {
  it('maps suffixes, camelCase or snake_case keys, and skips empty values', () => {
    const q = parseListQuery(r, {
      postName: '岗',
      post_name_likeright: 'a',
      sort_ge: '2',
      category_equal: '1',
      createTime_datege: '2024-01-01 00:00:00',
      x_ignore: '',
      postName_notequal: '',
    });
    expect(q.filters.map((f) => [f.column, f.op, f.value])).toEqual([
      ['post_name', 'like', '岗'],
      ['post_name', 'likeright', 'a'],
      ['sort', 'ge', '2'],
      ['category', 'equal', '1'],
      ['create_time', 'datege', '2024-01-01 00:00:00'],
    ]);
  });

  it('uses equality without a suffix for non-text fields', () => {
    expect(parseListQuery(r, { category: '2' }).filters[0].op).toBe('equal');
  });

  it('refuses unknown keys, hidden columns and bad values instead of ignoring them', () => {
    expect(fail({ nope: '1' })).toBe('nope');
    expect(fail({ secret: 'x' })).toBe('secret');
    expect(fail({ sort_ge: 'x' })).toBe('sort_ge');
    expect(fail({ createTime_datege: 'yesterday' })).toBe('createTime_datege');
    expect(fail({ descs: 'secret' })).toBe('descs');
    expect(fail({ ascs: 'sort;drop' })).toBe('ascs');
  });

  it('sorts only over readable columns, default sort otherwise', () => {
    expect(parseListQuery(r, { descs: 'createTime,post_name', ascs: 'sort' }).sorts).toEqual([
      { column: 'sort', dir: 'asc' },
      { column: 'create_time', dir: 'desc' },
      { column: 'post_name', dir: 'desc' },
    ]);
    expect(parseListQuery(r, {}).sorts).toEqual([{ column: 'sort', dir: 'asc' }]);
  });

  it('pages with current/size; size=-1 is unpaged but capped', () => {
    expect(parseListQuery(r, {})).toMatchObject({ current: 1, size: 10, unpaged: false });
    expect(parseListQuery(r, { current: '3', size: '30' })).toMatchObject({ current: 3, size: 30 });
    expect(parseListQuery(r, { size: '-1', current: '5' })).toMatchObject({ current: 1, size: MAX_PAGE_SIZE, unpaged: true });
    expect(fail({ size: '0' })).toBe('size');
    expect(fail({ size: String(MAX_PAGE_SIZE + 1) })).toBe('size');
    expect(fail({ current: '-2' })).toBe('current');
  });
});
