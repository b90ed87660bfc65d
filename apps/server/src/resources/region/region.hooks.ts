import { permCode } from '@civdesk/meta';
import { region } from '@civdesk/resources';
import { z } from 'zod';
import { Nodes, Obj } from '../../core/answers.ts';
import { badRequest, notFound, ok } from '../../core/envelope.ts';
import { id, nothing, text } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { listQuery } from '../../crud/list-query.ts';
import { findOne, rows } from '../../crud/repository.ts';
import { nodeForest } from '../../crud/tree.ts';
import { AREA, registerAreaRoutes } from './area.routes.ts';
import { sortedLevel } from './region-tree.ts';
import { clearOnWrite, regionTrees } from './tree-cache.ts';

const LazyQuery = z.object({
  parentId: z.preprocess((v) => String(v ?? '0') || '0', id),
  parentCode: text.optional(),
});

/**
 * The whole forest, cached (tree-cache.ts) per set of roles: the rows are the same for every
 * tenant, and roles decide any data scope that narrows them.
 */
async function wholeTree({ ctx, req }: Call) {
  const s = scopeOf(req);
  const key = `tree:${s.caller.platformAdmin ? '*' : [...s.caller.roleIds].sort().join(',')}`;
  const found = await regionTrees(ctx).get(key, () => rows(ctx.db, region, s, { ...listQuery(region, {}), size: 5000 }));
  return ok(nodeForest(region, found ?? []));
}

/**
 * Both forms: `parentId=` (engine ids, like every tree) and BladeX `parentCode=` (nodes keyed by
 * region code). Every picker reads this, so a level comes in the caller's tenant's own order
 * (区划排序), then by code.
 */
async function lazyTree({ ctx, req, query }: Call<{ query: typeof LazyQuery }>) {
  const s = scopeOf(req);
  const levelOf = (parent: string) => sortedLevel(ctx, parent, s.caller.tenantId);
  if (query.parentCode === undefined) return ok(nodeForest(region, await levelOf(query.parentId)));
  const parentCode = query.parentCode || '00';
  if (!/^\d{1,32}$/.test(parentCode)) throw badRequest('parentCode 应为区划编号');
  const parent = parentCode === '00' ? null : await findOne(ctx.db, region, s, { code: parentCode });
  if (parentCode !== '00' && !parent) return ok([]);
  const found = await levelOf(parent ? String(parent.id) : '0');
  return ok(
    found.map((row) => ({
      id: String(row.code),
      parentId: parent ? parentCode : '00',
      title: String(row.name),
      key: String(row.code),
      value: String(row.code),
      hasChildren: Boolean(row.hasChildren),
    })),
  );
}

/** Regions keep their full name and code path in step with the parent; they also answer the `area` dialect. */
export const regionHooks: ResourceHooks = {
  async beforeWrite({ db, resource, scope, existing }, values) {
    const parentId = String(values.parentId ?? existing?.parentId ?? '0');
    const code = String(values.code ?? existing?.code ?? '');
    const name = String(values.name ?? existing?.name ?? '');
    const parent = parentId === '0' ? null : await findOne(db, resource, scope, { id: parentId });
    values.fullPath = parent ? `${parent.fullPath},${code}` : code;
    if (values.regionLevel === undefined && !existing) values.regionLevel = parent ? Number(parent.regionLevel ?? 0) + 1 : 1;
    if (values.fullName === undefined && !existing) values.fullName = parent ? `${parent.fullName}${name}` : name;
  },
  // BladeX removes one region by `id=` meaning its code; `ids=` (row ids) works as everywhere.
  removeTargets: {
    docs: {
      type: 'object',
      properties: {
        ids: { type: 'string', description: 'comma-separated row ids' },
        id: { type: 'string', maxLength: 32, description: 'one region by its code (or its row id)' },
      },
    },
    async resolve(db, scope, params) {
      if (params.ids !== undefined || params.id === undefined) return undefined;
      const key = String(params.id).trim();
      if (!/^\d{1,32}$/.test(key)) throw badRequest('id 应为区划编号');
      const byCode = await findOne(db, region, scope, { code: key });
      if (byCode) return [String(byCode.id)];
      // Not a code: a row id, which the removal checks like any other.
      if (key.length > 19) throw notFound('部分数据不存在或已被删除');
      return [key];
    },
  },
  routes(app, r, ctx) {
    registerAreaRoutes(app, ctx, regionHooks);
    clearOnWrite(app, ctx, [r.api, AREA]);
    routes(app, ctx, [r.label.en]).get(
      `${r.api}/tree`,
      { auth: { perm: permCode(r, 'view') }, summary: '行政区划 树', query: nothing, data: Nodes },
      wholeTree,
    );
    routes(app, ctx, [r.label.en]).get(
      `${r.api}/lazy-tree`,
      { auth: { perm: permCode(r, 'view') }, summary: '行政区划懒加载树', query: LazyQuery, data: z.array(Obj) },
      lazyTree,
    );
  },
};
