import { role, tenant, user } from '@civdesk/resources';
import { badRequest, forbidden } from '../../core/envelope.ts';
import { ADMINISTRATOR } from '../../core/grant-store.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { acceptNewPassword, loadPolicy, PolicyError } from '../../modules/auth/password-policy.ts';
import { hashPassword, md5hex } from '../../modules/auth/passwords.ts';

const R = sqlOf(role);
const T = sqlOf(tenant);
const U = sqlOf(user, 'u');

/**
 * Users written through the engine (the user form, Excel import): a password given on creation is
 * checked against the tenant's policy, none given means the `account.initPassword` parameter
 * flagged for change; the tenant's account quota holds; only the platform administrator hands
 * out the administrator role. The password is never changed here (update-password, reset do that).
 */
export const beforeUserWrite: NonNullable<ResourceHooks['beforeWrite']> = async ({ db, mode, scope, tenantId, params }, values) => {
  if (mode === 'update') delete values.password;
  if (values.roleId) {
    const [admin] = await db.query(
      `select 1 from ${R.table} where ${R.c.id} = any($1::bigint[]) and ${R.c.roleAlias} = $2 and ${R.live('$3')}`,
      [String(values.roleId).split(','), ADMINISTRATOR, tenantId],
    );
    if (admin && !scope.caller.platformAdmin) throw forbidden('无权配置超管角色!');
  }
  if (mode !== 'create') return;
  const [t] = await db.query<{ quota: number | null; users: number }>(
    `select ${T.c.accountNumber} as quota, (select count(*)::int from ${U.table} where ${U.live('$1')}) as users
       from ${T.table} where ${T.live('$1')}`,
    [tenantId],
  );
  if (t && t.quota !== null && t.quota >= 0 && t.users >= t.quota) throw badRequest('租户账号额度已满，请联系管理员');
  const given = typeof values.password === 'string' ? values.password : '';
  if (given) {
    try {
      values.password = await hashPassword(await acceptNewPassword(db, await loadPolicy(db, tenantId), null, given));
    } catch (e) {
      if (e instanceof PolicyError) throw badRequest(e.message, { errors: [{ field: 'password', message: e.message }] });
      throw e;
    }
  } else {
    values.password = await hashPassword(md5hex(await params.get('account.initPassword', db)));
    values.initPassword = 1;
  }
};
