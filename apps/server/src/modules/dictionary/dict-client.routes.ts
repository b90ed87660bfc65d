import type { Queryable } from '@civdesk/db';
import { columnOf, type Resource } from '@civdesk/meta';
import { dict, dictBiz, dictDetail } from '@civdesk/resources';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteDeps } from '../../crud/hooks.ts';
import { rows } from '../../crud/repository.ts';
import { listQuery, scopeOf } from '../../crud/routes.ts';
import type { Scope } from '../../crud/scope.ts';
import { Params, qi } from '../../crud/sql.ts';
import { badRequest, ok } from '../../plugins/envelope.ts';

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
  if (codes.length === 0) throw badRequest('缺少必要的请求参数: codes');
  if (codes.length > MAX_CODES) throw badRequest(`一次最多查询${MAX_CODES}个字典`);
  if (codes.some((c) => c.length > 64 || !/^[\w.:-]+$/.test(c)))
    throw badRequest('字典编码只能包含字母、数字、下划线、点和短横线,且不超过64个字符');
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
    { r: dictBiz, codeField: 'code', sortField: 'sort', filter: { isSealed_equal: '0' }, extra: ['t."parent_id" <> 0'] },
    { r: dict, codeField: 'code', sortField: 'sort', filter: { isSealed_equal: '0' }, extra: ['t."parent_id" <> 0'] },
  ];
  for (const src of sources) {
    const left = codes.filter((c) => out[c].length === 0);
    if (!left.length) break;
    const p = new Params();
    const column = columnOf(src.codeField, src.r.allFields[src.codeField]);
    const extra = [...src.extra, `t.${qi(column)} = any(${p.add(left)}::text[])`];
    // Business dictionaries are the caller's own, even for the platform administrator who may read every tenant.
    if (src.r.tenant) extra.push(`t."tenant_id" = ${p.add(s.caller.tenantId)}`);
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

export function registerDictClientRoutes(app: FastifyInstance, deps: RouteDeps) {
  const tags = ['Dictionary client'];
  const batch = async (req: FastifyRequest) =>
    ok(await lookupDictionaries(deps.db, scopeOf(req, deps), codesOf((req.query as Record<string, unknown>).codes)));
  const cfg = { config: { auth: 'signed-in' as const }, schema: { tags, summary: '批量获取字典(按编码)' } };
  app.get('/api/blade-system/dwSysDictClient/getBatchDict', cfg, batch);
  app.get('/api/blade-system/bmSysDictDetail/getBatchDict', cfg, batch);
  app.get('/api/blade-system/dwSysDictClient/getDetailByCode', { ...cfg, schema: { tags, summary: '获取字典(按编码)' } }, async (req) => {
    const [code] = codesOf((req.query as Record<string, unknown>).code);
    return ok((await lookupDictionaries(deps.db, scopeOf(req, deps), [code]))[code]);
  });
}
