import type { Db, Queryable, Row } from '@civdesk/db';
import { columnOf, type Resource, readableFields } from '@civdesk/meta';
import { registry } from '@civdesk/resources';
import { badRequest, HttpError } from '../../core/envelope.ts';
import { numberParams } from './named-params.ts';
import { checkSelect } from './sql-check.ts';

export type SqlRun = {
  /** One SELECT with `:name` parameters; `:tenantId` is always the caller's tenant. */
  sql: string;
  /** Values of the named parameters (text; PostgreSQL casts them where they are compared). */
  params?: Record<string, unknown>;
  tenantId: string;
  /** Statement time limit in milliseconds (PostgreSQL; see docs/matter-materials.md for PGlite). */
  timeoutMs?: number;
  /** Rows answered at most; more are cut off and flagged. */
  maxRows?: number;
  /**
   * The planner's estimated cost above which the statement is refused before it runs. It is the
   * guard against long runs that holds on PGlite too, where no statement timeout fires.
   */
  maxCost?: number;
  /** One page of the answer (`offset` rows skipped, at most `size`) and the total count beside it. */
  page?: { offset: number; size: number };
};
export type SqlResult = { columns: string[]; rows: Row[]; truncated: boolean; total?: number };

export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_MAX_ROWS = 1000;
/** About a full scan of a few million rows or a join of two 1,500-row tables without a key. */
export const DEFAULT_MAX_COST = 2_000_000;

const qi = (name: string) => `"${name.replaceAll('"', '""')}"`;
const tenantPattern = /^[A-Za-z0-9_-]{1,32}$/;

// Shared tables no tenant reads through the API: the platform's data sources (connection settings)
// and tenant packages (which tenant has what).
const PLATFORM_ONLY = new Set(['datasource', 'tenant-package']);

/** The tables a statement may read: every resource a tenant administrator's API reads, none of the platform's own. */
const readable = new Map<string, Resource>(registry.filter((r) => !r.platformOnly && !PLATFORM_ONLY.has(r.name)).map((r) => [r.table, r]));

/**
 * The view a statement sees in place of a table, created in the statement's own transaction: the
 * caller's tenant's live rows, and only the columns the API answers (never passwords or secrets).
 */
function viewOf(r: Resource, schema: string, tenantId: string): string {
  const cols = readableFields(r).map(([k, f]) => qi(columnOf(k, f)));
  const where: string[] = [];
  if (r.softDelete) where.push(`"is_deleted" = 0`);
  const tenantField = r.tenant ? 'tenantId' : r.tenantCodeField;
  if (tenantField) where.push(`${qi(columnOf(tenantField, r.allFields[tenantField]))} = '${tenantId}'`);
  return `create temp view ${qi(r.table)} as select ${cols.join(', ')} from ${qi(schema)}.${qi(r.table)}${where.length ? ` where ${where.join(' and ')}` : ''}`;
}

/** Refuses a statement whose planned cost is above `maxCost`, before any of it runs. */
async function refuseCostly(t: Queryable, text: string, values: unknown[], maxCost: number) {
  const [plan] = await t.query<Row>(`explain (format json) select * from (${text}\n) q`, values);
  const raw = Object.values(plan)[0];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Total Cost'?: number } }[];
  const cost = Number(parsed[0]?.Plan?.['Total Cost'] ?? 0);
  if (cost > maxCost) {
    throw badRequest(`查询预计耗时过长(估算代价${Math.round(cost)}，上限${maxCost})，已拒绝执行，请增加条件缩小查询范围`);
  }
}

class Finished {
  constructor(readonly result: SqlResult) {}
}

/** A database complaint about the statement as the administrator's message; anything else stays a fault. */
function refusal(e: unknown, timeoutMs: number): unknown {
  const code = (e as { code?: string }).code ?? '';
  const msg = (e as Error).message;
  if (code === '57014') return badRequest(`查询超时(超过${timeoutMs / 1000}秒)，已取消`);
  if (code === '25006') return badRequest('只读查询不能修改数据');
  if (/^(42|22|2F|38|39|0A|21|44|P0)/.test(code)) return badRequest(`SQL执行出错: ${msg}`);
  return e;
}

/**
 * Runs an administrator's statement read-only: parse-checked (one SELECT), in its own transaction
 * that is always rolled back, `SET TRANSACTION READ ONLY` and a statement timeout, parameters bound
 * (never spliced), and the caller's tenant enforced by the views every table name resolves to.
 */
export async function runReadOnly(db: Db, run: SqlRun): Promise<SqlResult> {
  const timeoutMs = run.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRows = run.maxRows ?? DEFAULT_MAX_ROWS;
  if (!tenantPattern.test(run.tenantId)) throw badRequest('租户ID不正确');
  const { text: numbered, names } = numberParams(run.sql);
  const text = numbered.replace(/[\s;]+$/, '');
  const checked = await checkSelect(text);
  const values = names.map((n) => {
    if (n === 'tenantId') return run.tenantId;
    // A parameter the caller did not give is NULL: it matches nothing, it never widens a filter.
    const v = run.params?.[n];
    if (v === undefined || v === null || v === '') return null;
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  });
  try {
    await db.tx(async (t: Queryable) => {
      const [{ schema }] = await t.query<{ schema: string }>('select current_schema() as schema');
      const others = checked.relations.filter((n) => !readable.has(n));
      // A name that is neither a readable table nor free (a WITH name) would read the real relation.
      const taken = others.length
        ? await t.query<{ n: string }>('select n from unnest($1::text[]) n where to_regclass(quote_ident(n)) is not null', [others])
        : [];
      if (taken.length) throw badRequest(`不能读取表: ${taken.map((x) => x.n).join(', ')}`);
      const unknown = others.filter((n) => !checked.cteNames.includes(n));
      if (unknown.length) throw badRequest(`表不存在: ${unknown.join(', ')}`);
      for (const name of checked.relations) {
        const r = readable.get(name);
        if (r) await t.exec(viewOf(r, schema, run.tenantId));
      }
      await t.exec(`set transaction read only; set local statement_timeout = ${Math.max(1, Math.round(timeoutMs))}`);
      let rows: Row[];
      let total: number | undefined;
      try {
        await refuseCostly(t, text, values, run.maxCost ?? DEFAULT_MAX_COST);
        if (run.page) {
          const size = Math.min(run.page.size, maxRows);
          const [c] = await t.query<{ n: string | number }>(`select count(*) as n from (${text}\n) q`, values);
          total = Number(c.n);
          rows = await t.query<Row>(`select * from (${text}\n) q limit ${size} offset ${Math.max(0, Math.floor(run.page.offset))}`, values);
        } else {
          rows = await t.query<Row>(`select * from (${text}\n) q limit ${maxRows + 1}`, values);
        }
      } catch (e) {
        throw refusal(e, timeoutMs);
      }
      const truncated = !run.page && rows.length > maxRows;
      if (truncated) rows = rows.slice(0, maxRows);
      throw new Finished({ columns: rows[0] ? Object.keys(rows[0]) : [], rows, truncated, ...(total === undefined ? {} : { total }) });
    });
  } catch (e) {
    if (e instanceof Finished) return e.result;
    if (e instanceof HttpError) throw e;
    throw refusal(e, timeoutMs);
  }
  throw new Error('unreachable: the run always ends by rolling back');
}
