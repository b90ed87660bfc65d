import type { Queryable } from '@civdesk/db';
import type { Resource } from '@civdesk/meta';
import { datasource, dept, registry, role, tenant, tenantPackage, user } from '@civdesk/resources';
import { z } from 'zod';
import { Done, Obj } from '../../core/answers.ts';
import { PLATFORM_TENANT, type Scope } from '../../core/caller.ts';
import { badRequest, forbidden, ok } from '../../core/envelope.ts';
import { nothing, rowIds } from '../../core/input.ts';
import { idParam, scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { ALL_TENANTS, sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { findOne, insert } from '../../crud/repository.ts';
import { hashPassword, md5hex } from '../../modules/auth/passwords.ts';

const T = sqlOf(tenant);
const t = T.c;
const R = sqlOf(role);
const U = sqlOf(user);
const P = sqlOf(tenantPackage);

/** A tenant id as sent (letters and digits, at most 12), or a 400. */
const tenantIdParam = z
  .unknown()
  .optional()
  .refine((v) => /^[0-9A-Za-z]{1,12}$/.test(String(v ?? '')), { error: '租户ID未找到' })
  .transform(String);

const platformOnly = (s: Scope) => {
  if (s.caller.tenantId !== PLATFORM_TENANT) throw forbidden('平台数据仅平台管理员可以修改');
};

/** Every tenant for the platform, one's own for anyone else. */
async function tenantSelect({ ctx, req }: Call) {
  const s = scopeOf(req);
  const all = s.caller.tenantId === PLATFORM_TENANT;
  return ok(
    await ctx.db.query(
      `select ${t.tenantId} as "tenantId", ${t.tenantName} as "tenantName" from ${T.table} where ${T.live(all ? ALL_TENANTS : '$1')} order by ${t.tenantId}`,
      all ? [] : [s.caller.tenantId],
    ),
  );
}

const DomainQuery = z.object({
  domain: z
    .unknown()
    .optional()
    .transform((v) => String(v ?? '').slice(0, 255)),
});

/** Sign-in page: which tenant a domain belongs to and its background (public, no secrets). */
async function tenantByDomain({ ctx, query }: Call<{ query: typeof DomainQuery }>) {
  const [found] = await ctx.db.query(
    `select ${t.tenantId} as "tenantId", ${t.domainUrl} as "domain", ${t.backgroundUrl} as "backgroundUrl" from ${T.table}
      where ${T.live(ALL_TENANTS)} and ${t.domainUrl} = $1 limit 1`,
    [query.domain],
  );
  return ok(found ?? { tenantId: '', domain: query.domain, backgroundUrl: '' });
}

const SettingParams = z.object({
  ids: rowIds,
  accountNumber: z
    .unknown()
    .optional()
    .transform((v) => (v === undefined || v === '' ? -1 : Number(v)))
    .refine((n) => Number.isSafeInteger(n) && n >= -1 && n <= 1_000_000, { error: '账号额度应为 -1（不限）或非负整数' }),
  expireTime: z
    .unknown()
    .optional()
    .transform((v) => (v === undefined || v === '' ? null : String(v)))
    .refine((v) => v === null || /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/.test(v), { error: '过期时间格式应为 yyyy-MM-dd HH:mm:ss' }),
});

/** The platform sets tenants' account quota (-1: none) and expiry. */
async function tenantSetting({ ctx, req, params }: Call<{ params: typeof SettingParams }>) {
  const s = scopeOf(req);
  platformOnly(s);
  const done = await ctx.db.query(
    `update ${T.table} set ${t.accountNumber} = $2, ${t.expireTime} = ($3::timestamp at time zone '${ctx.tz}'), ${t.updateUser} = $4,
            ${t.updateTime} = now()
      where ${t.id} = any($1::bigint[]) and ${T.live(ALL_TENANTS)} returning ${t.id}`,
    [params.ids, params.accountNumber, params.expireTime, s.caller.userId],
  );
  if (done.length !== params.ids.length) throw badRequest('部分租户不存在');
  return ok(true, '操作成功!');
}

/** The platform binds a tenant to a data source or a product package (empty: none). */
function bindTo(field: 'datasourceId' | 'packageId', target: Resource, summary: string) {
  const B = sqlOf(target);
  const Params = z.object({ tenantId: tenantIdParam, [field]: z.unknown().optional() });
  const handler = async ({ ctx, req, params }: Call<{ params: typeof Params }>) => {
    platformOnly(scopeOf(req));
    const raw = params[field];
    const value = raw === undefined || raw === '' ? null : idParam(raw, field);
    if (value) {
      const [found] = await ctx.db.query(`select 1 from ${B.table} where ${B.c.id} = $1 and ${B.live()}`, [value]);
      if (!found) throw badRequest(`${summary}: 目标不存在`);
    }
    const done = await ctx.db.query(
      `update ${T.table} set ${t[field]} = $2, ${t.updateTime} = now() where ${T.live('$1')} returning ${t.id}`,
      [params.tenantId, value],
    );
    if (!done.length) throw badRequest('租户不存在');
    return ok(true, '操作成功!');
  };
  return { params: Params, handler };
}

const PackageQuery = z.object({ tenantId: tenantIdParam });

/** The product package a tenant is bound to, or null. */
async function packageOf({ ctx, req, query }: Call<{ query: typeof PackageQuery }>) {
  const found = await findOne(ctx.db, tenant, scopeOf(req), { tenantId: query.tenantId });
  if (!found?.packageId) return ok(null);
  const [p] = await ctx.db.query(
    `select ${P.c.id}::text as id, ${P.c.packageName} as "packageName", ${P.c.menuId} as "menuId" from ${P.table}
      where ${P.c.id} = $1 and ${P.live()}`,
    [found.packageId],
  );
  return ok(p ?? null);
}

// Logs stay when their tenant goes: they are the record of what happened, not the tenant's data.
const LOGS = new Set(['auth-log', 'front-log', 'log-api', 'log-error', 'user-oper-log']);
const tenantData = registry.filter((r) => r.tenant && !LOGS.has(r.name));

/**
 * A removed tenant takes its data with it in the same transaction: rows that can be removed softly
 * are marked removed, its settings without that flag are deleted. Its users are then no longer
 * live, so their sessions end and they cannot sign in. The platform tenant is never removed.
 */
async function removeTenantData({ db, scope, ids }: { db: Queryable; scope: Scope; ids: string[] }) {
  const found = await db.query<{ code: string }>(`select ${t.tenantId} as code from ${T.table} where ${t.id} = any($1::bigint[])`, [ids]);
  const codes = found.map((f) => f.code);
  if (codes.includes(PLATFORM_TENANT)) throw badRequest('平台租户不可删除');
  for (const r of tenantData) {
    const X = sqlOf(r);
    await db.query(
      r.softDelete
        ? `update ${X.table} set "is_deleted" = 1, "update_user" = $2, "update_time" = now() where ${X.c.tenantId} = any($1::text[]) and "is_deleted" = 0`
        : `delete from ${X.table} where ${X.c.tenantId} = any($1::text[])`,
      r.softDelete ? [codes, scope.caller.userId] : [codes],
    );
  }
}

/**
 * Tenants. A new tenant is usable at once: it gets a root department, an `admin` role and an
 * `admin` user whose password is the `account.initPassword` parameter, flagged for change at
 * first sign-in. Quota, expiry and bindings are the platform's to set.
 */
export const tenantHooks: ResourceHooks = {
  afterRemove: removeTenantData,
  async beforeWrite({ db, mode, scope, params }, values) {
    if (mode !== 'create') return;
    const tenantId = String(values.tenantId);
    const s: Scope = { ...scope, caller: { ...scope.caller, tenantId } };
    const name = String(values.tenantName);
    const root = await insert(db, dept, s, {
      parentId: '0',
      deptCode: `${tenantId}-01`,
      deptName: name.slice(0, 32),
      fullName: name,
      areaName: '全国',
      sort: 1,
    });
    const admin = await insert(db, role, s, { parentId: '0', roleName: '管理员', roleAlias: 'admin', sort: 1 });
    await db.query(`update ${R.table} set ${R.c.isSystem} = 1 where ${R.c.id} = $1`, [admin.id]);
    const u = await insert(db, user, s, {
      account: 'admin',
      name: '管理员',
      realName: '管理员',
      userType: 1,
      roleId: admin.id,
      deptId: root.id,
      sort: 1,
    });
    const password = await hashPassword(md5hex(await params.get('account.initPassword', db)));
    await db.query(`update ${U.table} set ${U.c.password} = $1, ${U.c.initPassword} = 1 where ${U.c.id} = $2`, [password, u.id]);
  },
  routes(app, r, ctx) {
    const route = routes(app, ctx, [r.label.en]);
    // Each call demands its own button (tenant_setting…), the code the screen shows its action for.
    const button = (action: string) => ({ perm: `${r.name}_${action}` });
    route.get(
      `${r.api}/select`,
      { auth: 'signed-in', summary: '租户下拉', query: nothing, data: z.array(z.object({ tenantId: z.string(), tenantName: z.string() })) },
      tenantSelect,
    );
    route.get(
      `${r.api}/info`,
      { auth: 'public', summary: '按域名获取租户', query: DomainQuery, data: z.looseObject({ tenantId: z.string() }) },
      tenantByDomain,
    );
    route.post(
      `${r.api}/setting`,
      { auth: button('setting'), summary: '授权配置（账号额度、过期时间）', params: SettingParams, data: Done },
      tenantSetting,
    );
    const ds = bindTo('datasourceId', datasource, '数据源配置');
    route.post(`${r.api}/datasource`, { auth: button('datasource'), summary: '数据源配置', params: ds.params, data: Done }, ds.handler);
    const pkg = bindTo('packageId', tenantPackage, '产品包配置');
    route.post(`${r.api}/package`, { auth: button('package'), summary: '产品包配置', params: pkg.params, data: Done }, pkg.handler);
    route.get(
      `${r.api}/package-detail`,
      { auth: { perm: `${r.name}_view` }, summary: '租户的产品包', query: PackageQuery, data: Obj.nullable() },
      packageOf,
    );
  },
};
