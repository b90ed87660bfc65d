import type { Queryable, Row } from '@civdesk/db';
import type { Resource } from '@civdesk/meta';
import { z } from 'zod';
import type { Scope } from '../../core/caller.ts';
import { idList } from '../../core/input.ts';
import { newId } from '../../crud/ids.ts';
import { listQuery } from '../../crud/list-query.ts';
import { rows } from '../../crud/repository.ts';
import { Params } from '../../crud/sql.ts';

/** Ids a grant hands out: missing (or null) means "leave as it is", empty text or [] means "none". */
export const grantIds = z.preprocess((v) => (v === null ? undefined : v), idList({ max: 5000 }).optional());

/** Rows of a resource by id through the engine (tenant filter, data scope, live rows), plus extra conditions. */
export async function visible(
  q: Queryable,
  r: Resource,
  s: Scope,
  ids: string[],
  extra: (p: Params) => string[] = () => [],
): Promise<Row[]> {
  if (!ids.length) return [];
  const p = new Params();
  return rows(q, r, s, { ...listQuery(r, {}), size: 5000 }, [`t."id" = any(${p.add(ids)}::bigint[])`, ...extra(p)], p);
}

/** Inserts join rows (a, b) for every pair, 500 to a statement. */
export async function insertPairs(q: Queryable, sql: string, pairs: [string, string][], fixed: unknown[] = []) {
  for (let i = 0; i < pairs.length; i += 500) {
    const chunk = pairs.slice(i, i + 500);
    await q.query(sql, [chunk.map(() => newId()), chunk.map((x) => x[0]), chunk.map((x) => x[1]), ...fixed]);
  }
}

/** Every pair of the two lists. */
export const pairsOf = (as: string[], bs: string[]) => as.flatMap((a) => bs.map((b): [string, string] => [a, b]));
