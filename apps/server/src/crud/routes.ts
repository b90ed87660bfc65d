import { fieldErrors, type Lang, parseListQuery, QueryError, type Resource, toSubmitSchema } from '@civdesk/meta';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../plugins/auth.ts';
import { badRequest, HttpError, notFound, ok } from '../plugins/envelope.ts';
import { listQuerySchema, submitBodySchema } from './docs-schema.ts';
import type { ResourceHooks, RouteDeps } from './hooks.ts';
import { findOne, insert, page, remove, rows, update } from './repository.ts';
import type { Scope } from './scope.ts';
import { filterSql, Params } from './sql.ts';
import { level, mergeForest, nodeForest } from './tree.ts';
import { checkReferences, uniqueMessage } from './write-checks.ts';

export const langOf = (req: FastifyRequest): Lang => (/^en/i.test(String(req.headers['accept-language'] ?? '')) ? 'en' : 'zh');

export function scopeOf(req: FastifyRequest, deps: RouteDeps): Scope {
  return { caller: callerOf(req), tz: deps.tz };
}

/** Parses a query map, turning a bad key or value into a 400 that names it. */
export function listQuery(r: Resource, query: unknown, extraReserved: string[] = []) {
  try {
    return parseListQuery(r, (query ?? {}) as Record<string, unknown>, extraReserved);
  } catch (e) {
    if (e instanceof QueryError) throw badRequest(e.message, { errors: [{ field: e.field, message: e.message }] });
    throw e;
  }
}

const idsPattern = /^\d{1,19}(,\d{1,19})*$/;

export function parseIds(raw: unknown): string[] {
  const s = String(raw ?? '').trim();
  if (!idsPattern.test(s)) throw badRequest('请选择至少一条数据', { errors: [{ field: 'ids', message: 'ids 应为逗号分隔的编号' }] });
  const ids = s.split(',');
  if (ids.length > 1000) throw badRequest('一次最多删除1000条数据');
  return ids;
}

/** Validates and saves one submit body; an id in the body means update. */
export async function submit(deps: RouteDeps, r: Resource, req: FastifyRequest, hooks: ResourceHooks = {}) {
  const body = req.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求体应为JSON对象');
  const raw = body as Record<string, unknown>;
  const mode = raw.id === undefined || raw.id === null || raw.id === '' ? 'create' : 'update';
  const parsed = toSubmitSchema(r, mode, langOf(req)).safeParse(raw);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const first = errors[0];
    const label = r.allFields[first.field]?.label[langOf(req)];
    const msg = label && !first.message.includes(label) ? `${label}: ${first.message}` : first.message;
    throw badRequest(msg, { errors });
  }
  const { id, ...values } = parsed.data as Record<string, unknown> & { id?: string };
  const s = scopeOf(req, deps);
  try {
    return await deps.db.tx(async (db) => {
      const existing = mode === 'update' ? await findOne(db, r, s, { id: id as string }) : null;
      if (mode === 'update' && !existing) throw notFound();
      await checkReferences(db, r, s, values, mode === 'update' ? (id as string) : null);
      await hooks.beforeWrite?.({ db, resource: r, scope: s, mode, existing }, values);
      return mode === 'create' ? insert(db, r, s, values) : update(db, r, s, id as string, values);
    });
  } catch (e) {
    const err = e as { code?: string; constraint?: string };
    if (err.code === '23505') {
      const u = uniqueMessage(r, err.constraint);
      if (u) throw badRequest(u.message, { errors: [u] });
    }
    throw e;
  }
}

/**
 * The conventional routes of one resource at its API path, all derived from the definition:
 * page, list, detail, submit, remove and, for trees, tree and lazy-tree.
 */
export function registerResourceRoutes(app: FastifyInstance, r: Resource, deps: RouteDeps, hooks: ResourceHooks = {}) {
  const tags = [r.label.en];
  const perm = (action: string) => ({ auth: { perm: `${r.name}_${action}` } as const });
  const has = (route: string) => r.routes.includes(route as never);

  if (has('page')) {
    app.get(`${r.api}/page`, { config: perm('view'), schema: { tags, summary: `${r.label.zh} 分页`, querystring: listQuerySchema(r) } }, async (req) =>
      ok(await page(deps.db, r, scopeOf(req, deps), listQuery(r, req.query))),
    );
  }
  if (has('list')) {
    app.get(`${r.api}/list`, { config: perm('view'), schema: { tags, summary: `${r.label.zh} 列表`, querystring: listQuerySchema(r) } }, async (req) => {
      const s = scopeOf(req, deps);
      if (!r.tree) return ok(await page(deps.db, r, s, listQuery(r, req.query)));
      const q = req.query as Record<string, unknown>;
      const query = listQuery(r, q);
      const parentId = q.parentId ?? (r.tree.lazy && query.filters.length === 0 ? '0' : undefined);
      if (parentId !== undefined && parentId !== '') {
        if (!/^\d{1,19}$/.test(String(parentId))) throw badRequest('parentId 应为编号');
        const p = new Params();
        const extra = query.filters.map((f) => filterSql(f, p, deps.tz, 't'));
        return ok(await level(deps.db, r, s, String(parentId), extra, p));
      }
      return ok(mergeForest(await rows(deps.db, r, s, { ...query, size: 5000 }), r.tree.parentField));
    });
  }
  if (has('detail')) {
    app.get(`${r.api}/detail`, { config: perm('view'), schema: { tags, summary: `${r.label.zh} 详情` } }, async (req) => {
      const q = req.query as Record<string, unknown>;
      const by = detailKeys(r, q);
      const row = await findOne(deps.db, r, scopeOf(req, deps), by);
      if (!row) throw notFound();
      return ok(row);
    });
  }
  if (has('submit')) {
    app.post(`${r.api}/submit`, { config: perm('edit'), schema: { tags, summary: `${r.label.zh} 新增或修改`, body: submitBodySchema(r) } }, async (req) =>
      ok(await submit(deps, r, req, hooks), (req.body as { id?: unknown })?.id ? '更新成功' : '新增成功'),
    );
  }
  if (has('remove')) {
    app.post(`${r.api}/remove`, { config: perm('delete'), schema: { tags, summary: `${r.label.zh} 删除` } }, async (req) => {
      const ids = parseIds((req.query as Record<string, unknown>).ids ?? (req.body as Record<string, unknown> | undefined)?.ids);
      await remove(deps.db, r, scopeOf(req, deps), ids);
      return ok(true, '删除成功');
    });
  }
  if (has('tree')) {
    app.get(`${r.api}/tree`, { config: perm('view'), schema: { tags, summary: `${r.label.zh} 树` } }, async (req) => {
      const s = scopeOf(req, deps);
      return ok(nodeForest(r, await rows(deps.db, r, s, { ...listQuery(r, {}), size: 5000 })));
    });
  }
  if (has('lazy-tree')) {
    app.get(`${r.api}/lazy-tree`, { config: perm('view'), schema: { tags, summary: `${r.label.zh} 懒加载树` } }, async (req) => {
      const parentId = String((req.query as Record<string, unknown>).parentId ?? '0') || '0';
      if (!/^\d{1,19}$/.test(parentId)) throw badRequest('parentId 应为编号');
      const found = await level(deps.db, r, scopeOf(req, deps), parentId);
      return ok(nodeForest(r, found));
    });
  }
  hooks.routes?.(app, r, deps);
}

/** `detail` matches on id or any unique field (e.g. region `code`), nothing else. */
function detailKeys(r: Resource, q: Record<string, unknown>): Record<string, string> {
  const allowed = Object.entries(r.fields).filter(([, f]) => f.unique).map(([k]) => k);
  const by: Record<string, string> = {};
  for (const [k, v] of Object.entries(q)) {
    if (k === 'blade-auth' || k === '_t') continue;
    if (k !== 'id' && !allowed.includes(k)) throw badRequest(`未知的查询参数: ${k}`);
    const s = String(v ?? '');
    if (k === 'id' && !/^\d{1,19}$/.test(s)) throw new HttpError(400, 'id 应为编号');
    by[k] = s;
  }
  if (Object.keys(by).length === 0) throw badRequest('缺少必要的请求参数: id');
  return by;
}
