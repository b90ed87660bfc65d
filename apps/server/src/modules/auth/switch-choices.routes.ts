import type { FastifyInstance } from 'fastify';
import type { AuthServices } from '../../plugins/auth.ts';
import { fail, ok } from '../../plugins/envelope.ts';
import { audit } from './audit.ts';
import { PLATFORM_TENANT } from './caller.ts';
import { consumeCaptcha } from './captcha.ts';
import { clientOf, GrantError } from './issue.ts';
import { checkCredentials } from './sign-in.ts';
import { grantParams } from './token.routes.ts';

const idsOf = (csv: string | null) => (csv ?? '').split(',').filter((id) => /^\d{1,19}$/.test(id));

/**
 * The sign-in form's department and role choices in switch mode (spec 000 §3, §6): the user's own
 * departments and roles, named. A visitor is nobody yet, so the call checks the account and
 * password exactly as the token endpoint does (lock, same answer for unknown and wrong, failures
 * counted) and takes a captcha too unless the OAuth client may sign in without one (grant
 * password) — otherwise it would be a way round the captcha for guessing passwords. Nothing is signed in or stored on success.
 */
export function registerSwitchChoiceRoutes(app: FastifyInstance, auth: AuthServices) {
  const { db, config } = auth;
  app.post(
    '/api/blade-auth/oauth/switch-choices',
    { config: { auth: 'public' }, schema: { tags: ['Auth'], summary: '登录可选部门与角色' } },
    async (req, reply) => {
      try {
        if (!config.switchMode) throw new GrantError(404, '未开启部门与角色切换');
        const client = await clientOf(db, req);
        const p = grantParams(req);
        const tenantId = String(req.headers['tenant-id'] ?? '').trim() || p.tenantId || PLATFORM_TENANT;
        if (!p.username || !p.password) throw new GrantError(400, '缺少必要的请求参数: username, password');
        // A client that may sign in without a captcha (grant password) may ask for these without one;
        // a captcha that comes along is checked and used up all the same, so the form knows it is spent.
        const key = String(req.headers['captcha-key'] ?? '');
        const code = String(req.headers['captcha-code'] ?? '');
        if (key || code || !client.grantTypes.split(',').includes('password')) {
          if (!(await consumeCaptcha(db, key, code))) {
            await audit(db, req, { event: 'login-fail', ok: false, tenantId, account: p.username, message: '验证码不正确' });
            throw new GrantError(400, '验证码不正确');
          }
        }
        const u = await checkCredentials(auth, req, tenantId, p.username, p.password);
        const [depts, roles] = await Promise.all([
          db.query<{ id: string; deptName: string }>(
            'select id::text as id, dept_name as "deptName" from blade_dept where id = any($1::bigint[]) and tenant_id = $2 and is_deleted = 0 order by sort, id',
            [idsOf(u.deptId), u.tenantId],
          ),
          db.query<{ id: string; roleName: string }>(
            'select id::text as id, role_name as "roleName" from blade_role where id = any($1::bigint[]) and tenant_id = $2 and is_deleted = 0 order by sort, id',
            [idsOf(u.roleId), u.tenantId],
          ),
        ]);
        return ok({ depts, roles });
      } catch (e) {
        if (e instanceof GrantError) return reply.status(e.status).send(fail(e.status, e.message));
        throw e;
      }
    },
  );
}
