import type { FastifyInstance } from 'fastify';
import { type AuthServices, callerOf, tokenOf } from '../../plugins/auth.ts';
import { badRequest, fail, ok } from '../../plugins/envelope.ts';
import { allows } from '../permission/grant-store.ts';
import { audit } from './audit.ts';
import { PLATFORM_TENANT } from './caller.ts';
import { clientOf, GrantError } from './issue.ts';
import { checkCredentials } from './sign-in.ts';
import { grantParams } from './token.routes.ts';
import { verifyAccessToken } from './tokens.ts';

/** The permission code that opens the operations (deployer) page behind /deploy. */
export const DEPLOY_PERM = 'deploy';

/** Logout, clear cache, the idle-timeout check (overMax) and the deployer sign-in check. */
export function registerSessionRoutes(app: FastifyInstance, auth: AuthServices) {
  const { db, sessions, grants, params } = auth;
  const tags = ['Auth'];

  // Ends the session the token belongs to, server-side: its access and refresh tokens stop working.
  app.get('/api/blade-auth/oauth/logout', { config: { auth: 'public' }, schema: { tags, summary: '退出登录' } }, async (req) => {
    const token = tokenOf(req);
    const claims = token ? await verifyAccessToken(auth.key, token) : null;
    if (claims) {
      await sessions.revoke(db, claims.sessionId, 'logout');
      await audit(db, req, { event: 'logout', ok: true, tenantId: claims.tenantId, account: claims.account, userId: claims.userId });
    }
    return { success: 'true', msg: 'success' };
  });

  app.get('/api/blade-auth/oauth/clear-cache', { config: { auth: 'signed-in' }, schema: { tags, summary: '清除缓存' } }, async () => {
    sessions.forget();
    grants.forget();
    params.forget();
    return { success: 'true', msg: 'success' };
  });

  // The shell's overtime poll (spec 000 §4): overMax once the session has been idle longer than
  // account.idleTimeout minutes (or is gone); the session then ends server-side too. The poll
  // itself does not count as activity.
  app.get(
    '/api/blade-system/bmSysOperationTime/checkRefresh',
    { config: { auth: 'public' }, schema: { tags, summary: '操作超时检查' } },
    async (req) => {
      const token = tokenOf(req);
      const claims = token ? await verifyAccessToken(auth.key, token) : null;
      // The tenant's idle-timeout setting in use, else the account.idleTimeout parameter.
      const [setting] = claims
        ? await db.query<{ minutes: number }>(
            'select operation_time as minutes from bm_sys_operation_time where tenant_id = $1 and is_stop = 0 and is_deleted = 0 order by update_time desc limit 1',
            [claims.tenantId],
          )
        : [];
      const maxIdleSeconds = (setting?.minutes ?? (await params.int('account.idleTimeout'))) * 60;
      const session = claims ? await sessions.check(claims.sessionId) : null;
      if (!claims || !session?.live || !session.userActive) return ok({ overMax: true, idleSeconds: 0, maxIdleSeconds });
      const overMax = session.idleSeconds > maxIdleSeconds;
      if (overMax) await sessions.revoke(db, claims.sessionId, 'idle');
      return ok({ overMax, idleSeconds: session.idleSeconds, maxIdleSeconds });
    },
  );

  // The operations page (/deploy) signs its operator in separately: same credential checks as the
  // token endpoint (lock, timing, audit), and the account must hold the `deploy` permission.
  app.post(
    '/api/blade-auth/oauth/deploy-check',
    { config: { auth: 'public' }, schema: { tags, summary: '运维登录检查' } },
    async (req, reply) => {
      try {
        await clientOf(db, req);
        const p = grantParams(req);
        if (!p.username || !p.password) throw badRequest('缺少必要的请求参数: username, password');
        const tenantId = String(req.headers['tenant-id'] ?? '') || p.tenantId || PLATFORM_TENANT;
        const u = await checkCredentials(auth, req, tenantId, p.username, p.password);
        const g = await grants.load(tenantId, (u.roleId ?? '').split(','));
        if (!allows(g, DEPLOY_PERM)) {
          await audit(db, req, { event: 'login-fail', ok: false, tenantId, account: u.account, userId: u.id, message: '无运维权限' });
          return reply.status(403).send(fail(403, '该账号无运维权限'));
        }
        await audit(db, req, { event: 'login', ok: true, tenantId, account: u.account, userId: u.id, message: '运维登录' });
        return ok({ pass: true, account: u.account, tenantId });
      } catch (e) {
        if (e instanceof GrantError) return reply.status(e.status).send(fail(e.status, e.message));
        throw e;
      }
    },
  );

  // Who is signed in (the profile page's source).
  app.get('/api/blade-user/info', { config: { auth: 'signed-in' }, schema: { tags, summary: '当前用户信息' } }, async (req) => {
    const c = callerOf(req);
    const [u] = await db.query(
      `select u.id::text as id, u.tenant_id as "tenantId", u.account, u.name, u.real_name as "realName", u.avatar, u.email, u.phone,
              u.sex, to_char(u.birthday, 'YYYY-MM-DD') as birthday, u.role_id as "roleId", u.dept_id as "deptId", u.post_id as "postId",
              coalesce(u.init_password, 0) as "initPassword", t.tenant_name as "tenantName",
              (select string_agg(r.role_name, ',' order by r.sort) from blade_role r
                where r.id = any(string_to_array(u.role_id, ',')::bigint[]) and r.tenant_id = u.tenant_id and r.is_deleted = 0) as "roleName",
              (select string_agg(d.dept_name, ',' order by d.sort) from blade_dept d
                where d.id = any(string_to_array(u.dept_id, ',')::bigint[]) and d.tenant_id = u.tenant_id and d.is_deleted = 0) as "deptName"
         from blade_user u left join blade_tenant t on t.tenant_id = u.tenant_id and t.is_deleted = 0
        where u.id = $1 and u.tenant_id = $2 and u.is_deleted = 0`,
      [c.userId, c.tenantId],
    );
    return ok(u ?? null);
  });
}
