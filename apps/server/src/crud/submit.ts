import type { Queryable } from '@civdesk/db';
import { fieldErrors, type Resource, toSubmitSchema } from '@civdesk/meta';
import { tenant } from '@civdesk/resources';
import type { FastifyRequest } from 'fastify';
import type { Scope } from '../core/caller.ts';
import type { AppContext } from '../core/context.ts';
import { badRequest, forbidden, notFound } from '../core/envelope.ts';
import { allows } from '../core/grant-store.ts';
import { langOf, scopeOf } from '../core/request.ts';
import { sqlOf } from '../core/table-sql.ts';
import type { ResourceHooks } from './hooks.ts';
import { findOne, insert, update } from './repository.ts';
import { checkReferences, checkRequiredOneOf, uniqueMessage } from './write-checks.ts';

const tenants = sqlOf(tenant);

/**
 * The tenant a new row goes to: the caller's, or for the platform administrator the `tenantId`
 * of the body (tenant mode shows that field on their forms), which must exist.
 */
async function targetTenant(db: Queryable, r: Resource, s: Scope, raw: Record<string, unknown>): Promise<string | undefined> {
  if (!r.tenant || !s.caller.platformAdmin || raw.tenantId === undefined || raw.tenantId === null || raw.tenantId === '') return undefined;
  const code = String(raw.tenantId);
  const found = /^[0-9A-Za-z]{1,12}$/.test(code)
    ? await db.query(`select 1 from ${tenants.table} where ${tenants.live('$1')}`, [code])
    : [];
  if (!found.length) throw badRequest('租户ID未找到', { errors: [{ field: 'tenantId', message: '租户ID未找到' }] });
  return code;
}

/** The body's values checked by the definition's schema (the one the web form uses); an id means update. */
function validated(r: Resource, req: FastifyRequest) {
  const body = req.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求体应为JSON对象');
  const raw = body as Record<string, unknown>;
  const mode = raw.id === undefined || raw.id === null || raw.id === '' ? ('create' as const) : ('update' as const);
  const parsed = toSubmitSchema(r, mode, langOf(req)).safeParse(raw);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const first = errors[0];
    const label = r.allFields[first.field]?.label[langOf(req)];
    const msg = label && !first.message.includes(label) ? `${label}: ${first.message}` : first.message;
    throw badRequest(msg, { errors });
  }
  const { id, ...values } = parsed.data as Record<string, unknown> & { id?: string };
  return { raw, mode, id, values };
}

/**
 * Validates and saves one submit body; an id in the body means update. `perms` names the
 * permission each mode needs (the route's guard lets either through). In one transaction: the
 * row must exist in the caller's reach, references must point at rows the caller sees, the
 * resource's `beforeWrite` runs, then the engine writes with the audit columns.
 */
export async function submit(
  ctx: AppContext,
  r: Resource,
  req: FastifyRequest,
  hooks: ResourceHooks = {},
  perms?: { create: string; update: string },
) {
  const { raw, mode, id, values } = validated(r, req);
  const s = scopeOf(req);
  const needed = perms && (mode === 'create' ? perms.create : perms.update);
  if (needed && !allows(s.caller.grants, needed, req.routeOptions.url)) throw forbidden('请求被拒绝', { perm: needed });
  try {
    return await ctx.db.tx(async (db) => {
      const existing = mode === 'update' ? await findOne(db, r, s, { id: id as string }) : null;
      if (mode === 'update' && !existing) throw notFound();
      const tenantId = mode === 'create' ? await targetTenant(db, r, s, raw) : (existing?.tenantId as string | undefined);
      const owner = tenantId ?? s.caller.tenantId;
      await checkReferences(db, r, s, values, mode === 'update' ? (id as string) : null, owner);
      checkRequiredOneOf(r, values, existing);
      await hooks.beforeWrite?.({ db, resource: r, scope: s, mode, existing, tenantId: owner, params: ctx.params }, values);
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
