import type { Db } from '@civdesk/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Caller } from '../modules/auth/caller.ts';
import type { ParamStore } from '../modules/auth/params.ts';
import type { SessionStore } from '../modules/auth/session-store.ts';
import { verifyAccessTokenSync } from '../modules/auth/tokens.ts';
import { allows, type GrantStore } from '../modules/permission/grant-store.ts';
import { forbidden, unauthorized } from './envelope.ts';

/** What guards a route: anyone, any signed-in caller, or a menu/button code (any of several). */
export type Guard = 'public' | 'signed-in' | { perm: string | string[] };

/** One registered /api route and its guard (the permission tests replay every one). */
export type RouteGuard = { method: string; url: string; guard: Guard };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: Guard;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyInstance {
    routeGuards: RouteGuard[];
  }
}

/** The services every request's authentication uses; one set per server copy. */
export type AuthServices = { db: Db; key: Uint8Array; sessions: SessionStore; grants: GrantStore; params: ParamStore; config: Config };

/** The token from `Blade-Auth` (bearer prefix optional), the `blade-auth` query parameter, or the cookie the spec names. */
export function tokenOf(req: FastifyRequest): string | null {
  const header = req.headers['blade-auth'];
  const query = (req.query as Record<string, unknown> | undefined)?.['blade-auth'];
  const raw = (typeof header === 'string' && header) || (typeof query === 'string' && query) || req.cookies?.['saber-access-token'] || '';
  const m = /^bearer\s+(.+)$/i.exec(raw.trim());
  const token = m ? m[1] : raw.trim();
  return token && token.length < 8192 ? token : null;
}

/** Must be signed in: the caller of a guarded route. */
export function callerOf(req: FastifyRequest): Caller {
  if (!req.caller) throw unauthorized();
  return req.caller;
}

const validGuard = (g: unknown): g is Guard =>
  g === 'public' ||
  g === 'signed-in' ||
  (typeof g === 'object' &&
    g !== null &&
    [(g as { perm: unknown }).perm].flat().every((c) => typeof c === 'string' && c.length > 0) &&
    [(g as { perm: unknown }).perm].flat().length > 0);

/**
 * Who a token speaks for, or why it does not count. The token must verify and its session be live
 * (not logged out, expired, idle too long, nor its user disabled or changed its password); roles
 * and departments are the user's current ones (narrowed to the switch-mode choice).
 */
export async function resolveCaller(auth: AuthServices, token: string, active: boolean): Promise<Caller | string> {
  const claims = verifyAccessTokenSync(auth.key, token);
  if (!claims) return '令牌已失效';
  const session = await auth.sessions.check(claims.sessionId);
  if (!session?.live || !session.userActive || session.userId !== claims.userId || session.tenantId !== claims.tenantId) {
    return '令牌已失效';
  }
  if (session.idleSeconds > (await auth.params.int('account.idleTimeout')) * 60) {
    if (active) await auth.sessions.revoke(auth.db, claims.sessionId, 'idle');
    return '登录已超时,请重新登录';
  }
  if (active) auth.sessions.touch(session, claims.sessionId);
  const roleIds = session.chosenRole && session.roleIds.includes(session.chosenRole) ? [session.chosenRole] : session.roleIds;
  const deptIds = session.chosenDept && session.deptIds.includes(session.chosenDept) ? [session.chosenDept] : session.deptIds;
  const grants = await auth.grants.load(claims.tenantId, roleIds);
  return {
    userId: claims.userId,
    tenantId: claims.tenantId,
    account: claims.account,
    userName: claims.userName,
    deptId: deptIds[0] ?? '0',
    deptIds,
    roleIds: grants.roleIds,
    roleAliases: grants.aliases,
    clientId: claims.clientId,
    sessionId: claims.sessionId,
    platformAdmin: grants.all,
    grants,
  };
}

/**
 * Enforces every /api route's guard. Routes declare it in `config.auth`; a route without one
 * stops the boot. The caller comes from the verified token and its live session, never from a
 * header; a permission is a granted menu/button code or API scope (403 otherwise).
 */
export function registerAuth(app: FastifyInstance, auth: AuthServices) {
  app.decorateRequest('caller', null);
  const table: RouteGuard[] = [];
  app.decorate('routeGuards', table);
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs') || !route.url.startsWith('/api')) return;
    const guard = route.config?.auth;
    if (!validGuard(guard)) throw new Error(`route ${route.method} ${route.url} declares no guard (config.auth)`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url, guard });
  });
  app.addHook('onRequest', async (req) => {
    const guard = req.routeOptions.config?.auth;
    const token = tokenOf(req);
    if (!guard || guard === 'public') {
      const found = token ? await resolveCaller(auth, token, false) : null;
      req.caller = typeof found === 'string' ? null : found;
      return;
    }
    if (!token) throw unauthorized('缺失令牌,鉴权失败');
    const found = await resolveCaller(auth, token, true);
    if (typeof found === 'string') throw unauthorized(found);
    req.caller = found;
    if (typeof guard === 'object') {
      const codes = [guard.perm].flat();
      if (!codes.some((c) => allows(found.grants, c, req.routeOptions.url))) throw forbidden('请求被拒绝', { perm: codes.join(',') });
    }
  });
}
