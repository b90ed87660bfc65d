import type { Queryable } from '@civdesk/db';
import type { Resource } from '@civdesk/meta';
import { dict, dictBiz, dictDetail } from '@civdesk/resources';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Obj } from '../../core/answers.ts';
import type { Scope } from '../../core/caller.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { listQuery } from '../../crud/list-query.ts';
import { rows } from '../../crud/repository.ts';
import { Params } from '../../crud/sql.ts';

export type DictItem = { code: string; dictKey: string; dictValue: string; sort: number };

const MAX_CODES = 50;

function codesOf(raw: unknown): string[] {
  const codes = [
    ...new Set(
      String(raw ?? '')
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
    ),
  ];
  if (codes.length === 0) throw badRequest('缺少必要的请求参数：codes');
  if (codes.length > MAX_CODES) throw badRequest(`一次最多查询${MAX_CODES}个字典`);
  if (codes.some((c) => c.length > 64 || !/^[\w.:-]+$/.test(c)))
    throw badRequest('字典编码只能包含字母、数字、下划线、点和短横线，且不超过64个字符');
  return codes;
}

/**
 * One way to read any dictionary by code, whichever table holds it: a dictionary type's entries
 * (in use), else the caller's business dictionary, else the system dictionary. Sealed and
 * disabled entries are left out.
 */
export async function lookupDictionaries(db: Queryable, s: Scope, codes: string[]): Promise<Record<string, DictItem[]>> {
  const out: Record<string, DictItem[]> = Object.fromEntries(codes.map((c) => [c, []]));
  const sources: { r: Resource; codeField: string; sortField: string; filter: Record<string, string>; extra: string[] }[] = [
    { r: dictDetail, codeField: 'dictType', sortField: 'orderNum', filter: { inUse_equal: '1' }, extra: [] },
    {
      r: dictBiz,
      codeField: 'code',
      sortField: 'sort',
      filter: { isSealed_equal: '0' },
      extra: [`${sqlOf(dictBiz, 't').c.parentId} <> 0`],
    },
    { r: dict, codeField: 'code', sortField: 'sort', filter: { isSealed_equal: '0' }, extra: [`${sqlOf(dict, 't').c.parentId} <> 0`] },
  ];
  for (const src of sources) {
    const left = codes.filter((c) => out[c].length === 0);
    if (!left.length) break;
    const p = new Params();
    const t = sqlOf(src.r, 't');
    const extra = [...src.extra, `${t.c[src.codeField]} = any(${p.add(left)}::text[])`];
    // Business dictionaries are the caller's own, even for the platform administrator who may read every tenant.
    if (src.r.tenant) extra.push(t.tenant(p.add(s.caller.tenantId)));
    const found = await rows(db, src.r, s, { ...listQuery(src.r, src.filter), size: 5000 }, extra, p);
    for (const row of found) {
      out[String(row[src.codeField])].push({
        code: String(row[src.codeField]),
        dictKey: String(row.dictKey),
        dictValue: String(row.dictValue),
        sort: Number(row[src.sortField] ?? 0),
      });
    }
  }
  return out;
}

// codesOf answers the 400 itself (the messages name the limits).
const BatchQuery = z.object({ codes: z.unknown().optional().transform(codesOf).describe('comma-separated dictionary codes (at most 50)') });
const OneQuery = z.object({
  code: z
    .unknown()
    .optional()
    .transform((v) => codesOf(v)[0])
    .describe('a dictionary code'),
});

// A dictionary's items by its code.
const Batch = z.record(z.string(), z.array(Obj));

async function batch({ ctx, req, query }: Call<{ query: typeof BatchQuery }>) {
  return ok(await lookupDictionaries(ctx.db, scopeOf(req), query.codes));
}

async function byCode({ ctx, req, query }: Call<{ query: typeof OneQuery }>) {
  return ok((await lookupDictionaries(ctx.db, scopeOf(req), [query.code]))[query.code]);
}

/** Dictionaries by code for any screen, whichever table holds them (no resource claims these paths). */
export function registerDictClientRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, ['Dictionary client']);
  const auth = 'signed-in' as const;
  r.get(
    '/api/blade-system/dwSysDictClient/getBatchDict',
    { auth, summary: '批量获取字典（按编码）', query: BatchQuery, data: Batch },
    batch,
  );
  r.get(
    '/api/blade-system/bmSysDictDetail/getBatchDict',
    { auth, summary: '批量获取字典（按编码）', query: BatchQuery, data: Batch },
    batch,
  );
  r.get(
    '/api/blade-system/dwSysDictClient/getDetailByCode',
    { auth, summary: '获取字典（按编码）', query: OneQuery, data: z.array(Obj).optional() },
    byCode,
  );
}
