import type { ResourceHooks } from '../../crud/hooks.ts';
import { hashPassword, md5hex } from '../../modules/auth/passwords.ts';
import { ADMINISTRATOR } from '../../modules/permission/grant-store.ts';
import { acceptNewPassword, loadPolicy, PolicyError } from '../../modules/user/password-policy.ts';
import { badRequest, forbidden } from '../../plugins/envelope.ts';

/**
 * Users written through the engine (the user form, Excel import): a password given on creation is
 * checked against the tenant's policy, none given means the `account.initPassword` parameter
 * flagged for change; the tenant's account quota holds; only the platform administrator hands
 * out the administrator role. The password is never changed here (update-password, reset do that).
 */
export const userHooks: ResourceHooks = {
  async beforeWrite({ db, mode, scope, tenantId }, values) {
    if (mode === 'update') delete values.password;
    if (values.roleId) {
      const [admin] = await db.query('select 1 from blade_role where id = any($1::bigint[]) and role_alias = $2 and is_deleted = 0', [
        String(values.roleId).split(','),
        ADMINISTRATOR,
      ]);
      if (admin && !scope.caller.platformAdmin) throw forbidden('无权配置超管角色!');
    }
    if (mode !== 'create') return;
    const [t] = await db.query<{ quota: number | null; users: number }>(
      `select account_number as quota, (select count(*)::int from blade_user u where u.tenant_id = $1 and u.is_deleted = 0) as users
         from blade_tenant where tenant_id = $1 and is_deleted = 0`,
      [tenantId],
    );
    if (t && t.quota !== null && t.quota >= 0 && t.users >= t.quota) throw badRequest('租户账号额度已满,请联系管理员');
    const given = typeof values.password === 'string' ? values.password : '';
    if (given) {
      try {
        values.password = await hashPassword(await acceptNewPassword(db, await loadPolicy(db, tenantId), null, given));
      } catch (e) {
        if (e instanceof PolicyError) throw badRequest(e.message, { errors: [{ field: 'password', message: e.message }] });
        throw e;
      }
    } else {
      const [p] = await db.query<{ v: string }>(
        "select param_value v from blade_param where param_key = 'account.initPassword' and is_deleted = 0",
      );
      values.password = await hashPassword(md5hex(p?.v ?? '123456'));
      values.initPassword = 1;
    }
  },
};
