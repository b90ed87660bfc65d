import type { Db } from '@civdesk/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config.ts';
import { ok } from '../../plugins/envelope.ts';
import { consumeCaptcha, createCaptcha } from './captcha.ts';
import { dummyHash, hashPassword, isLegacyHash, verifyPassword } from './passwords.ts';
import { type AccessClaims, PLATFORM_TENANT, signAccessToken } from './tokens.ts';

type ClientRow = { clientId: string; clientSecret: string; grantTypes: string; access: number; refresh: number };
type UserRow = {
  id: string;
  tenantId: string;
  account: string;
  name: string | null;
  realName: string | null;
  avatar: string | null;
  password: string | null;
  roleId: string | null;
  deptId: string | null;
  postId: string | null;
  status: number;
  initPassword: number;
};

/** OAuth failures answer the bare `error_description` object the BladeX clients read, storing nothing. */
class GrantError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly error = 'invalid_grant',
  ) {
    super(message);
  }
}

function params(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const src of [req.query, req.body]) {
    if (src && typeof src === 'object') for (const [k, v] of Object.entries(src)) if (typeof v === 'string') out[k] = v;
  }
  return out;
}

async function clientOf(db: Db, req: FastifyRequest): Promise<ClientRow> {
  const header = String(req.headers.authorization ?? '').replace(/^Basic(%20|\s)+/i, '');
  const [id, secret] = Buffer.from(header, 'base64').toString('utf8').split(':');
  if (!id || !secret) throw new GrantError(401, '客户端认证失败', 'unauthorized');
  const rows = await db.query<ClientRow>(
    `select client_id as "clientId", client_secret as "clientSecret", authorized_grant_types as "grantTypes",
            access_token_validity as access, refresh_token_validity as refresh
       from blade_client where client_id = $1 and is_deleted = 0`,
    [id],
  );
  if (!rows[0] || rows[0].clientSecret !== secret) throw new GrantError(401, '客户端认证失败', 'unauthorized');
  return rows[0];
}

async function loadUser(db: Db, tenantId: string, by: { account?: string; id?: string }): Promise<UserRow | null> {
  const [u] = await db.query<UserRow>(
    `select id::text, tenant_id as "tenantId", account, name, real_name as "realName", avatar, password,
            role_id as "roleId", dept_id as "deptId", post_id as "postId", status, init_password as "initPassword"
       from blade_user where tenant_id = $1 and is_deleted = 0 and ${by.id ? 'id = $2' : 'account = $2'}`,
    [tenantId, by.id ?? by.account],
  );
  return u ?? null;
}

async function checkTenant(db: Db, tenantId: string) {
  const [t] = await db.query<{ expired: boolean }>(
    'select coalesce(expire_time < now(), false) as expired from blade_tenant where tenant_id = $1 and is_deleted = 0',
    [tenantId],
  );
  if (!t) throw new GrantError(400, '租户ID未找到');
  if (t.expired && tenantId !== PLATFORM_TENANT) throw new GrantError(400, '租户授权已过期,请联系管理员');
}

export function registerTokenRoutes(app: FastifyInstance, db: Db, key: Uint8Array, config: Config) {
  const issue = async (client: ClientRow, u: UserRow) => {
    const roleIds = (u.roleId ?? '').split(',').filter(Boolean);
    const roles = roleIds.length
      ? await db.query<{ alias: string; name: string }>(
          `select role_alias as alias, role_name as name from blade_role where id = any($1::bigint[]) and tenant_id = $2 and is_deleted = 0`,
          [roleIds, u.tenantId],
        )
      : [];
    if (roles.length === 0) throw new GrantError(400, '未获得用户的角色信息');
    const claims: AccessClaims = {
      token_type: 'access_token',
      tenant_id: u.tenantId,
      user_id: u.id,
      dept_id: u.deptId ?? '',
      post_id: u.postId ?? '',
      role_id: u.roleId ?? '',
      role_name: roles.map((r) => r.alias).join(','),
      account: u.account,
      user_name: u.account,
      nick_name: u.name ?? u.realName ?? u.account,
      real_name: u.realName ?? '',
      client_id: client.clientId,
      detail: { type: 'web' },
    };
    const access = await signAccessToken(key, claims, client.access);
    const refresh = await new SignJWT({ token_type: 'refresh_token', user_id: u.id, tenant_id: u.tenantId, client_id: client.clientId })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('issuser')
      .setAudience('audience')
      .setExpirationTime(`${client.refresh}s`)
      .sign(key);
    await db.query('update blade_user set last_login_time = now() where id = $1', [u.id]);
    const { token_type: _t, ...rest } = claims;
    return {
      access_token: access,
      token_type: 'bearer',
      refresh_token: refresh,
      expires_in: client.access,
      scope: 'all',
      ...rest,
      avatar: u.avatar ?? '',
      oauth_id: '',
      init_password: u.initPassword === 1,
      license: 'powered by civdesk',
    };
  };

  const grant = async (req: FastifyRequest) => {
    const p = params(req);
    const client = await clientOf(db, req);
    const type = p.grant_type ?? '';
    if (!['password', 'captcha', 'refresh_token'].includes(type)) throw new GrantError(400, '不支持的授权类型', 'unsupported_grant_type');
    if (!client.grantTypes.split(',').includes(type)) throw new GrantError(400, '客户端未获授权使用该授权类型', 'unauthorized_client');
    const tenantId = String(req.headers['tenant-id'] ?? p.tenantId ?? p.tenant_id ?? PLATFORM_TENANT) || PLATFORM_TENANT;
    if (type === 'refresh_token') {
      try {
        const { payload } = await jwtVerify(p.refresh_token ?? '', key, { issuer: 'issuser', audience: 'audience' });
        if (payload.token_type !== 'refresh_token') throw new Error('not a refresh token');
        const u = await loadUser(db, String(payload.tenant_id), { id: String(payload.user_id) });
        if (!u || u.status !== 1) throw new Error('user gone');
        await checkTenant(db, u.tenantId);
        return issue(client, u);
      } catch (e) {
        if (e instanceof GrantError) throw e;
        throw new GrantError(401, '令牌已失效');
      }
    }
    if (type === 'captcha') {
      const ok = await consumeCaptcha(db, String(req.headers['captcha-key'] ?? ''), String(req.headers['captcha-code'] ?? ''));
      if (!ok) throw new GrantError(400, '验证码不正确');
    }
    if (!p.username || !p.password) throw new GrantError(400, '用户名或密码错误');
    await checkTenant(db, tenantId);
    const u = await loadUser(db, tenantId, { account: p.username });
    // Unknown accounts are checked against a dummy hash: same answer, same time.
    const valid = await verifyPassword(u?.password ?? (await dummyHash()), p.password);
    if (!u || !valid) throw new GrantError(400, '用户名或密码错误');
    if (u.status !== 1) throw new GrantError(400, '用户已被禁用,请联系管理员');
    if (u.password && isLegacyHash(u.password)) {
      await db.query('update blade_user set password = $1 where id = $2', [await hashPassword(p.password), u.id]);
    }
    return issue(client, u);
  };

  app.post('/api/blade-auth/oauth/token', { config: { auth: 'public' }, schema: { tags: ['Auth'], summary: '登录 / 刷新令牌' } }, async (req, reply: FastifyReply) => {
    try {
      return await grant(req);
    } catch (e) {
      if (e instanceof GrantError) return reply.status(e.status).send({ error: e.error, error_description: e.message });
      throw e;
    }
  });
  app.get('/api/blade-auth/oauth/captcha', { config: { auth: 'public' }, schema: { tags: ['Auth'], summary: '验证码' } }, async () => createCaptcha(db));
  app.get('/api/blade-auth/oauth/logout', { config: { auth: 'public' }, schema: { tags: ['Auth'], summary: '退出登录' } }, async () => ({ success: 'true', msg: 'success' }));
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
