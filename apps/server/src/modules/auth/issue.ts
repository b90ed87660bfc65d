import { timingSafeEqual } from 'node:crypto';
import type { Db, Queryable } from '@civdesk/db';
import { client, role, tenant, user } from '@civdesk/resources';
import type { FastifyRequest } from 'fastify';
import { PLATFORM_TENANT } from '../../core/caller.ts';
import type { SessionStore } from '../../core/session-store.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { signAccessToken } from '../../core/tokens.ts';
import { isExpired, loadPolicy } from './password-policy.ts';

// Sign-in runs before there is a caller, so these statements name the tenant themselves (the
// one the client asked for, or the session's) instead of going through the engine.
const C = sqlOf(client);
const U = sqlOf(user);
const R = sqlOf(role);
const T = sqlOf(tenant, 't');
const UT = sqlOf(user, 'u');

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

/** The answer of a successful grant, plus `init_password` for the web app. */
export type TokenAnswer = Record<string, unknown> & { access_token: string; refresh_token: string };

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** A live OAuth client by its id (the client list is shared by every tenant). */
export async function clientById(db: Queryable, id: string): Promise<ClientRow | null> {
  const [row] = await db.query<ClientRow>(
    `select ${C.c.clientId} as "clientId", ${C.c.clientSecret} as "clientSecret", ${C.c.authorizedGrantTypes} as "grantTypes",
            ${C.c.accessTokenValidity} as access, ${C.c.refreshTokenValidity} as refresh
       from ${C.table} where ${C.c.clientId} = $1 and ${C.live()}`,
    [id],
  );
  return row ?? null;
}

/** The OAuth client named by the Basic header; its secret must match. */
export async function clientOf(db: Queryable, req: FastifyRequest): Promise<ClientRow> {
  const header = String(req.headers.authorization ?? '').replace(/^Basic(%20|\s)+/i, '');
  const [id, secret] = Buffer.from(header.slice(0, 1024), 'base64').toString('utf8').split(':');
  if (!id || !secret) throw new GrantError(401, '客户端认证失败', 'invalid_client');
  const found = await clientById(db, id.slice(0, 48));
  if (!found || !same(found.clientSecret, secret)) throw new GrantError(401, '客户端认证失败', 'invalid_client');
  return found;
}

/** A live user of a tenant by account or id, with what signing in needs (the password hash included). */
export async function loadUser(db: Queryable, tenantId: string, by: { account?: string; id?: string }): Promise<UserRow | null> {
  const u = U.c;
  const [found] = await db.query<UserRow>(
    `select ${u.id}::text as id, ${u.tenantId} as "tenantId", ${u.account} as account, ${u.name} as name, ${u.realName} as "realName",
            ${u.avatar} as avatar, ${u.password} as password, ${u.roleId} as "roleId", ${u.deptId} as "deptId", ${u.postId} as "postId",
            ${u.status} as status, ${u.auditStatus} as "auditStatus", coalesce(${u.initPassword}, 0) as "initPassword",
            coalesce(${u.lastUppasswdTime}, ${u.createTime}) as "passwordChanged"
       from ${U.table} where ${U.live('$1')} and ${by.id ? `${u.id} = $2::bigint` : `${u.account} = $2`}`,
    [tenantId, by.id ?? by.account],
  );
  return found ?? null;
}

/**
 * The tenant must exist, not be expired, and not hold more accounts than its quota. The accounts
 * are counted only when the tenant has a quota, and only up to one past it: a sign-in never counts
 * a large tenant's users (with no quota that was a count of every user on every sign-in).
 */
export async function checkTenant(db: Queryable, tenantId: string) {
  if (!/^[0-9A-Za-z]{1,12}$/.test(tenantId)) throw new GrantError(400, '租户ID未找到');
  const t = T.c;
  const [found] = await db.query<{ expired: boolean; quota: number | null; users: number | null }>(
    `select coalesce(${t.expireTime} < now(), false) as expired, ${t.accountNumber} as quota,
            case when ${t.tenantId} <> '${PLATFORM_TENANT}' and ${t.accountNumber} >= 0 then
              (select count(*)::int from (select 1 from ${UT.table} where ${UT.live(t.tenantId)}
                limit ${t.accountNumber} + 1) c) end as users
       from ${T.table} where ${T.live('$1')}`,
    [tenantId],
  );
  if (!found) throw new GrantError(400, '租户ID未找到');
  if (tenantId === PLATFORM_TENANT) return;
  if (found.expired) throw new GrantError(400, '租户授权已过期,请联系管理员');
  if (found.quota !== null && found.quota >= 0 && found.users !== null && found.users > found.quota)
    throw new GrantError(400, '租户账号额度已满，请联系管理员');
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
        `select ${R.c.id}::text as id, ${R.c.roleAlias} as alias from ${R.table} where ${R.c.id} = any($1::bigint[]) and ${R.live('$2')}
          order by ${R.c.sort}, ${R.c.id}`,
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
    if (!opts.sessionId) await q.query(`update ${U.table} set ${U.c.lastLoginTime} = now() where ${U.c.id} = $1`, [u.id]);
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
