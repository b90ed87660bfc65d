import { permCode, type Resource } from '@civdesk/meta';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Done, Nodes, Obj, Page, Row } from '../core/answers.ts';
import type { AppContext } from '../core/context.ts';
import { badRequest, forbidden, notFound, ok } from '../core/envelope.ts';
import { idParam, paramsOf, parseIds, plain, scopeOf } from '../core/request.ts';
import { type Guard, jsonSchemaOf } from '../core/route.ts';
import {
  cusPageSchema,
  detailQuerySchema,
  idsSchema,
  lazyTreeQuerySchema,
  listQuerySchema,
  submitBodySchema,
  treeQuerySchema,
} from './docs-schema.ts';
import type { ResourceHooks } from './hooks.ts';
import { listQuery } from './list-query.ts';
import { findOne, page, remove, rows } from './repository.ts';
import { filterSql, Params } from './sql.ts';
import { submit } from './submit.ts';
import { level, mergeForest, nodeForest } from './tree.ts';

type Handler = (req: FastifyRequest) => Promise<unknown>;

/** `page`: one page of the query map's rows. */
const pageOf =
  (ctx: AppContext, r: Resource): Handler =>
  async (req) =>
    ok(await page(ctx.db, r, scopeOf(req), listQuery(r, req.query)));

/** `cusPage`: the same page, its conditions in a JSON body. */
const cusPageOf =
  (ctx: AppContext, r: Resource): Handler =>
  async (req) =>
    ok(await page(ctx.db, r, scopeOf(req), listQuery(r, cusPageQuery(req))));

/** `list`: a page, or for trees one level (lazy trees, `parentId=`) or the whole forest. */
const listOf =
  (ctx: AppContext, r: Resource): Handler =>
  async (req) => {
    const s = scopeOf(req);
    const q = plain(req.query);
    const query = listQuery(r, q);
    if (!r.tree) return ok(await page(ctx.db, r, s, query));
    const parentId = q.parentId ?? (r.tree.lazy && query.filters.length === 0 ? '0' : undefined);
    if (parentId !== undefined && parentId !== '') {
      if (!/^\d{1,19}$/.test(String(parentId))) throw badRequest('parentId 应为编号');
      const p = new Params();
      const extra = query.filters.map((f) => filterSql(f, p, ctx.tz, 't'));
      return ok(await level(ctx.db, r, s, String(parentId), extra, p));
    }
    return ok(mergeForest(await rows(ctx.db, r, s, { ...query, size: 5000 }), r.tree.parentField));
  };

/** `detail`: one row by id or a unique field. */
const detailOf =
  (ctx: AppContext, r: Resource): Handler =>
  async (req) => {
    const row = await findOne(ctx.db, r, scopeOf(req), detailKeys(r, plain(req.query)));
    if (!row) throw notFound();
    return ok(row);
  };

/** `submit`: create (no id) or update. */
const submitOf =
  (ctx: AppContext, r: Resource, hooks: ResourceHooks): Handler =>
  async (req) =>
    ok(
      await submit(ctx, r, req, hooks, { create: permCode(r, 'add'), update: permCode(r, 'edit') }),
      plain(req.body).id ? '更新成功' : '新增成功',
    );

/** `remove?ids=`: all of them or none. */
const removeOf =
  (ctx: AppContext, r: Resource, hooks: ResourceHooks): Handler =>
  async (req) => {
    const params = paramsOf(req);
    const s = scopeOf(req);
    const ids = (await hooks.removeTargets?.resolve(ctx.db, s, params)) ?? parseIds(params.ids);
    await remove(ctx.db, r, s, ids, hooks);
    return ok(true, '删除成功');
  };

/** `tree`: the whole forest; `tenantId=` narrows the platform administrator's view and cannot widen anyone else's. */
const treeOf =
  (ctx: AppContext, r: Resource): Handler =>
  async (req) => {
    const tenantId = plain(req.query).tenantId;
    const q = listQuery(r, r.tenant && tenantId !== undefined && tenantId !== '' ? { tenantId } : {});
    return ok(nodeForest(r, await rows(ctx.db, r, scopeOf(req), { ...q, size: 5000 })));
  };

/** `lazy-tree?parentId=`: one level with hasChildren. */
const lazyTreeOf =
  (ctx: AppContext, r: Resource): Handler =>
  async (req) => {
    const parentId = idParam(String(plain(req.query).parentId ?? '0') || '0', 'parentId');
    return ok(nodeForest(r, await level(ctx.db, r, scopeOf(req), parentId)));
  };

/** What the engine's calls answer in the envelope's `data` (for the OpenAPI document). */
const answers: Record<string, object> = Object.fromEntries(
  Object.entries({
    page: Page,
    cusPage: Page,
    list: z.array(Obj),
    detail: Row,
    submit: Obj,
    remove: Done,
    tree: Nodes,
    'lazy-tree': Nodes,
  }).map(([k, v]) => [k, jsonSchemaOf(v, 'output')]),
);

/**
 * The conventional routes of one resource at its API path, all derived from the definition:
 * page, list, detail, submit, remove and, for trees, tree and lazy-tree; then the resource's own.
 */
/** Platform configuration: the platform administrator only (the engine's filter holds the same rule). */
async function assertPlatform(req: FastifyRequest) {
  if (!req.scope?.caller.grants.all) throw forbidden('平台配置仅平台管理员可以查看和修改');
}

export function registerResourceRoutes(app: FastifyInstance, r: Resource, ctx: AppContext, hooks: ResourceHooks = {}) {
  const tags = [r.label.en];
  const perm = (action: string): Guard => ({ perm: permCode(r, action) });
  const read: Guard = r.readableBySignedIn ? 'signed-in' : perm('view');
  const add = (method: 'GET' | 'POST', path: string, auth: Guard, summary: string, docs: object, handler: Handler) =>
    app.route({
      method,
      url: `${r.api}/${path}`,
      config: { auth, data: path === 'list' && !r.tree ? answers.page : answers[path] },
      schema: { tags, summary: `${r.label.zh} ${summary}`, ...docs },
      handler,
    });
  const has = (route: string) => r.routes.includes(route as never);
  // Every call under the resource's path, its own calls included (this is its route context).
  if (r.platformOnly) app.addHook('preHandler', assertPlatform);

  if (has('page')) add('GET', 'page', read, '分页', { querystring: listQuerySchema(r) }, pageOf(ctx, r));
  if (has('cusPage')) add('POST', 'cusPage', read, '分页（条件在请求体）', { body: cusPageSchema(r) }, cusPageOf(ctx, r));
  if (has('list')) add('GET', 'list', read, '列表', { querystring: listQuerySchema(r) }, listOf(ctx, r));
  if (has('detail')) add('GET', 'detail', read, '详情', { querystring: detailQuerySchema(r) }, detailOf(ctx, r));
  if (has('submit')) {
    const either: Guard = { perm: [permCode(r, 'add'), permCode(r, 'edit')] };
    add('POST', 'submit', either, '新增或修改', { body: submitBodySchema(r) }, submitOf(ctx, r, hooks));
  }
  if (has('remove'))
    add('POST', 'remove', perm('delete'), '删除', { querystring: hooks.removeTargets?.docs ?? idsSchema }, removeOf(ctx, r, hooks));
  if (has('tree')) add('GET', 'tree', perm('view'), '树', { querystring: treeQuerySchema }, treeOf(ctx, r));
  if (has('lazy-tree')) add('GET', 'lazy-tree', perm('view'), '懒加载树', { querystring: lazyTreeQuerySchema }, lazyTreeOf(ctx, r));
  hooks.routes?.(app, r, ctx);
}

/**
 * The matter modules' POST page: `{param: {filters…}, current, size}` in a JSON body. Paging and
 * filters may also sit beside `param` or in the query string (`paramsOf`: the query string's value
 * wins); the filters under `param` win over both.
 */
function cusPageQuery(req: FastifyRequest): Record<string, unknown> {
  const body = req.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求体应为JSON对象');
  const { param = {}, ...rest } = paramsOf(req);
  if (typeof param !== 'object' || param === null || Array.isArray(param)) throw badRequest('param 应为JSON对象');
  const merged: Record<string, unknown> = { ...rest, ...(param as object) };
  for (const [k, v] of Object.entries(merged)) {
    if (v !== null && typeof v === 'object') throw badRequest(`查询条件格式不正确: ${k}`);
    if (v === null) delete merged[k];
  }
  return merged;
}

/** `detail` matches on id or any unique field (e.g. region `code`), nothing else. */
function detailKeys(r: Resource, q: Record<string, unknown>): Record<string, string> {
  const allowed = Object.entries(r.fields)
    .filter(([, f]) => f.unique)
    .map(([k]) => k);
  const by: Record<string, string> = {};
  for (const [k, v] of Object.entries(q)) {
    if (k === 'blade-auth' || k === '_t') continue;
    if (k !== 'id' && !allowed.includes(k)) throw badRequest(`未知的查询参数: ${k}`);
    const s = String(v ?? '');
    if (k === 'id') idParam(s, 'id');
    by[k] = s;
  }
  if (Object.keys(by).length === 0) throw badRequest('缺少必要的请求参数：id');
  return by;
}
