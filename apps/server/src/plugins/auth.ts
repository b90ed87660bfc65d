import type { FastifyInstance } from 'fastify';
import type { Caller } from '../core/caller.ts';
import type { AppContext } from '../core/context.ts';
import { forbidden, unauthorized } from '../core/envelope.ts';
import { allows } from '../core/grant-store.ts';
import { tokenOf } from '../core/request.ts';
import type { Guard } from '../core/route.ts';
import { verifyAccessTokenSync } from '../core/tokens.ts';
import type { RouteOwner } from './route-owners.ts';

/**
 * One registered /api route: its guard, who registered it, whether it declares its input (query
 * string, body or path schema) and its answer (the envelope's data, its own shape, or a file).
 * The permission tests replay every one.
 */
export type RouteGuard = { method: string; url: string; guard: Guard; owner: RouteOwner | null; input: boolean; answer: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    routeGuards: RouteGuard[];
  }
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
export async function resolveCaller(auth: AppContext, token: string, active: boolean): Promise<Caller | string> {
  const claims = verifyAccessTokenSync(auth.key, token);
  if (!claims) return '令牌已失效';
  const session = await auth.sessions.check(claims.sessionId);
  if (!session?.live || !session.userActive || session.userId !== claims.userId || session.tenantId !== claims.tenantId) {
    return '令牌已失效';
  }
  if (session.idleSeconds > (await auth.params.int('account.idleTimeout')) * 60) {
    if (active) await auth.sessions.revoke(auth.db, claims.sessionId, 'idle');
    return '登录已超时，请重新登录';
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
export function registerAuth(app: FastifyInstance, auth: AppContext) {
  app.decorateRequest('scope', null);
  const table: RouteGuard[] = [];
  app.decorate('routeGuards', table);
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    if (route.url.startsWith('/api/docs') || !route.url.startsWith('/api')) return;
    const guard = route.config?.auth;
    if (!validGuard(guard)) throw new Error(`route ${route.method} ${route.url} declares no guard (config.auth)`);
    const owner = this.routeOwner ?? null;
    const schema = route.schema as { querystring?: unknown; body?: unknown; params?: unknown } | undefined;
    const input = Boolean(schema?.querystring || schema?.body || schema?.params);
    const c = route.config;
    const answer = Boolean(c?.data || c?.answer || c?.download || c?.sameAs || c?.redirect);
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url, guard, owner, input, answer });
  });
  app.addHook('onRequest', async (req) => {
    const guard = req.routeOptions.config?.auth;
    const token = tokenOf(req);
    if (!guard || guard === 'public') {
      const found = token ? await resolveCaller(auth, token, false) : null;
      req.scope = found && typeof found !== 'string' ? { caller: found, tz: auth.tz } : null;
      return;
    }
    if (!token) throw unauthorized('缺失令牌,鉴权失败');
    const found = await resolveCaller(auth, token, true);
    if (typeof found === 'string') throw unauthorized(found);
    req.scope = { caller: found, tz: auth.tz };
    if (typeof guard === 'object') {
      const codes = [guard.perm].flat();
      if (!codes.some((c) => allows(found.grants, c, req.routeOptions.url))) throw forbidden('请求被拒绝', { perm: codes.join(',') });
    }
  });
}
