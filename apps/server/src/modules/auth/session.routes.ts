import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BareOk } from '../../core/answers.ts';
import { PLATFORM_TENANT } from '../../core/caller.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, fail, ok } from '../../core/envelope.ts';
import { allows } from '../../core/grant-store.ts';
import { nothing, optionalString } from '../../core/input.ts';
import { tokenOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { verifyAccessToken } from '../../core/tokens.ts';
import { audit } from './audit.ts';
import { clientOf, GrantError } from './issue.ts';
import { checkCredentials } from './sign-in.ts';

/** The permission code that opens the operations (deployer) page behind /deploy. */
export const DEPLOY_PERM = 'deploy';

/** Ends the session the token belongs to, server-side: its access and refresh tokens stop working. */
async function logout({ ctx, req }: Call) {
  await endSession(ctx, req);
  return { success: 'true', msg: 'success' };
}

/** Revokes the session of the request's token (if it verifies) and logs the sign-out. */
export async function endSession(ctx: AppContext, req: FastifyRequest): Promise<void> {
  const token = tokenOf(req);
  const claims = token ? await verifyAccessToken(ctx.key, token) : null;
  if (claims) {
    await ctx.sessions.revoke(ctx.db, claims.sessionId, 'logout');
    await audit(ctx.db, req, { event: 'logout', ok: true, tenantId: claims.tenantId, account: claims.account, userId: claims.userId });
  }
}

/** Forgets this server copy's cached sessions, grants and parameters. */
async function clearCache({ ctx }: Call) {
  ctx.sessions.forget();
  ctx.grants.forget();
  ctx.params.forget();
  return { success: 'true', msg: 'success' };
}

const CredentialParams = z.object({ username: optionalString, password: optionalString, tenantId: optionalString });

/**
 * The operations page (/deploy) signs its operator in separately: same credential checks as the
 * token endpoint (lock, timing, audit), and the account must hold the `deploy` permission.
 */
async function deployCheck({ ctx, req, reply, params: p }: Call<{ params: typeof CredentialParams }>) {
  const { db } = ctx;
  try {
    await clientOf(db, req);
    if (!p.username || !p.password) throw badRequest('缺少必要的请求参数：username, password');
    const tenantId = String(req.headers['tenant-id'] ?? '') || p.tenantId || PLATFORM_TENANT;
    const u = await checkCredentials(ctx, req, tenantId, p.username, p.password);
    const g = await ctx.grants.load(tenantId, (u.roleId ?? '').split(','));
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
}

/** Logout, clear cache and the deployer sign-in check. */
export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, ['Auth']);
  r.get('/api/blade-auth/oauth/logout', { auth: 'public', summary: '退出登录', query: nothing, answer: BareOk }, logout);
  r.get(
    '/api/blade-auth/oauth/clear-cache',
    {
      auth: 'signed-in',
      summary: '清除缓存',
      query: nothing,
      answer: BareOk,
    },
    clearCache,
  );
  r.post(
    '/api/blade-auth/oauth/deploy-check',
    {
      auth: 'public',
      summary: '运维登录检查',
      params: CredentialParams,
      data: z.object({ pass: z.literal(true), account: z.string(), tenantId: z.string() }),
    },
    deployCheck,
  );
}
