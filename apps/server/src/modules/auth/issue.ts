import { timingSafeEqual } from 'node:crypto';
import type { Db, Queryable } from '@civdesk/db';
import type { FastifyRequest } from 'fastify';
import { isExpired, loadPolicy } from '../user/password-policy.ts';
import { PLATFORM_TENANT } from './caller.ts';
import type { SessionStore } from './session-store.ts';
import { signAccessToken } from './tokens.ts';

/** OAuth failures answer the bare `error_description` object the BladeX clients read, storing nothing. */
export class GrantError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly error = 'invalid_grant',
  ) {
    super(message);
  }
}

export type ClientRow = { clientId: string; clientSecret: string; grantTypes: string; access: number; refresh: number };

export type UserRow = {
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
  auditStatus: string | null;
  initPassword: number;
  /** When the password was last set (the policy's expiry counts from it). */
  passwordChanged: Date;
};

/** The answer of a successful grant (contract §2.1), plus `init_password` for the web app. */
export type TokenAnswer = Record<string, unknown> & { access_token: string; refresh_token: string };

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The OAuth client named by the Basic header; its secret must match. */
export async function clientOf(db: Queryable, req: FastifyRequest): Promise<ClientRow> {
  const header = String(req.headers.authorization ?? '').replace(/^Basic(%20|\s)+/i, '');
  const [id, secret] = Buffer.from(header.slice(0, 1024), 'base64').toString('utf8').split(':');
  if (!id || !secret) throw new GrantError(401, '客户端认证失败', 'invalid_client');
  const rows = await db.query<ClientRow>(
    `select client_id as "clientId", client_secret as "clientSecret", authorized_grant_types as "grantTypes",
            access_token_validity as access, refresh_token_validity as refresh
       from blade_client where client_id = $1 and is_deleted = 0`,
    [id.slice(0, 48)],
  );
  if (!rows[0] || !same(rows[0].clientSecret, secret)) throw new GrantError(401, '客户端认证失败', 'invalid_client');
  return rows[0];
}

export async function loadUser(db: Queryable, tenantId: string, by: { account?: string; id?: string }): Promise<UserRow | null> {
  const [u] = await db.query<UserRow>(
    `select id::text, tenant_id as "tenantId", account, name, real_name as "realName", avatar, password,
            role_id as "roleId", dept_id as "deptId", post_id as "postId", status, audit_status as "auditStatus",
            coalesce(init_password, 0) as "initPassword", coalesce(last_uppasswd_time, create_time) as "passwordChanged"
       from blade_user where tenant_id = $1 and is_deleted = 0 and ${by.id ? 'id = $2::bigint' : 'account = $2'}`,
    [tenantId, by.id ?? by.account],
  );
  return u ?? null;
}

/**
 * The tenant must exist, not be expired, and not hold more accounts than its quota. The accounts
 * are counted only when the tenant has a quota, and only up to one past it: a sign-in never counts
 * a large tenant's users (with no quota that was a count of every user on every sign-in).
 */
export async function checkTenant(db: Queryable, tenantId: string) {
  if (!/^[0-9A-Za-z]{1,12}$/.test(tenantId)) throw new GrantError(400, '租户ID未找到');
  const [t] = await db.query<{ expired: boolean; quota: number | null; users: number | null }>(
    `select coalesce(t.expire_time < now(), false) as expired, t.account_number as quota,
            case when t.tenant_id <> '${PLATFORM_TENANT}' and t.account_number >= 0 then
              (select count(*)::int from (select 1 from blade_user u where u.tenant_id = t.tenant_id and u.is_deleted = 0
                limit t.account_number + 1) c) end as users
       from blade_tenant t where t.tenant_id = $1 and t.is_deleted = 0`,
    [tenantId],
  );
  if (!t) throw new GrantError(400, '租户ID未找到');
  if (tenantId === PLATFORM_TENANT) return;
  if (t.expired) throw new GrantError(400, '租户授权已过期,请联系管理员');
  if (t.quota !== null && t.quota >= 0 && t.users !== null && t.users > t.quota) throw new GrantError(400, '租户账号额度已满,请联系管理员');
}

const split = (v: string | null) => (v ? v.split(',').filter(Boolean) : []);

/**
 * Issues an access token and a fresh refresh token for a user: a new session on sign-in, the same
 * one on refresh. In switch mode the session keeps the chosen department and role, which must be
 * the user's own. A user without a live role cannot sign in.
 */
export async function issueTokens(
  db: Db,
  key: Uint8Array,
  sessions: SessionStore,
  client: ClientRow,
  u: UserRow,
  opts: { sessionId?: string; chosenDept: string | null; chosenRole: string | null; ip: string },
): Promise<TokenAnswer> {
  const userRoles = split(u.roleId).filter((x) => /^\d{1,19}$/.test(x));
  const userDepts = split(u.deptId);
  if (opts.chosenRole && !userRoles.includes(opts.chosenRole)) throw new GrantError(400, '未获得用户的角色信息');
  if (opts.chosenDept && !userDepts.includes(opts.chosenDept)) throw new GrantError(400, '未获得用户的部门信息');
  const roleIds = opts.chosenRole ? [opts.chosenRole] : userRoles;
  const roles = roleIds.length
    ? await db.query<{ id: string; alias: string }>(
        'select id::text, role_alias as alias from blade_role where id = any($1::bigint[]) and tenant_id = $2 and is_deleted = 0 order by sort, id',
        [roleIds, u.tenantId],
      )
    : [];
  if (roles.length === 0) throw new GrantError(400, '未获得用户的角色信息');
  const deptIds = opts.chosenDept ? [opts.chosenDept] : userDepts;
  return db.tx(async (q) => {
    const sessionId =
      opts.sessionId ??
      (await sessions.create(q, {
        tenantId: u.tenantId,
        userId: u.id,
        clientId: client.clientId,
        deptId: opts.chosenDept,
        roleId: opts.chosenRole,
        ip: opts.ip,
        seconds: client.refresh,
      }));
    if (opts.sessionId) await sessions.choose(q, sessionId, opts.chosenDept, opts.chosenRole);
    const claims = {
      token_type: 'access_token' as const,
      tenant_id: u.tenantId,
      user_id: u.id,
      dept_id: deptIds.join(','),
      post_id: u.postId ?? '',
      role_id: roles.map((r) => r.id).join(','),
      role_name: roles.map((r) => r.alias).join(','),
      account: u.account,
      user_name: u.account,
      nick_name: u.name ?? u.realName ?? u.account,
      real_name: u.realName ?? '',
      client_id: client.clientId,
      detail: { type: 'web' },
      sid: sessionId,
    };
    const access = await signAccessToken(key, claims, client.access);
    const refresh = await sessions.newRefreshToken(q, sessionId, client.refresh);
    if (!opts.sessionId) await q.query('update blade_user set last_login_time = now() where id = $1', [u.id]);
    const { token_type: _t, sid: _s, ...rest } = claims;
    // A password older than the tenant's policy allows must be changed, like an initial one.
    const expired = isExpired(await loadPolicy(q, u.tenantId), new Date(u.passwordChanged));
    return {
      access_token: access,
      token_type: 'bearer',
      refresh_token: refresh,
      expires_in: client.access,
      scope: 'all',
      ...rest,
      avatar: u.avatar ?? '',
      oauth_id: '',
      init_password: Number(u.initPassword) === 1 || expired,
      password_expired: expired,
      license: 'powered by civdesk',
    };
  });
}
