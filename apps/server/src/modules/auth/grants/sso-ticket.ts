import { randomBytes } from 'node:crypto';
import { isIdText } from '@civdesk/meta';
import { thirdApp, thirdAppPermission } from '@civdesk/resources';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PLATFORM_TENANT } from '../../../core/caller.ts';
import type { AppContext } from '../../../core/context.ts';
import { badRequest, ok } from '../../../core/envelope.ts';
import { id } from '../../../core/input.ts';
import { scopeOf } from '../../../core/request.ts';
import { type Call, routes } from '../../../core/route.ts';
import { sqlOf } from '../../../core/table-sql.ts';
import { audit } from '../audit.ts';
import { checkTenant, GrantError, loadUser } from '../issue.ts';
import { oneTimeKey, putOneTime, takeOneTime } from '../one-time.ts';
import { seal, unseal } from '../signed.ts';
import { checkLocks, completeSignIn, countFailure, type Grant, header, refuse } from './common.ts';

const A = sqlOf(thirdApp, 'a');
const P = sqlOf(thirdAppPermission, 'p');
export const SSO_METHOD = '单点登录票据';
/** A ticket lives this long and works once. */
export const TICKET_SECONDS = 60;
const INVALID = '票据无效或已过期';

/** What a ticket names: tenant, user, application, and when it ends (epoch seconds). */
type Ticket = { t: string; u: string; a: string; e: number; n: string };

/** A live application of the tenant; with roles, only if one of them is bound to it. */
async function appOf(ctx: AppContext, tenantId: string, appId: string, roles?: string[]) {
  const [found] = await ctx.db.query<{ loginUrl: string }>(
    `select ${A.c.loginUrl} as "loginUrl" from ${A.table} where ${A.c.id} = $2::bigint and ${A.live('$1')}
     ${roles ? `and exists (select 1 from ${P.table} where ${P.c.appId} = ${A.c.id} and ${P.live('$1')} and ${P.c.roleId} = any($3::bigint[]))` : ''}`,
    roles ? [tenantId, appId, roles] : [tenantId, appId],
  );
  return found ?? null;
}

const TicketParams = z.object({ appId: id });

/**
 * A ticket for the signed-in caller to open one of the applications their roles may use: the
 * application's sign-in address with `ticket=` added. The application exchanges it once, within
 * TICKET_SECONDS, for a token of the caller.
 */
async function issueTicket({ ctx, req, params }: Call<{ params: typeof TicketParams }>) {
  const { caller } = scopeOf(req);
  const app = await appOf(ctx, caller.tenantId, params.appId, caller.roleIds.filter(isIdText));
  if (!app) throw badRequest('应用不存在或无权使用');
  const t: Ticket = {
    t: caller.tenantId,
    u: caller.userId,
    a: params.appId,
    e: Math.floor(Date.now() / 1000) + TICKET_SECONDS,
    n: randomBytes(16).toString('base64url'),
  };
  const ticket = seal(ctx.key, 'sso', t);
  await putOneTime(ctx.db, ctx.key, oneTimeKey('sso', ticket), ticket, TICKET_SECONDS);
  await audit(ctx.db, req, {
    event: 'grant',
    ok: true,
    tenantId: caller.tenantId,
    account: caller.account,
    userId: caller.userId,
    message: `${SSO_METHOD}: 签发给应用 ${params.appId}`,
  });
  const url = `${app.loginUrl}${app.loginUrl.includes('?') ? '&' : '?'}ticket=${encodeURIComponent(ticket)}`;
  return ok({ ticket, url, expiresIn: TICKET_SECONDS });
}

/**
 * Grant `sso_ticket`: a ticket and the application it was issued for (`appId`). It must carry the
 * server's signature, be unexpired, name that application and (when a `Tenant-Id` is sent) that
 * tenant, and not have been used: of two concurrent uses exactly one succeeds.
 */
export const ssoTicketGrant: Grant = async (g) => {
  const { ctx, p } = g;
  const ticket = (p.ticket ?? '').trim();
  const appId = (p.appId ?? p.app_id ?? '').trim();
  if (!ticket) throw new GrantError(400, '缺少必要的请求参数: ticket', 'invalid_request');
  if (!appId) throw new GrantError(400, '缺少必要的请求参数: appId', 'invalid_request');
  const asked = header(g.req, 'tenant-id');
  const sealed = unseal<Ticket>(ctx.key, 'sso', ticket);
  const t = sealed && isIdText(sealed.u) && isIdText(sealed.a) && typeof sealed.t === 'string' ? sealed : null;
  const tenantId = t?.t ?? (asked || PLATFORM_TENANT);
  await checkLocks(g, SSO_METHOD, tenantId, null);
  const fail = async (message: string) => {
    await countFailure(g, tenantId, null);
    return refuse(g, SSO_METHOD, { tenantId, userId: t?.u, message });
  };
  if (!t) return fail(INVALID);
  if (t.a !== appId) return fail('票据与应用不符');
  if (asked && asked !== t.t) return fail('票据与租户不符');
  try {
    await checkTenant(ctx.db, t.t);
  } catch (e) {
    if (e instanceof GrantError) return fail(e.message);
    throw e;
  }
  if (!(await takeOneTime(ctx.db, ctx.key, oneTimeKey('sso', ticket), ticket))) return fail(INVALID);
  if (!(await appOf(ctx, t.t, t.a))) return fail('应用不存在或已停用');
  const u = await loadUser(ctx.db, t.t, { id: t.u });
  if (!u) return fail(INVALID);
  return completeSignIn(g, u, SSO_METHOD);
};

export function registerSsoTicketRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, ['Auth']);
  r.post(
    '/api/blade-auth/sso/ticket',
    {
      auth: 'signed-in',
      summary: '签发单点登录票据',
      params: TicketParams,
      data: z.object({ ticket: z.string(), url: z.string(), expiresIn: z.number().int() }),
    },
    issueTicket,
  );
}
