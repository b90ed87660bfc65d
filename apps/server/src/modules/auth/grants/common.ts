import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../core/context.ts';
import { optionalString } from '../../../core/input.ts';
import { audit } from '../audit.ts';
import { type ClientRow, GrantError, issueTokens, type TokenAnswer, type UserRow } from '../issue.ts';
import { accountKey, failStates, ipKey, recordFailure } from '../lockout.ts';
import { ACCOUNT_LOCKED, LOCKED, refuseUnusable } from '../sign-in.ts';

/**
 * The parameters of every grant, from the query string or an urlencoded/JSON body (the query
 * string's value first). Only text counts: anything else is as if not sent, so every refusal is
 * the OAuth answer, never the envelope.
 */
export const TokenParams = z.object({
  grant_type: optionalString,
  username: optionalString,
  password: optionalString,
  refresh_token: optionalString,
  tenantId: optionalString,
  tenant_id: optionalString,
  /** Phone code grant: the phone and the code sent to it. */
  phone: optionalString,
  code: optionalString,
  /** Social sign-in: the provider's source (with `code`, the ticket the callback issued). */
  source: optionalString,
  /** Single sign-on: the ticket and the third-party application it was issued for. */
  ticket: optionalString,
  appId: optionalString,
  app_id: optionalString,
  /** Authorization code: the redirect URI the code was issued for and the PKCE verifier. */
  redirect_uri: optionalString,
  code_verifier: optionalString,
});
export type Params = z.output<typeof TokenParams>;

/** What a grant gets: the app, the request, its parameters and the authenticated OAuth client. */
export type GrantCall = { ctx: AppContext; req: FastifyRequest; p: Params; c: ClientRow };
export type Grant = (g: GrantCall) => Promise<TokenAnswer>;

export const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' ? v.trim() : '';
};

/** The tenant a sign-in asks for: the `Tenant-Id` header, else the parameter. */
export const tenantOf = (req: FastifyRequest, p: Params, fallback: string) =>
  header(req, 'tenant-id') || p.tenantId || p.tenant_id || fallback;

/** Switch mode: the department and role asked for at sign-in or refresh (`Dept-Id`, `Role-Id`). */
export function chosen(req: FastifyRequest, on: boolean): { dept: string | null; role: string | null } {
  if (!on) return { dept: null, role: null };
  const pick = (name: string) => {
    const v = header(req, name);
    if (!v) return null;
    if (!/^\d{1,19}$/.test(v)) throw new GrantError(400, name === 'dept-id' ? '未获得用户的部门信息' : '未获得用户的角色信息');
    return v;
  };
  return { dept: pick('dept-id'), role: pick('role-id') };
}

/** Logs a failed sign-in of a method and throws its answer. */
export async function refuse(
  g: GrantCall,
  method: string,
  e: { tenantId: string; account?: string; userId?: string; message: string; status?: number; error?: string },
): Promise<never> {
  await audit(g.ctx.db, g.req, {
    event: 'login-fail',
    ok: false,
    tenantId: e.tenantId,
    account: e.account,
    userId: e.userId,
    message: `${method}: ${e.message}`,
  });
  throw new GrantError(e.status ?? 400, e.message, e.error);
}

/** The throttles every method shares: a locked account and an address with too many failures are refused. */
export async function checkLocks(g: GrantCall, method: string, tenantId: string, account: string | null): Promise<void> {
  const { params } = g.ctx;
  const keys = [ipKey(g.req.ip), ...(account ? [accountKey(tenantId, account)] : [])];
  const states = await failStates(g.ctx.db, keys);
  const count = (k: string) => states.get(k)?.n ?? 0;
  if (account && count(accountKey(tenantId, account)) >= (await params.int('account.lockCount')))
    await refuse(g, method, { tenantId, account, message: ACCOUNT_LOCKED });
  if (count(ipKey(g.req.ip)) >= (await params.int('account.ipFailCount')))
    await refuse(g, method, { tenantId, account: account ?? undefined, message: LOCKED });
}

/** Counts a failed try of a method against the address (and the account when one is known). */
export const countFailure = (g: GrantCall, tenantId: string, account: string | null) =>
  recordFailure(g.ctx.db, [ipKey(g.req.ip), ...(account ? [accountKey(tenantId, account)] : [])]);

/**
 * Ends every successful identification the same way: the user's own refusals (pending, rejected,
 * disabled), a new session and its tokens, one line in the sign-in log naming the method.
 */
export async function completeSignIn(g: GrantCall, u: UserRow, method?: string): Promise<TokenAnswer> {
  const { ctx, req, c } = g;
  await refuseUnusable(ctx, req, u, method);
  const pick = chosen(req, ctx.config.switchMode);
  try {
    const answer = await issueTokens(ctx.db, ctx.key, ctx.sessions, c, u, { chosenDept: pick.dept, chosenRole: pick.role, ip: req.ip });
    const deptId = String(answer.dept_id).split(',')[0];
    await audit(ctx.db, req, { event: 'login', ok: true, tenantId: u.tenantId, account: u.account, userId: u.id, deptId, message: method });
    return answer;
  } catch (e) {
    if (e instanceof GrantError) {
      const message = method ? `${method}: ${e.message}` : e.message;
      await audit(ctx.db, req, { event: 'login-fail', ok: false, tenantId: u.tenantId, account: u.account, userId: u.id, message });
    }
    throw e;
  }
}
