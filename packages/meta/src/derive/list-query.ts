import { isDateText } from '../dates.ts';
import { columnOf, type FieldDef, type Resource, readableFields } from '../define-resource.ts';
import { numericTypes } from '../field-types.ts';
import { isIdText } from '../ids.ts';
import { bareOp } from './search-ops.ts';

/** BladeX query-map suffixes and what they mean. */
export const filterOps = [
  'equal',
  'notequal',
  'like',
  'likeleft',
  'likeright',
  'notlike',
  'ge',
  'le',
  'gt',
  'lt',
  'datege',
  'dategt',
  'dateequal',
  'datelt',
  'datele',
  'null',
  'notnull',
  'ignore',
] as const;
export type FilterOp = (typeof filterOps)[number];

/** One condition; `param` is the query parameter as sent, so an error can name it. */
export type Filter = { param: string; field: string; column: string; def: FieldDef; op: FilterOp; value: string };
export type Sort = { column: string; dir: 'asc' | 'desc' };
export type ListQuery = { filters: Filter[]; sorts: Sort[]; current: number; size: number; unpaged: boolean };

/** Largest page; `size=-1` (unpaged) is answered with at most this many rows too. */
export const MAX_PAGE_SIZE = 1000;
/** Parameters that are not filters. */
const reserved = new Set(['current', 'size', 'ascs', 'descs', 'blade-auth', '_t', 'parentId']);

export class QueryError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

const INT4 = 2_147_483_647;

/**
 * A filter value must suit its column: dates for date columns (and date operators only there),
 * whole numbers for numeric and id columns. Anything else is a 400 naming the parameter.
 */
function checkValue(f: Filter) {
  const { def, op, value } = f;
  const bad = (what: string) => new QueryError(`${f.param}: ${what}`, f.param);
  if (op === 'null' || op === 'notnull') return;
  const isDate = def.type === 'date' || def.type === 'datetime';
  if (op.startsWith('date') && !isDate) throw bad('只有日期字段可以按日期查询');
  if (isDate) {
    if (!isDateText(value)) throw bad('日期格式应为 yyyy-MM-dd HH:mm:ss');
    return;
  }
  if (value.includes('\u0000')) throw bad('包含非法字符');
  // A value longer than the column can hold matches nothing; refused like a wrong type.
  if (def.max !== undefined && (def.type === 'string' || def.type === 'text') && [...value].length > def.max) {
    throw bad(`不能超过 ${def.max} 个字符`);
  }
  const idLike = def.type === 'ref' || def.type === 'parent';
  const numeric = numericTypes.has(def.type) || (def.int && (def.type === 'enum' || def.type === 'dict'));
  if (idLike && !isIdText(value)) throw bad('必须是编号');
  if (numeric && (!/^-?\d{1,10}$/.test(value) || Math.abs(Number(value)) > INT4)) throw bad('必须是整数');
  if (def.type === 'decimal' && !/^-?\d{1,14}(\.\d{1,6})?$/.test(value)) throw bad('必须是数字');
}

/**
 * Parses a BladeX query map (`name=x&sort_ge=2&createTime_datege=…&descs=sort`) against what the
 * resource lets a caller read. Unknown keys and sort columns are refused, never ignored: a typo must
 * not silently widen a result, and hidden columns must not become an oracle.
 */
export function parseListQuery(r: Resource, q: Record<string, unknown>, extraReserved: string[] = []): ListQuery {
  const readable = new Map(readableFields(r));
  const byColumn = new Map(readableFields(r).map(([k, f]) => [columnOf(k, f), k]));
  const filters: Filter[] = [];
  for (const [rawKey, rawVal] of Object.entries(q)) {
    if (reserved.has(rawKey) || extraReserved.includes(rawKey)) continue;
    const value = Array.isArray(rawVal) ? String(rawVal[rawVal.length - 1]) : String(rawVal ?? '');
    const i = rawKey.lastIndexOf('_');
    const suffix = i > 0 ? rawKey.slice(i + 1) : '';
    const hasOp = (filterOps as readonly string[]).includes(suffix);
    if (suffix === 'ignore') continue; // BladeX: `<field>_ignore` is skipped, whatever the field
    const range = dateRange(readable, rawKey, rawVal);
    if (range) {
      for (const f of range) checkValue(f);
      filters.push(...range);
      continue;
    }
    const key = hasOp ? rawKey.slice(0, i) : rawKey;
    const field = readable.has(key) ? key : byColumn.get(key);
    if (!field) throw new QueryError(`未知的查询参数: ${rawKey}`, rawKey);
    const def = readable.get(field) as FieldDef;
    const op: FilterOp = hasOp ? (suffix as FilterOp) : bareOp(def.type);
    if (value === '' && op !== 'null' && op !== 'notnull') continue;
    const filter = { param: rawKey, field, column: columnOf(field, def), def, op, value };
    checkValue(filter);
    filters.push(filter);
  }
  const sorts: Sort[] = [];
  for (const [param, dir] of [
    ['ascs', 'asc'],
    ['descs', 'desc'],
  ] as const) {
    const raw = q[param];
    if (raw === undefined || raw === '') continue;
    for (const name of String(raw).split(',').filter(Boolean)) {
      const field = readable.has(name) ? name : byColumn.get(name);
      if (!field) throw new QueryError(`不允许的排序字段: ${name}`, param);
      sorts.push({ column: columnOf(field, readable.get(field) as FieldDef), dir });
    }
  }
  if (sorts.length === 0) {
    for (const s of r.defaultSort) sorts.push({ column: columnOf(s.field, r.allFields[s.field]), dir: s.dir });
  }
  const current = parsePositive(q.current, 1, 'current');
  const rawSize = q.size === undefined || q.size === '' ? '10' : String(q.size);
  if (!/^-?\d+$/.test(rawSize)) throw new QueryError('size: 必须是整数', 'size');
  const sizeNum = Number(rawSize);
  const unpaged = sizeNum === -1;
  if (!unpaged && (sizeNum < 1 || sizeNum > MAX_PAGE_SIZE)) {
    throw new QueryError(`size: 每页条数应在 1 到 ${MAX_PAGE_SIZE} 之间`, 'size');
  }
  return { filters, sorts, current: unpaged ? 1 : current, size: unpaged ? MAX_PAGE_SIZE : sizeNum, unpaged };
}

/**
 * `<dateField>Range=from,to` (BladeX screens' date-range search, e.g. the notice's `releaseTimeRange`):
 * from and to inclusive, either end may be empty; repeated parameters count as the two ends.
 */
function dateRange(readable: Map<string, FieldDef>, rawKey: string, rawVal: unknown): Filter[] | undefined {
  if (!rawKey.endsWith('Range')) return undefined;
  const field = rawKey.slice(0, -'Range'.length);
  const def = readable.get(field);
  if (!def || (def.type !== 'date' && def.type !== 'datetime')) return undefined;
  const ends = Array.isArray(rawVal) ? rawVal.map(String) : String(rawVal ?? '').split(',');
  if (ends.length > 2) throw new QueryError(`${rawKey}: 应为“开始,结束”`, rawKey);
  const column = columnOf(field, def);
  return (['datege', 'datele'] as const)
    .map((op, i) => {
      const value = (ends[i] ?? '').trim();
      // A day as the end of a time range means the whole day.
      const to = op === 'datele' && def.type === 'datetime' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value} 23:59:59` : value;
      return { param: rawKey, field, column, def, op, value: to };
    })
    .filter((f) => f.value !== '');
}

function parsePositive(v: unknown, dflt: number, name: string): number {
  if (v === undefined || v === '') return dflt;
  const s = String(v);
  if (!/^\d+$/.test(s) || Number(s) < 1 || Number(s) > 10_000_000) throw new QueryError(`${name}: 必须是正整数`, name);
  return Number(s);
}
