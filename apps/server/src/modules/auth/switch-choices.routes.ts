import { dept, role } from '@civdesk/resources';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PLATFORM_TENANT } from '../../core/caller.ts';
import type { AppContext } from '../../core/context.ts';
import { fail, ok } from '../../core/envelope.ts';
import { optionalString } from '../../core/input.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { audit } from './audit.ts';
import { consumeCaptcha } from './captcha.ts';
import { clientOf, GrantError } from './issue.ts';
import { checkCredentials } from './sign-in.ts';

const idsOf = (csv: string | null) => (csv ?? '').split(',').filter((id) => /^\d{1,19}$/.test(id));
const D = sqlOf(dept);
const R = sqlOf(role);

const CredentialParams = z.object({ username: optionalString, password: optionalString, tenantId: optionalString });

/**
 * The sign-in form's department and role choices in switch mode: the user's own departments and
 * roles, named. A visitor is nobody yet, so the call checks the account and password exactly as
 * the token endpoint does (lock, same answer for unknown and wrong, failures counted) and takes a
 * captcha too unless the OAuth client may sign in without one (grant password) — otherwise it
 * would be a way round the captcha for guessing passwords. Nothing is signed in or stored on success.
 */
async function switchChoices({ ctx, req, reply, params: p }: Call<{ params: typeof CredentialParams }>) {
  const { db } = ctx;
  try {
    if (!ctx.config.switchMode) throw new GrantError(404, '未开启部门与角色切换');
    const c = await clientOf(db, req);
    const tenantId = String(req.headers['tenant-id'] ?? '').trim() || p.tenantId || PLATFORM_TENANT;
    if (!p.username || !p.password) throw new GrantError(400, '缺少必要的请求参数：username, password');
    // A client that may sign in without a captcha (grant password) may ask for these without one;
    // a captcha that comes along is checked and used up all the same, so the form knows it is spent.
    const key = String(req.headers['captcha-key'] ?? '');
    const code = String(req.headers['captcha-code'] ?? '');
    const checked = Boolean(key || code || !c.grantTypes.split(',').includes('password'));
    if (checked) {
      if (!(await consumeCaptcha(db, key, code))) {
        await audit(db, req, { event: 'login-fail', ok: false, tenantId, account: p.username, message: '验证码不正确' });
        throw new GrantError(400, '验证码不正确');
      }
    }
    const u = await checkCredentials(ctx, req, tenantId, p.username, p.password, { captchaPassed: checked });
    const [depts, roles] = await Promise.all([
      db.query<{ id: string; deptName: string }>(
        `select ${D.c.id}::text as id, ${D.c.deptName} as "deptName" from ${D.table}
          where ${D.c.id} = any($1::bigint[]) and ${D.live('$2')} order by ${D.c.sort}, ${D.c.id}`,
        [idsOf(u.deptId), u.tenantId],
      ),
      db.query<{ id: string; roleName: string }>(
        `select ${R.c.id}::text as id, ${R.c.roleName} as "roleName" from ${R.table}
          where ${R.c.id} = any($1::bigint[]) and ${R.live('$2')} order by ${R.c.sort}, ${R.c.id}`,
        [idsOf(u.roleId), u.tenantId],
      ),
    ]);
    return ok({ depts, roles });
  } catch (e) {
    if (e instanceof GrantError) return reply.status(e.status).send(fail(e.status, e.message));
    throw e;
  }
}

export function registerSwitchChoiceRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, ['Auth']);
  r.post(
    '/api/blade-auth/oauth/switch-choices',
    {
      auth: 'public',
      summary: '登录可选部门与角色',
      params: CredentialParams,
      data: z.object({
        depts: z.array(z.object({ id: z.string(), deptName: z.string() })),
        roles: z.array(z.object({ id: z.string(), roleName: z.string() })),
      }),
    },
    switchChoices,
  );
}
