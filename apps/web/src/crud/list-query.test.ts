import { defineResource } from '@civdesk/meta';
import { post } from '@civdesk/resources';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { CREATE_TIME_RANGE, searchOpOf, toListQuery } from './list-query.ts';

describe('list query', () => {
  it('sends text fields as <field> (LIKE) and equal fields as <field>_equal, with paging', () => {
    expect(toListQuery(post, { current: 2, pageSize: 30, postName: '经理', category: 1, remark: 'ignored' })).toEqual({
      current: 2,
      size: 30,
      postName: '经理',
      category_equal: '1',
    });
  });

  it('drops empty values', () => {
    expect(toListQuery(post, { current: 1, pageSize: 10, postName: '', postCode: undefined, category: null })).toEqual({
      current: 1,
      size: 10,
    });
  });

  it('sends the creation-time range as createTime_datege / createTime_datelt', () => {
    const q = toListQuery(post, { [CREATE_TIME_RANGE]: ['2024-01-01 00:00:00', dayjs('2024-02-01 12:30:00')] });
    expect(q).toMatchObject({ createTime_datege: '2024-01-01 00:00:00', createTime_datelt: '2024-02-01 12:30:00' });
  });

  it('turns sorting into ascs / descs', () => {
    expect(toListQuery(post, {}, { sort: 'ascend' }, false)).toEqual({ ascs: 'sort' });
    expect(toListQuery(post, {}, { sort: 'descend', postCode: null }, false)).toEqual({ descs: 'sort' });
  });

  it('searches dates and explicit ranges with ge/le suffixes', () => {
    const r = defineResource({
      name: 'r',
      table: 'r',
      label: { zh: 'r', en: 'r' },
      api: '/api/r',
      tenant: false,
      softDelete: false,
      menu: false,
      defaultSort: [],
      fields: {
        day: { type: 'date', label: { zh: '日', en: 'Day' }, search: true },
        amount: { type: 'int', label: { zh: '数', en: 'N' }, search: 'range' },
        code: { type: 'int', label: { zh: '码', en: 'C' }, search: true },
        name: { type: 'string', label: { zh: '名', en: 'Name' }, search: 'equal' },
      },
    });
    expect(searchOpOf(r.fields.day)).toBe('range');
    expect(toListQuery(r, { day: ['2024-01-01', '2024-01-31'], amount: [1, 5], code: 7, name: 'x' }, {}, false)).toEqual({
      day_datege: '2024-01-01',
      day_datele: '2024-01-31',
      amount_ge: '1',
      amount_le: '5',
      code_equal: '7',
      name_equal: 'x',
    });
  });
});
