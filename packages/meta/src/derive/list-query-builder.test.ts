import { describe, expect, it } from 'vitest';
import { defineResource, type FieldDef } from '../define-resource.ts';
import { fieldTypes } from '../field-types.ts';
import { parseListQuery } from './list-query.ts';
import { buildListQuery, CREATE_TIME_RANGE } from './list-query-builder.ts';
import { searchByType, searchOpOf } from './search-ops.ts';

// The builder (what a list screen sends) and the parser (what the server reads) must agree on
// every field type: a search the screen means as LIKE must reach the database as LIKE.

const sampleOf: Record<string, string> = {
  int: '7',
  order: '7',
  decimal: '1.5',
  enum: '1',
  multiEnum: '1',
  dict: '1',
  ref: '12',
  multiRef: '12',
  parent: '12',
};
const searchable = fieldTypes.filter((t) => t !== 'password');
const fields = Object.fromEntries(
  searchable.map((t): [string, FieldDef] => [
    `f_${t}`,
    {
      type: t,
      label: { zh: t, en: t },
      search: true,
      ...(t === 'enum' || t === 'multiEnum' ? { options: [{ value: 1, label: { zh: '一', en: 'One' } }] } : {}),
    },
  ]),
);
const r = defineResource({
  name: 'every-type',
  table: 'every_type',
  label: { zh: '类型', en: 'Types' },
  api: '/api/x/every-type',
  tenant: false,
  softDelete: false,
  defaultSort: [],
  fields,
  menu: false,
});

describe('query map: builder and parser', () => {
  it('agree on the operator of every searchable field type', () => {
    for (const t of searchable) {
      const key = `f_${t}`;
      const range = searchOpOf(fields[key]) === 'range';
      const value = range ? ['2024-01-01', '2024-01-31'] : (sampleOf[t] ?? 'abc');
      const sent = buildListQuery(r, { [key]: value }, { paged: false });
      const parsed = parseListQuery(r, sent);
      const expected = range ? ['datege', 'datele'] : [searchByType[t].search === 'like' ? 'like' : 'equal'];
      expect(
        parsed.filters.map((f) => f.op),
        t,
      ).toEqual(expected);
    }
  });

  it('sends a text search as the bare field, which the server reads as LIKE — rich text, images and files too', () => {
    for (const t of ['string', 'text', 'richText', 'image', 'file'] as const) {
      const sent = buildListQuery(r, { [`f_${t}`]: 'x' }, { paged: false });
      expect(sent).toEqual({ [`f_${t}`]: 'x' });
      expect(parseListQuery(r, sent).filters[0].op).toBe('like');
    }
  });

  it('uses the given value formatter for dates and the creation-time range', () => {
    const text = (v: unknown, kind: 'date' | 'datetime') => `${kind}:${String(v)}`;
    expect(buildListQuery(r, { f_date: ['a', ''], [CREATE_TIME_RANGE]: ['b', 'c'] }, { paged: false, text })).toEqual({
      f_date_datege: 'date:a',
      createTime_datege: 'datetime:b',
      createTime_datelt: 'datetime:c',
    });
  });
});
