import type { FieldDef, Resource, SearchOp } from '@civdesk/meta';
import dayjs from 'dayjs';
import type { Query } from './crud-api.ts';

/** Search-only column carrying the creation-time range of every list screen. */
export const CREATE_TIME_RANGE = 'createTimeRange';

export const DATETIME = 'YYYY-MM-DD HH:mm:ss';
export const DATE = 'YYYY-MM-DD';

const textTypes = new Set(['string', 'text', 'richText', 'image', 'file']);
const dateTypes = new Set(['date', 'datetime']);

/** The search operator a field's definition asks for (BladeX query-map suffixes). */
export function searchOpOf(f: FieldDef): SearchOp | undefined {
  if (!f.search) return undefined;
  if (dateTypes.has(f.type)) return 'range'; // a single date is searched as a day range
  if (f.search === true) return textTypes.has(f.type) ? 'like' : 'equal';
  return f.search;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function text(v: unknown, format: string): string {
  if (dayjs.isDayjs(v)) return v.format(format);
  if (v instanceof Date) return dayjs(v).format(format);
  return String(v);
}

function rangeParams(key: string, f: FieldDef, value: unknown): Query {
  const [from, to] = Array.isArray(value) ? value : [];
  const out: Query = {};
  if (f.type === 'date' || f.type === 'datetime') {
    if (!isEmpty(from)) out[`${key}_datege`] = text(from, f.type === 'date' ? DATE : DATETIME);
    if (!isEmpty(to)) out[`${key}_datele`] = text(to, f.type === 'date' ? DATE : DATETIME);
  } else {
    if (!isEmpty(from)) out[`${key}_ge`] = String(from);
    if (!isEmpty(to)) out[`${key}_le`] = String(to);
  }
  return out;
}

/** One search value as query parameters: text fields send `<field>` (the server does LIKE), others `<field>_equal`. */
export function searchParams(key: string, f: FieldDef, value: unknown): Query {
  const op = searchOpOf(f);
  if (!op || isEmpty(value)) return {};
  if (op === 'range') return rangeParams(key, f, value);
  const v = Array.isArray(value) ? value.join(',') : text(value, DATETIME);
  if (op === 'like') return textTypes.has(f.type) ? { [key]: v } : { [`${key}_like`]: v };
  return { [`${key}_equal`]: v };
}

export type SortOrder = Record<string, 'ascend' | 'descend' | null | undefined>;

/**
 * ProTable's request arguments as a BladeX query map: paging, search fields, the creation-time
 * range (createTime_datege / createTime_datelt) and ascs/descs.
 */
export function toListQuery(r: Resource, params: Record<string, unknown>, sort: SortOrder = {}, paged = true): Query {
  const q: Query = {};
  if (paged) {
    q.current = Number(params.current ?? 1);
    q.size = Number(params.pageSize ?? 10);
  }
  for (const [key, f] of Object.entries(r.allFields)) {
    if (f.search && key in params) Object.assign(q, searchParams(key, f, params[key]));
  }
  const range = params[CREATE_TIME_RANGE];
  if (Array.isArray(range)) {
    if (!isEmpty(range[0])) q.createTime_datege = text(range[0], DATETIME);
    if (!isEmpty(range[1])) q.createTime_datelt = text(range[1], DATETIME);
  }
  const ascs: string[] = [];
  const descs: string[] = [];
  for (const [field, order] of Object.entries(sort)) {
    if (order === 'ascend') ascs.push(field);
    if (order === 'descend') descs.push(field);
  }
  if (ascs.length) q.ascs = ascs.join(',');
  if (descs.length) q.descs = descs.join(',');
  return q;
}
