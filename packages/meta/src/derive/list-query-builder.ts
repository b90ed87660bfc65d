import type { FieldDef, Resource } from '../define-resource.ts';
import { bareOp, searchOpOf } from './search-ops.ts';

// The client half of the BladeX query map (`list-query.ts` is the server half): what a list
// screen's search bar, paging and sorting send. Both halves read `search-ops.ts`.

/** A query map as sent: parameter → value. */
export type QueryMap = Record<string, string | number>;

/** Search-only column carrying the creation-time range of every list screen. */
export const CREATE_TIME_RANGE = 'createTimeRange';

/**
 * Turns a value the search bar holds into the text sent: dates as `yyyy-MM-dd` (`date`) or
 * `yyyy-MM-dd HH:mm:ss` (`datetime`). The web app passes one that knows its date library's objects.
 */
export type ValueText = (value: unknown, kind: 'date' | 'datetime') => string;

/** A table's sort state: field → direction. */
export type SortOrder = Record<string, 'ascend' | 'descend' | null | undefined>;

export type BuildOptions = {
  sort?: SortOrder;
  /** Send `current`/`size` (false for trees, which come whole). */
  paged?: boolean;
  text?: ValueText;
};

const plainText: ValueText = (v) => String(v);

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function rangeParams(key: string, f: FieldDef, value: unknown, text: ValueText): QueryMap {
  const [from, to] = Array.isArray(value) ? value : [];
  const out: QueryMap = {};
  if (f.type === 'date' || f.type === 'datetime') {
    if (!isEmpty(from)) out[`${key}_datege`] = text(from, f.type);
    if (!isEmpty(to)) out[`${key}_datele`] = text(to, f.type);
  } else {
    if (!isEmpty(from)) out[`${key}_ge`] = String(from);
    if (!isEmpty(to)) out[`${key}_le`] = String(to);
  }
  return out;
}

/**
 * One search value as query parameters: a LIKE search sends `<field>` where a bare parameter means
 * LIKE for the type, else `<field>_like`; an equality search sends `<field>_equal`.
 */
export function searchParams(key: string, f: FieldDef, value: unknown, text: ValueText = plainText): QueryMap {
  const op = searchOpOf(f);
  if (!op || isEmpty(value)) return {};
  if (op === 'range') return rangeParams(key, f, value, text);
  const v = Array.isArray(value) ? value.join(',') : text(value, 'datetime');
  if (op === 'like') return bareOp(f.type) === 'like' ? { [key]: v } : { [`${key}_like`]: v };
  return { [`${key}_equal`]: v };
}

/**
 * A list screen's request as a BladeX query map: paging (`current`, `pageSize` → `size`), the
 * searched fields, the creation-time range (createTime_datege / createTime_datelt) and ascs/descs.
 */
export function buildListQuery(r: Resource, params: Record<string, unknown>, o: BuildOptions = {}): QueryMap {
  const text = o.text ?? plainText;
  const q: QueryMap = {};
  if (o.paged ?? true) {
    q.current = Number(params.current ?? 1);
    q.size = Number(params.pageSize ?? 10);
  }
  for (const [key, f] of Object.entries(r.allFields)) {
    if (f.search && key in params) Object.assign(q, searchParams(key, f, params[key], text));
  }
  const range = params[CREATE_TIME_RANGE];
  if (Array.isArray(range)) {
    if (!isEmpty(range[0])) q.createTime_datege = text(range[0], 'datetime');
    if (!isEmpty(range[1])) q.createTime_datelt = text(range[1], 'datetime');
  }
  const ascs: string[] = [];
  const descs: string[] = [];
  for (const [field, order] of Object.entries(o.sort ?? {})) {
    if (order === 'ascend') ascs.push(field);
    if (order === 'descend') descs.push(field);
  }
  if (ascs.length) q.ascs = ascs.join(',');
  if (descs.length) q.descs = descs.join(',');
  return q;
}
