import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthServices } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { audit } from './audit.ts';
import { PLATFORM_TENANT } from './caller.ts';
import { consumeCaptcha, createCaptcha } from './captcha.ts';
import { checkTenant, clientOf, GrantError, issueTokens, loadUser, type TokenAnswer } from './issue.ts';
import { checkCredentials } from './sign-in.ts';

/** Grant parameters from the query string or an urlencoded/JSON body (strings only; the first wins). */
export function grantParams(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const src of [req.query, req.body]) {
    if (src && typeof src === 'object' && !Array.isArray(src)) {
      for (const [k, v] of Object.entries(src)) if (typeof v === 'string' && out[k] === undefined) out[k] = v;
    }
  }
  return out;
}

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' ? v.trim() : '';
};

/** Switch mode: the department and role asked for at sign-in or refresh (`Dept-Id`, `Role-Id`). */
function chosen(req: FastifyRequest, on: boolean): { dept: string | null; role: string | null } {
  if (!on) return { dept: null, role: null };
  const pick = (name: string) => {
    const v = header(req, name);
    if (!v) return null;
    if (!/^\d{1,19}$/.test(v)) throw new GrantError(400, name === 'dept-id' ? '未获得用户的部门信息' : '未获得用户的角色信息');
    return v;
  };
  return { dept: pick('dept-id'), role: pick('role-id') };
}

/**
 * The token endpoint (contract §2.1): grants password, captcha and refresh_token; the client of the
 * Basic header must list the grant. Success is the bare snake_case answer; failure `error_description`.
 */
export function registerTokenRoutes(app: FastifyInstance, auth: AuthServices) {
  const { db, key, sessions, config } = auth;

  const refresh = async (req: FastifyRequest, p: Record<string, string>, client: Awaited<ReturnType<typeof clientOf>>) => {
    const token = p.refresh_token ?? '';
    if (!token) throw new GrantError(400, '缺少必要的请求参数: refresh_token', 'invalid_request');
    const found = await sessions.findRefreshToken(db, token);
    if (!found) throw new GrantError(401, '令牌已失效');
    const session = await sessions.find(db, found.sessionId);
    if (!session) throw new GrantError(401, '令牌已失效');
    const reused = async () => {
      // A used refresh token came back: it was copied. End the whole session (every token of it).
      await sessions.revoke(db, found.sessionId, 'token-reuse');
      await audit(db, req, {
        event: 'token-reuse',
        ok: false,
        tenantId: session.tenantId,
        userId: session.userId,
        message: '刷新令牌被重复使用,会话已终止',
      });
      return new GrantError(401, '令牌已失效');
    };
    if (found.used) throw await reused();
    if (!session.live || session.clientId !== client.clientId) throw new GrantError(401, '令牌已失效');
    const tenantHeader = header(req, 'tenant-id');
    if (tenantHeader && tenantHeader !== session.tenantId) throw new GrantError(400, '租户ID与令牌不符');
    if (session.idle > (await auth.params.int('account.idleTimeout')) * 60) {
      await sessions.revoke(db, found.sessionId, 'idle');
      throw new GrantError(401, '登录已超时,请重新登录');
    }
    await checkTenant(db, session.tenantId);
    const u = await loadUser(db, session.tenantId, { id: session.userId });
    if (!u || Number(u.status) !== 1 || (u.auditStatus ?? '1') !== '1') throw new GrantError(401, '令牌已失效');
    if (!(await sessions.useRefreshToken(db, token))) throw await reused();
    const pick = chosen(req, config.switchMode);
    return issueTokens(db, key, sessions, client, u, {
      sessionId: found.sessionId,
      chosenDept: pick.dept ?? session.deptId,
      chosenRole: pick.role ?? session.roleId,
      ip: req.ip,
    });
  };

  const grant = async (req: FastifyRequest): Promise<TokenAnswer> => {
    const p = grantParams(req);
    const client = await clientOf(db, req);
    const type = p.grant_type ?? '';
    if (!['password', 'captcha', 'refresh_token'].includes(type)) throw new GrantError(400, '不支持的授权类型', 'unsupported_grant_type');
    if (!client.grantTypes.split(',').includes(type)) throw new GrantError(400, '客户端未获授权使用该授权类型', 'unauthorized_client');
    if (type === 'refresh_token') return refresh(req, p, client);
    const tenantId = header(req, 'tenant-id') || p.tenantId || p.tenant_id || PLATFORM_TENANT;
    if (type === 'captcha' && !(await consumeCaptcha(db, header(req, 'captcha-key'), header(req, 'captcha-code')))) {
      await audit(db, req, { event: 'login-fail', ok: false, tenantId, account: p.username, message: '验证码不正确' });
      throw new GrantError(400, '验证码不正确');
    }
    for (const name of ['username', 'password']) {
      if (!p[name]) throw new GrantError(400, `缺少必要的请求参数: ${name}`, 'invalid_request');
    }
    const pick = chosen(req, config.switchMode);
    const u = await checkCredentials(auth, req, tenantId, p.username, p.password);
    try {
      const answer = await issueTokens(db, key, sessions, client, u, { chosenDept: pick.dept, chosenRole: pick.role, ip: req.ip });
      await audit(db, req, {
        event: 'login',
        ok: true,
        tenantId,
        account: u.account,
        userId: u.id,
        deptId: String(answer.dept_id).split(',')[0],
      });
      return answer;
    } catch (e) {
      if (e instanceof GrantError)
        await audit(db, req, { event: 'login-fail', ok: false, tenantId, account: u.account, userId: u.id, message: e.message });
      throw e;
    }
  };

  app.post(
    '/api/blade-auth/oauth/token',
    { config: { auth: 'public' }, schema: { tags: ['Auth'], summary: '登录 / 刷新令牌' } },
    async (req, reply) => {
      try {
        return await grant(req);
      } catch (e) {
        if (e instanceof GrantError) return reply.status(e.status).send({ error: e.error, error_description: e.message });
        throw e;
      }
    },
  );
  app.get('/api/blade-auth/oauth/captcha', { config: { auth: 'public' }, schema: { tags: ['Auth'], summary: '验证码' } }, async () =>
    createCaptcha(db),
  );
  app.get('/api/civdesk/web-config', { config: { auth: 'public' }, schema: { tags: ['Auth'], summary: '前端运行配置' } }, async () => {
    const [c] = await db.query<{ id: string; secret: string }>(
      "select client_id as id, client_secret as secret from blade_client where client_id = 'saber' and is_deleted = 0",
    );
    return ok({
      clientId: c?.id ?? '',
      clientSecret: c?.secret ?? '',
      captchaMode: config.captchaMode,
      tenantMode: config.tenantMode,
      switchMode: config.switchMode,
      tenantId: PLATFORM_TENANT,
      title: 'Civdesk 未成年人保护与政务服务管理平台',
    });
  });
}
