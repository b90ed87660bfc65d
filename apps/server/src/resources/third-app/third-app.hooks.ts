import { isIdText } from '@civdesk/meta';
import { thirdAppPermission } from '@civdesk/resources';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { newId } from '../../crud/ids.ts';
import { findOne, remove } from '../../crud/repository.ts';
import { idParam, parseIds, scopeOf } from '../../crud/routes.ts';
import { checkReferences } from '../../crud/write-checks.ts';
import { badRequest, notFound, ok } from '../../plugins/envelope.ts';

const permApi = thirdAppPermission.api;

function roleIdsOf(raw: unknown): string[] {
  const list = Array.isArray(raw)
    ? raw.map(String)
    : String(raw ?? '')
        .split(',')
        .filter(Boolean);
  if (!list.every(isIdText)) throw badRequest('roleIds 应为角色编号');
  return [...new Set(list)];
}

/**
 * Third-party applications: the family's `cusRomve` (sic) removal, role bindings replaced as a
 * whole, and the applications the caller's roles may open.
 */
export const thirdAppHooks: ResourceHooks = {
  routes(app, r, deps) {
    const tags = [r.label.en];
    app.get(`${r.api}/cusRomve`, { config: { auth: { perm: `${r.name}_delete` } }, schema: { tags, summary: '删除' } }, async (req) => {
      await remove(deps.db, r, scopeOf(req, deps), parseIds((req.query as Record<string, unknown>).ids));
      return ok(true, '删除成功');
    });
    app.get(`${r.api}/getAppForUser`, { config: { auth: 'signed-in' }, schema: { tags, summary: '当前用户可用的应用' } }, async (req) => {
      const s = scopeOf(req, deps);
      const roles = s.caller.roleIds.filter(isIdText);
      return ok(
        await deps.db.query(
          `select a.id::text, a.app_name as "appName", a.app_img as "appImg", a.login_url as "loginUrl", a.login_out_api as "loginOutApi", a.note
             from dw_third_app a where a.tenant_id = $1 and a.is_deleted = 0
              and exists (select 1 from dw_third_app_permission p where p.app_id = a.id and p.tenant_id = $1 and p.role_id = any($2::bigint[]))
            order by a.create_time desc`,
          [s.caller.tenantId, roles],
        ),
      );
    });
    app.post(
      `${permApi}/batchBind`,
      { config: { auth: { perm: `${r.name}_edit` } }, schema: { tags, summary: '批量绑定角色' } },
      async (req) => {
        const q = { ...((req.query as object) ?? {}), ...((req.body as object) ?? {}) } as Record<string, unknown>;
        const appId = idParam(q.appId, 'appId');
        const roleIds = roleIdsOf(q.roleIds);
        const s = scopeOf(req, deps);
        await deps.db.tx(async (db) => {
          if (!(await findOne(db, r, s, { id: appId }))) throw notFound('应用不存在');
          for (const roleId of roleIds) await checkReferences(db, thirdAppPermission, s, { appId, roleId }, null);
          await db.query('delete from dw_third_app_permission where tenant_id = $1 and app_id = $2', [s.caller.tenantId, appId]);
          for (const roleId of roleIds) {
            await db.query(
              'insert into dw_third_app_permission (id, tenant_id, app_id, role_id, create_user, create_dept, update_user) values ($1, $2, $3, $4, $5, $6, $5)',
              [newId(), s.caller.tenantId, appId, roleId, s.caller.userId, s.caller.deptId],
            );
          }
        });
        return ok(true, '操作成功!');
      },
    );
    app.get(
      `${permApi}/getListByApp`,
      { config: { auth: { perm: `${r.name}_view` } }, schema: { tags, summary: '应用已绑定的角色' } },
      async (req) => {
        const appId = idParam((req.query as Record<string, unknown>).appId, 'appId');
        const s = scopeOf(req, deps);
        return ok(
          await deps.db.query(
            `select p.app_id::text as "appId", p.role_id::text as "roleId", r.role_name as "roleName"
             from dw_third_app_permission p join blade_role r on r.id = p.role_id and r.is_deleted = 0
            where p.tenant_id = $1 and p.app_id = $2 order by r.sort`,
            [s.caller.tenantId, appId],
          ),
        );
      },
    );
  },
};
