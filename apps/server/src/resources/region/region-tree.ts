import type { Row } from '@civdesk/db';
import { areaSort, region } from '@civdesk/resources';
import { z } from 'zod';
import type { AppContext } from '../../core/context.ts';
import { badRequest, notFound } from '../../core/envelope.ts';
import { optionalId, text } from '../../core/input.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { regionTrees } from './tree-cache.ts';

export const MAX_NODES = 5000;

const R = sqlOf(region, 'r');
const C = sqlOf(region, 'c');
const G = sqlOf(region);
const O = sqlOf(areaSort, 'o');
const r = R.c;
export const regionCols = `${r.id}::text as id, ${r.parentId}::text as "parentId", ${r.code} as code, ${r.name} as name,
  ${r.fullName} as "fullName", ${r.pycode} as pycode, ${r.regionLevel} as "regionLevel", ${r.fullPath} as "fullPath", ${r.areaId} as "areaId"`;

/** Where a tree starts: `parentId=` (an id), else `parentCode=` (a region code; '00' or none: the national root). */
export const ParentParams = z.object({ parentId: optionalId, parentCode: text.optional() });

/** The region the parameters name ('0' = the national root), or a 400 / 404. */
export async function parentOf(ctx: AppContext, q: z.output<typeof ParentParams>): Promise<string> {
  if (q.parentId !== undefined) return q.parentId;
  const code = q.parentCode || '00';
  if (code === '00') return '0';
  if (!/^\d{1,32}$/.test(code)) throw badRequest('parentCode 应为区划编号');
  const [row] = await ctx.db.query<{ id: string }>(`select ${G.c.id}::text as id from ${G.table} where ${G.c.code} = $1 and ${G.live()}`, [
    code,
  ]);
  if (!row) throw notFound('区划不存在');
  return row.id;
}

/** `regionLevel=`: 1 (province) to 5. */
export const level = z
  .unknown()
  .optional()
  .refine((v) => /^[1-5]$/.test(String(v ?? '')), { error: 'regionLevel 应为 1 到 5' })
  .transform(Number);

export const node = (row: Row) => ({ ...row, title: row.name, key: row.id, value: row.id });

const TOO_LARGE = '范围过大，请从下级区划开始';

/** The regions under the given roots, down to `maxLevel`, as a recursive query. */
const below = (select: string) => `with recursive t as (
       select ${G.c.id} as id from ${G.table} where ${G.c.parentId} = any($1::bigint[]) and ${G.live()} and ${G.c.regionLevel} <= $2
       union all
       select ${r.id} from ${R.table} join t on ${r.parentId} = t.id where ${R.live()} and ${r.regionLevel} <= $2
     ) ${select}`;

/**
 * Regions under the given roots down to `maxLevel`, refused when too large to draw. The size is
 * checked first by a count that stops one past the limit (the recursion is only walked as far as
 * the count reads), so a refusal costs a fraction of loading; answers and refusals are cached.
 */
export async function subtree(ctx: AppContext, roots: string[], maxLevel: number): Promise<Row[]> {
  const key = `${maxLevel}:${[...roots].sort().join(',')}`;
  const found = await regionTrees(ctx).get(key, async () => {
    const [{ n }] = await ctx.db.query<{ n: number }>(below(`select count(*)::int as n from (select 1 from t limit ${MAX_NODES + 1}) x`), [
      roots,
      maxLevel,
    ]);
    if (n > MAX_NODES) return null;
    return ctx.db.query<Row>(below(`select ${regionCols} from ${R.table} join t on t.id = ${r.id} order by ${r.code}`), [roots, maxLevel]);
  });
  if (!found) throw badRequest(TOO_LARGE);
  return found;
}

/** One level, in the tenant's own order (area sort) then by code, with hasChildren. */
export async function sortedLevel(ctx: AppContext, parent: string, tenantId: string): Promise<Row[]> {
  return ctx.db.query<Row>(
    `select ${regionCols}, ${O.c.sort} as sort, exists(select 1 from ${C.table} where ${C.c.parentId} = ${r.id} and ${C.live()}) as "hasChildren"
       from ${R.table} left join ${O.table} on ${O.c.areaId} = ${r.id} and ${O.live('$2')}
      where ${r.parentId} = $1 and ${R.live()} order by ${O.c.sort} nulls last, ${r.code} limit ${MAX_NODES}`,
    [parent, tenantId],
  );
}
