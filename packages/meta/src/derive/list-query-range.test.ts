import { expect, it } from 'vitest';
import { defineResource } from '../define-resource.ts';
import { parseListQuery, QueryError } from './list-query.ts';

const r = defineResource({
  name: 'sample',
  table: 'sample',
  label: { zh: '样例', en: 'Sample' },
  api: '/api/x/sample',
  tenant: false,
  softDelete: true,
  menu: false,
  defaultSort: [{ field: 'title', dir: 'asc' }],
  fields: {
    title: { type: 'string', label: { zh: '标题', en: 'Title' } },
    releaseTime: { type: 'datetime', label: { zh: '时间', en: 'Time' } },
  },
});

const ops = (q: Record<string, unknown>) => parseListQuery(r, q).filters.map((f) => [f.op, f.value]);

it('reads <dateField>Range as from and to, the day of `to` included, either end optional', () => {
  expect(ops({ releaseTimeRange: '2026-11-20,2026-11-22' })).toEqual([
    ['datege', '2026-11-20'],
    ['datele', '2026-11-22 23:59:59'],
  ]);
  expect(ops({ releaseTimeRange: ['2026-11-20 08:00:00', '2026-11-22 12:00:00'] })).toEqual([
    ['datege', '2026-11-20 08:00:00'],
    ['datele', '2026-11-22 12:00:00'],
  ]);
  expect(ops({ releaseTimeRange: ',2026-11-22' })).toEqual([['datele', '2026-11-22 23:59:59']]);
  expect(ops({ releaseTimeRange: '' })).toEqual([]);
});

it('refuses a range on a field that is no date, a bad date and three parts', () => {
  for (const q of [{ titleRange: 'a,b' }, { releaseTimeRange: 'x,y' }, { releaseTimeRange: '2026-11-20,2026-11-21,2026-11-22' }]) {
    expect(() => parseListQuery(r, q)).toThrow(QueryError);
  }
});
