import { dept, role, user } from '@civdesk/resources';
import type { FastifyRequest } from 'fastify';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { findOne, insert } from '../../crud/repository.ts';
import { idParam, parseIds, scopeOf } from '../../crud/routes.ts';
import type { Scope } from '../../crud/scope.ts';
import { hashPassword, md5hex } from '../../modules/auth/passwords.ts';
import { PLATFORM_TENANT } from '../../modules/auth/tokens.ts';
import { badRequest, forbidden, ok } from '../../plugins/envelope.ts';

const paramsOf = (req: FastifyRequest) =>
  ({ ...((req.body as object) ?? {}), ...((req.query as object) ?? {}) }) as Record<string, unknown>;

/** A tenant id as sent (letters and digits, at most 12), or a 400. */
const tenantIdParam = (v: unknown) => {
  const id = String(v ?? '');
  if (!/^[0-9A-Za-z]{1,12}$/.test(id)) throw badRequest('租户ID未找到');
  return id;
};

const platformOnly = (s: Scope) => {
  if (s.caller.tenantId !== PLATFORM_TENANT) throw forbidden('平台数据仅平台管理员可以修改');
};

/**
 * A new tenant is usable at once: it gets a root department, an `admin` role and an `admin` user
 * whose password is the `account.initPassword` parameter, flagged for change at first sign-in.
 */
export const tenantHooks: ResourceHooks = {
  async beforeWrite({ db, mode, scope }, values) {
    if (mode !== 'create') return;
    const tenantId = String(values.tenantCode);
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
    await db.query('update blade_role set is_system = 1 where id = $1', [admin.id]);
    const u = await insert(db, user, s, {
      account: 'admin',
      name: '管理员',
      realName: '管理员',
      userType: 1,
      roleId: admin.id,
      deptId: root.id,
      sort: 1,
    });
    const [p] = await db.query<{ v: string }>(
      "select param_value v from blade_param where param_key = 'account.initPassword' and is_deleted = 0",
    );
    await db.query('update blade_user set password = $1, init_password = 1 where id = $2', [
      await hashPassword(md5hex(p?.v ?? '123456')),
      u.id,
    ]);
  },
  routes(app, r, deps) {
    const tags = [r.label.en];
    // Each call demands its own button (tenant_setting…), the code the screen shows its action for.
    const button = (action: string) => ({ auth: { perm: `${r.name}_${action}` } }) as const;
    app.get(`${r.api}/select`, { config: { auth: 'signed-in' }, schema: { tags, summary: '租户下拉' } }, async (req) => {
      const s = scopeOf(req, deps);
      const all = s.caller.tenantId === PLATFORM_TENANT;
      return ok(
        await deps.db.query(
          `select tenant_id as "tenantId", tenant_name as "tenantName" from blade_tenant where is_deleted = 0 ${all ? '' : 'and tenant_id = $1'} order by tenant_id`,
          all ? [] : [s.caller.tenantId],
        ),
      );
    });
    // Sign-in page: which tenant a domain belongs to and its background (public, no secrets).
    app.get(`${r.api}/info`, { config: { auth: 'public' }, schema: { tags, summary: '按域名获取租户' } }, async (req) => {
      const domain = String((req.query as Record<string, unknown>).domain ?? '').slice(0, 255);
      const [t] = await deps.db.query(
        `select tenant_id as "tenantId", domain_url as "domain", background_url as "backgroundUrl" from blade_tenant where is_deleted = 0 and domain_url = $1 limit 1`,
        [domain],
      );
      return ok(t ?? { tenantId: '', domain, backgroundUrl: '' });
    });
    app.post(`${r.api}/setting`, { config: button('setting'), schema: { tags, summary: '授权配置(账号额度、过期时间)' } }, async (req) => {
      const s = scopeOf(req, deps);
      platformOnly(s);
      const q = paramsOf(req);
      const ids = parseIds(q.ids);
      const accountNumber = q.accountNumber === undefined || q.accountNumber === '' ? -1 : Number(q.accountNumber);
      if (!Number.isSafeInteger(accountNumber) || accountNumber < -1 || accountNumber > 1_000_000)
        throw badRequest('账号额度应为 -1(不限)或非负整数');
      const expire = q.expireTime === undefined || q.expireTime === '' ? null : String(q.expireTime);
      if (expire !== null && !/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/.test(expire))
        throw badRequest('过期时间格式应为 yyyy-MM-dd HH:mm:ss');
      const rows = await deps.db.query(
        `update blade_tenant set account_number = $2, expire_time = ($3::timestamp at time zone '${deps.tz}'), update_user = $4, update_time = now()
          where id = any($1::bigint[]) and is_deleted = 0 returning id`,
        [ids, accountNumber, expire, s.caller.userId],
      );
      if (rows.length !== ids.length) throw badRequest('部分租户不存在');
      return ok(true, '操作成功!');
    });
    const bind = (path: string, column: string, target: string, summary: string) =>
      app.post(`${r.api}/${path}`, { config: button(path), schema: { tags, summary } }, async (req) => {
        const s = scopeOf(req, deps);
        platformOnly(s);
        const q = paramsOf(req);
        const tenantId = tenantIdParam(q.tenantId);
        const value = q[column] === undefined || q[column] === '' ? null : idParam(q[column], column);
        if (value) {
          const [found] = await deps.db.query(`select 1 from ${target} where id = $1 and is_deleted = 0`, [value]);
          if (!found) throw badRequest(`${summary}: 目标不存在`);
        }
        const col = column === 'datasourceId' ? 'datasource_id' : 'package_id';
        const rows = await deps.db.query(
          `update blade_tenant set ${col} = $2, update_time = now() where tenant_id = $1 and is_deleted = 0 returning id`,
          [tenantId, value],
        );
        if (!rows.length) throw badRequest('租户不存在');
        return ok(true, '操作成功!');
      });
    bind('datasource', 'datasourceId', 'blade_datasource', '数据源配置');
    bind('package', 'packageId', 'blade_tenant_package', '产品包配置');
    app.get(
      `${r.api}/package-detail`,
      { config: { auth: { perm: `${r.name}_view` } }, schema: { tags, summary: '租户的产品包' } },
      async (req) => {
        const s = scopeOf(req, deps);
        const t = await findOne(deps.db, r, s, { tenantCode: tenantIdParam((req.query as Record<string, unknown>).tenantId) });
        if (!t?.packageId) return ok(null);
        const [p] = await deps.db.query(
          'select id::text, package_name as "packageName", menu_id as "menuId" from blade_tenant_package where id = $1 and is_deleted = 0',
          [t.packageId],
        );
        return ok(p ?? null);
      },
    );
  },
};
