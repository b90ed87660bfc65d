import { client } from '@civdesk/resources';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Tokens } from '../../core/answers.ts';
import { PLATFORM_TENANT } from '../../core/caller.ts';
import type { AppContext } from '../../core/context.ts';
import { fail, ok } from '../../core/envelope.ts';
import { nothing, optionalString } from '../../core/input.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { audit } from './audit.ts';
import { registerAuthorizeRoutes } from './authorize.routes.ts';
import { consumeCaptcha, createCaptcha } from './captcha.ts';
import { authorizationCodeGrant } from './grants/authorization-code.ts';
import { certificateGrant } from './grants/certificate.ts';
import { chosen, completeSignIn, type Grant, type GrantCall, header, type Params, TokenParams, tenantOf } from './grants/common.ts';
import { phoneCodeGrant } from './grants/phone-code.ts';
import { socialGrant } from './grants/social.ts';
import { ssoTicketGrant } from './grants/sso-ticket.ts';
import { checkTenant, clientOf, GrantError, issueTokens, loadUser, type TokenAnswer } from './issue.ts';
import { checkCredentials } from './sign-in.ts';

/** A refresh: the token is used once; a used one coming back ends its whole session (it was copied). */
async function refresh({ ctx, req, p, c }: GrantCall): Promise<TokenAnswer> {
  const { db, sessions } = ctx;
  const token = p.refresh_token ?? '';
  if (!token) throw new GrantError(400, '缺少必要的请求参数：refresh_token', 'invalid_request');
  const found = await sessions.findRefreshToken(db, token);
  if (!found) throw new GrantError(401, '令牌已失效');
  const session = await sessions.find(db, found.sessionId);
  if (!session) throw new GrantError(401, '令牌已失效');
  const reused = async () => {
    await sessions.revoke(db, found.sessionId, 'token-reuse');
    await audit(db, req, {
      event: 'token-reuse',
      ok: false,
      tenantId: session.tenantId,
      userId: session.userId,
      message: '刷新令牌被重复使用，会话已终止',
    });
    return new GrantError(401, '令牌已失效');
  };
  if (found.used) throw await reused();
  if (!session.live || session.clientId !== c.clientId) throw new GrantError(401, '令牌已失效');
  const tenantHeader = header(req, 'tenant-id');
  if (tenantHeader && tenantHeader !== session.tenantId) throw new GrantError(400, '租户ID与令牌不符');
  if (session.idle > (await ctx.params.int('account.idleTimeout')) * 60) {
    await sessions.revoke(db, found.sessionId, 'idle');
    throw new GrantError(401, '登录已超时，请重新登录');
  }
  // However often it is refreshed, a session ends this long after its sign-in.
  if (session.age > (await ctx.params.int('account.sessionMaxDays')) * 86_400) {
    await sessions.revoke(db, found.sessionId, 'max-age');
    throw new GrantError(401, '登录已超过最长有效期，请重新登录');
  }
  await checkTenant(db, session.tenantId);
  const u = await loadUser(db, session.tenantId, { id: session.userId });
  if (!u || Number(u.status) !== 1 || (u.auditStatus ?? '1') !== '1') throw new GrantError(401, '令牌已失效');
  if (!(await sessions.useRefreshToken(db, token))) throw await reused();
  const pick = chosen(req, ctx.config.switchMode);
  return issueTokens(db, ctx.key, sessions, c, u, {
    sessionId: found.sessionId,
    chosenDept: pick.dept ?? session.deptId,
    chosenRole: pick.role ?? session.roleId,
    ip: req.ip,
  });
}

/** Grants password and captcha: the credentials (and captcha) are checked, then a new session begins. */
async function signIn(g: GrantCall): Promise<TokenAnswer> {
  const { ctx, req, p } = g;
  const { db } = ctx;
  const type = p.grant_type;
  const tenantId = tenantOf(req, p, PLATFORM_TENANT);
  // The captcha grant always needs one; a password grant brings one when the sign-in asked for it.
  const captchaSent = Boolean(header(req, 'captcha-key'));
  const captchaPassed =
    (type === 'captcha' || captchaSent) && (await consumeCaptcha(db, header(req, 'captcha-key'), header(req, 'captcha-code')));
  if ((type === 'captcha' || captchaSent) && !captchaPassed) {
    await audit(db, req, { event: 'login-fail', ok: false, tenantId, account: p.username, message: '验证码不正确' });
    throw new GrantError(400, '验证码不正确');
  }
  if (!p.username) throw new GrantError(400, '缺少必要的请求参数：username', 'invalid_request');
  if (!p.password) throw new GrantError(400, '缺少必要的请求参数：password', 'invalid_request');
  chosen(req, ctx.config.switchMode);
  const u = await checkCredentials(ctx, req, tenantId, p.username, p.password, { captchaPassed });
  return completeSignIn(g, u);
}

/** Every grant the endpoint knows; a client uses those its `authorizedGrantTypes` lists. */
export const grants: Record<string, Grant> = {
  password: signIn,
  captcha: signIn,
  refresh_token: refresh,
  sms_code: phoneCodeGrant,
  sso_ticket: ssoTicketGrant,
  social: socialGrant,
  certificate: certificateGrant,
  authorization_code: authorizationCodeGrant,
};

/**
 * The token endpoint: the grants above; the client of the Basic header
 * must list the grant. Success is the bare snake_case answer; failure `{error, error_description}`.
 */
async function token({ ctx, req, reply, params }: Call<{ params: typeof TokenParams }>) {
  try {
    return await runGrant(ctx, req, params);
  } catch (e) {
    if (e instanceof GrantError) return reply.status(e.status).send({ error: e.error, error_description: e.message });
    throw e;
  }
}

/** Authenticates the client of the Basic header and runs the grant asked for, if the client lists it; refusals throw GrantError. */
export async function runGrant(ctx: AppContext, req: FastifyRequest, params: Params): Promise<TokenAnswer> {
  const c = await clientOf(ctx.db, req);
  const type = params.grant_type ?? '';
  const grant = Object.hasOwn(grants, type) ? grants[type] : undefined;
  if (!grant) throw new GrantError(400, '不支持的授权类型', 'unsupported_grant_type');
  if (!c.grantTypes.split(',').includes(type)) throw new GrantError(400, '客户端未获授权使用该授权类型', 'unauthorized_client');
  return grant({ ctx, req, p: params, c });
}

const C = sqlOf(client);
const ByCode = z.object({ code: optionalString, appId: optionalString });

const WebConfig = z.object({
  clientId: z.string(),
  clientSecret: z.string(),
  captchaMode: z.boolean(),
  tenantMode: z.boolean(),
  switchMode: z.boolean(),
  tenantId: z.string(),
  title: z.string(),
});

/** What the web app needs before anyone signs in: its client, the modes, the platform tenant. */
async function webConfig({ ctx }: Call) {
  const [c] = await ctx.db.query<{ id: string; secret: string }>(
    `select ${C.c.clientId} as id, ${C.c.clientSecret} as secret from ${C.table} where ${C.c.clientId} = 'saber' and ${C.live()}`,
  );
  const { captchaMode, tenantMode, switchMode } = ctx.config;
  return ok({
    clientId: c?.id ?? '',
    clientSecret: c?.secret ?? '',
    captchaMode,
    tenantMode,
    switchMode,
    tenantId: PLATFORM_TENANT,
    title: 'Civdesk 未成年人保护与政务服务管理平台',
  });
}

export function registerTokenRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, ['Auth']);
  r.post(
    '/api/blade-auth/oauth/token',
    { auth: 'public', summary: '登录 / 刷新令牌', params: TokenParams, forms: true, answer: Tokens },
    token,
  );
  // The single sign-on ticket "by code": grant sso_ticket as an ordinary call (the envelope, either way).
  r.get(
    '/api/blade-auth/sso/by-code',
    { auth: 'public', summary: '单点登录票据换取令牌', query: ByCode, data: Tokens },
    async ({ ctx, req, reply, query }) => {
      try {
        return ok(await runGrant(ctx, req, { grant_type: 'sso_ticket', ticket: query.code, appId: query.appId }));
      } catch (e) {
        if (e instanceof GrantError) return reply.status(e.status).send(fail(e.status, e.message));
        throw e;
      }
    },
  );
  r.get(
    '/api/blade-auth/oauth/captcha',
    {
      auth: 'public',
      summary: '验证码',
      query: nothing,
      answer: z.object({ key: z.string(), image: z.string() }),
    },
    async ({ ctx, req, reply }) => createCaptcha(ctx.db, req.ip, await ctx.params.int('account.captchaIpLimit'), reply),
  );
  r.get('/api/civdesk/web-config', { auth: 'public', summary: '前端运行配置', query: nothing, data: WebConfig }, webConfig);
  registerAuthorizeRoutes(app, ctx);
}
