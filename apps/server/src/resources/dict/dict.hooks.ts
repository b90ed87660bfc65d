import { permCode, type Resource } from '@civdesk/meta';
import { z } from 'zod';
import { Nodes, Page, Rows } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, notFound, ok } from '../../core/envelope.ts';
import { loose, optional, text } from '../../core/input.ts';
import { idParam, scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { listQuerySchema } from '../../crud/docs-schema.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { listQuery } from '../../crud/list-query.ts';
import { findOne, page, rows } from '../../crud/repository.ts';
import { mergeForest, nodeForest } from '../../crud/tree.ts';

const dictKeys = new Set(['id', 'parentId', 'code', 'dictKey', 'dictValue', 'sort', 'remark']);
const pick = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).filter(([k]) => dictKeys.has(k)));

const CodeQuery = z.object({
  code: z
    .unknown()
    .optional()
    .transform((v) => String(v ?? ''))
    .refine((v) => v !== '', { error: '缺少必要的请求参数：code' }),
});

/** The entries (not the root) of one dictionary, unsealed ones only. */
const entriesOf = (ctx: AppContext, r: Resource, call: Call<{ query: typeof CodeQuery }>) => {
  const q = listQuery(r, { code_equal: call.query.code, isSealed_equal: '0' });
  return rows(ctx.db, r, scopeOf(call.req), { ...q, size: 1000 }, [`${sqlOf(r, 't').c.parentId} <> 0`]);
};

const SelectQuery = z.object({ tenantId: optional(text) });
/** `code`: one dictionary; `DICT` (what BladeX clients send) or none: all of them. */
const TreeQuery = z.object({ code: optional(text), tenantId: optional(text) });
const ListMap = loose({});
const ChildQuery = loose({ parentId: z.unknown().optional(), code: z.unknown().optional() });

/** A dictionary's calls for one of the two tables (system and business dictionaries share them). */
function dictRoutes(r: Resource) {
  const t = sqlOf(r, 't');
  const i = (alias: string) => sqlOf(r, alias);
  return {
    entries: async (call: Call<{ query: typeof CodeQuery }>) => ok((await entriesOf(call.ctx, r, call)).map(pick)),
    entryTree: async (call: Call<{ query: typeof CodeQuery }>) => ok(mergeForest(await entriesOf(call.ctx, r, call))),
    /** Every dictionary as a tree (roots and their entries), or the one `code` names. */
    tree: async ({ ctx, req, query }: Call<{ query: typeof TreeQuery }>) => {
      const q: Record<string, string> = {};
      if (r.tenant && query.tenantId) q.tenantId = query.tenantId;
      if (query.code && query.code !== 'DICT') q.code_equal = query.code;
      return ok(nodeForest(r, await rows(ctx.db, r, scopeOf(req), { ...listQuery(r, q), size: 5000 })));
    },
    /** Every dictionary (root rows) for a dropdown, titled "code: name" as BladeX clients show them. */
    select: async ({ ctx, req, query }: Call<{ query: typeof SelectQuery }>) => {
      // Business dictionaries: the caller's tenant's (the platform administrator may name another).
      const s = scopeOf(req);
      const q = r.tenant ? { tenantId: query.tenantId ?? s.caller.tenantId } : {};
      const roots = await rows(ctx.db, r, s, { ...listQuery(r, q), size: 1000 }, [`${t.c.parentId} = 0`]);
      return ok(roots.map((d) => ({ ...pick(d), dictValue: `${d.code}: ${d.dictValue}` })));
    },
    parents: async ({ ctx, req, query }: Call<{ query: typeof ListMap }>) =>
      ok(await page(ctx.db, r, scopeOf(req), listQuery(r, query), (_p, alias) => [`${i(alias).c.parentId} = 0`])),
    /** A root's entries as a forest (`parentId` = the root; -1 or an unknown root: none), the query map applied. */
    children: async ({ ctx, req, query }: Call<{ query: typeof ChildQuery }>) => {
      const { parentId: raw, code: _c, ...filters } = query;
      const parentId = String(raw ?? '-1');
      if (parentId !== '-1') idParam(parentId, 'parentId');
      const s = scopeOf(req);
      const root = parentId === '-1' ? null : await findOne(ctx.db, r, s, { id: parentId });
      if (!root) return ok([]);
      const q = listQuery(r, { ...filters, code_equal: String(root.code) });
      return ok(mergeForest(await rows(ctx.db, r, s, { ...q, size: 1000 }, [`${t.c.parentId} <> 0`])));
    },
  };
}

/**
 * Dictionaries (system `dict` and per-tenant `dict-biz`, same shape): a root row per dictionary
 * (dictKey -1) and children sharing its code. Children take the code of their root; renaming a
 * root's code renames its children's.
 */
export const dictHooks: ResourceHooks = {
  async beforeWrite({ db, resource, scope, mode, existing }, values) {
    const parentId = String(values.parentId ?? existing?.parentId ?? '0');
    if (parentId === '0') {
      values.dictKey = '-1';
      if (mode === 'update' && existing && values.code !== undefined && values.code !== existing.code) {
        const t = sqlOf(resource);
        const params = [values.code, existing.code, ...(resource.tenant ? [scope.caller.tenantId] : [])];
        await db.query(
          `update ${t.table} set ${t.c.code} = $1 where ${t.c.code} = $2 and ${t.c.parentId} <> 0 and ${t.live(resource.tenant ? '$3' : undefined)}`,
          params,
        );
      }
      return;
    }
    const parent = await findOne(db, resource, scope, { id: parentId });
    if (!parent) throw notFound('上级字典不存在');
    const key = values.dictKey ?? existing?.dictKey;
    if (key === undefined || key === null || key === '') {
      throw badRequest('请输入字典键值', { errors: [{ field: 'dictKey', message: '请输入字典键值' }] });
    }
    values.code = parent.code;
  },
  routes(app, r, ctx) {
    const route = routes(app, ctx, [r.label.en]);
    const h = dictRoutes(r);
    const view = { perm: permCode(r, 'view') };
    const docs = { querystring: listQuerySchema(r) };
    route.get(`${r.api}/dictionary`, { auth: 'signed-in', summary: '字典项（按编号）', query: CodeQuery, data: Rows }, h.entries);
    route.get(`${r.api}/dictionary-tree`, { auth: 'signed-in', summary: '字典树（按编号）', query: CodeQuery, data: Rows }, h.entryTree);
    route.get(`${r.api}/tree`, { auth: view, summary: '字典树', query: TreeQuery, data: Nodes }, h.tree);
    route.get(`${r.api}/select`, { auth: 'signed-in', summary: '字典下拉（根）', query: SelectQuery, data: Rows }, h.select);
    route.get(`${r.api}/parent-list`, { auth: view, summary: '字典分页（根）', query: ListMap, docs, data: Page }, h.parents);
    route.get(`${r.api}/child-list`, { auth: view, summary: '子字典列表', query: ChildQuery, docs, data: Rows }, h.children);
  },
};
