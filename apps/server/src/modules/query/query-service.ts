import type { Queryable, Row } from '@civdesk/db';
import { isDateText } from '@civdesk/meta';
import { bmsQueryCondition, bmsQueryList, bmsQueryTabDetail } from '@civdesk/resources';
import type { Scope } from '../../core/caller.ts';
import { badRequest, notFound } from '../../core/envelope.ts';
import { listQuery } from '../../crud/list-query.ts';
import { findOne, rows } from '../../crud/repository.ts';
import { runReadOnly, type SqlResult } from '../sql-runner/sql-runner.ts';

/** A custom query with its conditions and result columns, as the run page needs them. */
export type QueryDetail = Row & { conditions: Row[]; tabDetails: Row[] };

/** The rows of a query's child resource (its conditions or columns), in their order. */
const childrenOf = (db: Queryable, r: typeof bmsQueryCondition | typeof bmsQueryTabDetail, s: Scope, queryId: string) =>
  rows(db, r, s, listQuery(r, { queryId, size: -1 }));

/** A query of the caller's tenant with its conditions and result columns; 404 when it is not there. */
export async function queryDetail(db: Queryable, s: Scope, id: string): Promise<QueryDetail> {
  const query = await findOne(db, bmsQueryList, s, { id });
  if (!query) throw notFound('查询不存在或已被删除');
  const [conditions, tabDetails] = await Promise.all([childrenOf(db, bmsQueryCondition, s, id), childrenOf(db, bmsQueryTabDetail, s, id)]);
  return { ...query, conditions, tabDetails };
}

/** Keys a run call may carry besides the conditions' parameters. */
const RESERVED = new Set(['id', 'current', 'size', 'blade-auth', '_t']);
const MAX_VALUE = 200;

/**
 * The values bound to a query's parameters, one per condition: required ones must be given, a
 * number must be a number, a date a date; an empty one takes its default, else NULL (the runner
 * binds NULL, which matches nothing). A key that is no condition is refused: a typo must not
 * silently run the query without its filter.
 */
export function conditionValues(conditions: Row[], input: Record<string, unknown>): Record<string, string | null> {
  const byParam = new Map(conditions.map((c) => [String(c.paramName), c]));
  for (const key of Object.keys(input)) {
    if (!RESERVED.has(key) && !byParam.has(key)) throw badRequest(`未知的查询条件: ${key}`);
  }
  const out: Record<string, string | null> = {};
  for (const [param, c] of byParam) {
    const label = String(c.conditionName ?? param);
    const raw = input[param];
    let value = Array.isArray(raw) ? raw.at(-1) : raw;
    if (value === undefined || value === null || value === '') value = c.defaultValue ?? '';
    if (typeof value === 'object') throw badRequest(`${label}的值不正确`);
    const text = String(value).trim();
    if (text === '') {
      if (Number(c.isRequired) === 1) throw badRequest(`请输入${label}`);
      out[param] = null;
      continue;
    }
    if ([...text].length > MAX_VALUE) throw badRequest(`${label}不能超过${MAX_VALUE}个字符`);
    if (c.conditionType === 'number' && !/^-?\d{1,15}(\.\d{1,6})?$/.test(text)) throw badRequest(`${label}应为数字`);
    if (c.conditionType === 'date' && !isDateText(text, { time: 'none' })) throw badRequest(`${label}应为 yyyy-MM-dd 日期`);
    out[param] = text;
  }
  return out;
}

/** A value JSON can carry: big integers as numbers when exact (else text), bytes not at all. */
function plainValue(v: unknown): unknown {
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (v instanceof Uint8Array) return '[binary]';
  return v;
}
export const plainRows = (list: Row[]): Row[] => list.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, plainValue(v)])));

export type QueryRun = SqlResult & { query: QueryDetail };

/** Runs a custom query in the caller's tenant through the read-only runner, its conditions bound by name. */
export async function runQuery(
  db: Queryable & Parameters<typeof runReadOnly>[0],
  s: Scope,
  id: string,
  input: Record<string, unknown>,
  page?: { current: number; size: number },
): Promise<QueryRun> {
  const query = await queryDetail(db, s, id);
  const params = conditionValues(query.conditions, input);
  const result = await runReadOnly(db, {
    sql: String(query.content),
    params,
    tenantId: s.caller.tenantId,
    ...(page ? { page: { offset: (page.current - 1) * page.size, size: page.size } } : {}),
  });
  return { ...result, rows: plainRows(result.rows), query };
}
