import type { Queryable } from '@civdesk/db';
import { fieldErrors, isIdText, type Lang, parseListQuery, permCode, QueryError, type Resource, toSubmitSchema } from '@civdesk/meta';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allows } from '../modules/permission/grant-store.ts';
import { callerOf, type Guard } from '../plugins/auth.ts';
import { badRequest, forbidden, notFound, ok } from '../plugins/envelope.ts';
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

/** One id from the query string (`id`, `parentId`), or a 400 naming the parameter. */
export function idParam(raw: unknown, name: string): string {
  const s = String(raw ?? '');
  if (!isIdText(s)) throw badRequest(`${name} 应为编号`, { errors: [{ field: name, message: `${name} 应为编号` }] });
  return s;
}

export function parseIds(raw: unknown): string[] {
  const s = String(raw ?? '').trim();
  const ids = s.split(',');
  if (!s || !ids.every(isIdText)) throw badRequest('请选择至少一条数据', { errors: [{ field: 'ids', message: 'ids 应为逗号分隔的编号' }] });
  if (ids.length > 1000) throw badRequest('一次最多删除1000条数据');
  return ids;
}

/**
 * The tenant a new row goes to: the caller's, or for the platform administrator the `tenantId`
 * of the body (tenant mode shows that field on their forms), which must exist.
 */
async function targetTenant(db: Queryable, r: Resource, s: Scope, raw: Record<string, unknown>): Promise<string | undefined> {
  if (!r.tenant || !s.caller.platformAdmin || raw.tenantId === undefined || raw.tenantId === null || raw.tenantId === '') return undefined;
  const code = String(raw.tenantId);
  const found = /^[0-9A-Za-z]{1,12}$/.test(code)
    ? await db.query('select 1 from blade_tenant where tenant_id = $1 and is_deleted = 0', [code])
    : [];
  if (!found.length) throw badRequest('租户ID未找到', { errors: [{ field: 'tenantId', message: '租户ID未找到' }] });
  return code;
}

/**
 * Validates and saves one submit body; an id in the body means update. `perms` names the
 * permission each mode needs (the route's guard lets either through).
 */
export async function submit(
  deps: RouteDeps,
  r: Resource,
  req: FastifyRequest,
  hooks: ResourceHooks = {},
  perms?: { create: string; update: string },
) {
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
  const needed = perms && (mode === 'create' ? perms.create : perms.update);
  if (needed && !allows(s.caller.grants, needed, req.routeOptions.url)) throw forbidden('请求被拒绝', { perm: needed });
  try {
    return await deps.db.tx(async (db) => {
      const existing = mode === 'update' ? await findOne(db, r, s, { id: id as string }) : null;
      if (mode === 'update' && !existing) throw notFound();
      const tenantId = mode === 'create' ? await targetTenant(db, r, s, raw) : (existing?.tenantId as string | undefined);
      await checkReferences(db, r, s, values, mode === 'update' ? (id as string) : null, tenantId ?? s.caller.tenantId);
      await hooks.beforeWrite?.({ db, resource: r, scope: s, mode, existing, tenantId: tenantId ?? s.caller.tenantId }, values);
      return mode === 'create' ? insert(db, r, s, values, tenantId) : update(db, r, s, id as string, values);
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
  const perm = (action: string): { auth: Guard } => ({ auth: { perm: permCode(r, action) } });
  const read: { auth: Guard } = r.readableBySignedIn ? { auth: 'signed-in' } : perm('view');
  const has = (route: string) => r.routes.includes(route as never);

  if (has('page')) {
    app.get(
      `${r.api}/page`,
      { config: read, schema: { tags, summary: `${r.label.zh} 分页`, querystring: listQuerySchema(r) } },
      async (req) => ok(await page(deps.db, r, scopeOf(req, deps), listQuery(r, req.query))),
    );
  }
  if (has('cusPage')) {
    app.post(`${r.api}/cusPage`, { config: read, schema: { tags, summary: `${r.label.zh} 分页(条件在请求体)` } }, async (req) =>
      ok(await page(deps.db, r, scopeOf(req, deps), listQuery(r, cusPageQuery(req)))),
    );
  }
  if (has('list')) {
    app.get(
      `${r.api}/list`,
      { config: read, schema: { tags, summary: `${r.label.zh} 列表`, querystring: listQuerySchema(r) } },
      async (req) => {
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
      },
    );
  }
  if (has('detail')) {
    app.get(`${r.api}/detail`, { config: read, schema: { tags, summary: `${r.label.zh} 详情` } }, async (req) => {
      const q = req.query as Record<string, unknown>;
      const by = detailKeys(r, q);
      const row = await findOne(deps.db, r, scopeOf(req, deps), by);
      if (!row) throw notFound();
      return ok(row);
    });
  }
  if (has('submit')) {
    app.post(
      `${r.api}/submit`,
      {
        config: { auth: { perm: [permCode(r, 'add'), permCode(r, 'edit')] } },
        schema: { tags, summary: `${r.label.zh} 新增或修改`, body: submitBodySchema(r) },
      },
      async (req) =>
        ok(
          await submit(deps, r, req, hooks, { create: permCode(r, 'add'), update: permCode(r, 'edit') }),
          (req.body as { id?: unknown })?.id ? '更新成功' : '新增成功',
        ),
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
      // `tenantId=` names the tenant whose tree is wanted (spec 001 §7: role and dept tree by tenantId);
      // it narrows the platform administrator's view and cannot widen anyone else's.
      const tenantId = (req.query as Record<string, unknown>).tenantId;
      const q = listQuery(r, r.tenant && tenantId !== undefined && tenantId !== '' ? { tenantId } : {});
      return ok(nodeForest(r, await rows(deps.db, r, s, { ...q, size: 5000 })));
    });
  }
  if (has('lazy-tree')) {
    app.get(`${r.api}/lazy-tree`, { config: perm('view'), schema: { tags, summary: `${r.label.zh} 懒加载树` } }, async (req) => {
      const parentId = idParam(String((req.query as Record<string, unknown>).parentId ?? '0') || '0', 'parentId');
      const found = await level(deps.db, r, scopeOf(req, deps), parentId);
      return ok(nodeForest(r, found));
    });
  }
  hooks.routes?.(app, r, deps);
}

/**
 * The matter modules' POST page: `{param: {filters…}, current, size}` in a JSON body (filters may
 * also sit beside current/size), paging also accepted in the query string.
 */
function cusPageQuery(req: FastifyRequest): Record<string, unknown> {
  const body = req.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求体应为JSON对象');
  const { param = {}, ...rest } = body as Record<string, unknown>;
  if (typeof param !== 'object' || param === null || Array.isArray(param)) throw badRequest('param 应为JSON对象');
  const merged: Record<string, unknown> = { ...(req.query as object), ...rest, ...(param as object) };
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
  if (Object.keys(by).length === 0) throw badRequest('缺少必要的请求参数: id');
  return by;
}
