import { createHash, randomBytes } from 'node:crypto';
import { isIdText } from '@civdesk/meta';
import { client } from '@civdesk/resources';
import { PLATFORM_TENANT } from '../../../core/caller.ts';
import type { AppContext } from '../../../core/context.ts';
import { sqlOf } from '../../../core/table-sql.ts';
import { checkTenant, GrantError, loadUser } from '../issue.ts';
import { oneTimeKey, putOneTime, takeOneTime } from '../one-time.ts';
import { seal, unseal } from '../signed.ts';
import { checkLocks, completeSignIn, countFailure, type Grant, header, refuse } from './common.ts';

const C = sqlOf(client);
export const CODE_METHOD = '授权码登录';
/** An authorization code lives this long and works once. */
export const CODE_SECONDS = 60;
const INVALID = '授权码无效或已过期';

/** What a code names: tenant, user, client, redirect URI, the PKCE challenge (S256) and its end. */
type Code = { t: string; u: string; c: string; r: string; h: string; e: number; n: string };
/** What an authorization request asks for, checked (`AuthorizeRequest` before a code is issued). */
export type AuthorizeRequest = { clientId: string; redirectUri: string; challenge: string; state?: string };

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * Refusals of an authorization request, before anything is issued: the client must exist, list
 * grant `authorization_code` and have registered this redirect URI (exact match: a code must never
 * travel to an address the client's administrator did not name); PKCE with S256 is required.
 */
export async function checkAuthorizeRequest(
  ctx: AppContext,
  q: {
    response_type?: string;
    client_id?: string;
    redirect_uri?: string;
    code_challenge?: string;
    code_challenge_method?: string;
    state?: string;
  },
): Promise<AuthorizeRequest> {
  if (q.response_type !== 'code') throw new GrantError(400, '仅支持 response_type=code', 'unsupported_response_type');
  const clientId = (q.client_id ?? '').trim();
  const [c] = clientId
    ? await ctx.db.query<{ grantTypes: string; uris: string | null }>(
        `select ${C.c.authorizedGrantTypes} as "grantTypes", ${C.c.webServerRedirectUri} as uris from ${C.table}
          where ${C.c.clientId} = $1 and ${C.live()}`,
        [clientId.slice(0, 48)],
      )
    : [];
  if (!c) throw new GrantError(400, '客户端不存在', 'invalid_client');
  if (!c.grantTypes.split(',').includes('authorization_code'))
    throw new GrantError(400, '客户端未获授权使用该授权类型', 'unauthorized_client');
  const redirectUri = (q.redirect_uri ?? '').trim();
  const registered = (c.uris ?? '').split(',').map((u) => u.trim());
  if (!redirectUri || !registered.includes(redirectUri)) throw new GrantError(400, '回调地址未在客户端登记', 'invalid_request');
  if (q.code_challenge_method !== 'S256') throw new GrantError(400, '必须使用PKCE（code_challenge_method=S256）', 'invalid_request');
  const challenge = (q.code_challenge ?? '').trim();
  if (!/^[A-Za-z0-9_-]{43}$/.test(challenge)) throw new GrantError(400, 'code_challenge 格式不正确', 'invalid_request');
  const state = q.state?.slice(0, 512);
  return { clientId, redirectUri, challenge, ...(state ? { state } : {}) };
}

/** A one-use code for the user and request (only a keyed hash of it is stored), and where to send it. */
export async function issueCode(ctx: AppContext, tenantId: string, userId: string, a: AuthorizeRequest) {
  const facts: Code = {
    t: tenantId,
    u: userId,
    c: a.clientId,
    r: a.redirectUri,
    h: a.challenge,
    e: Math.floor(Date.now() / 1000) + CODE_SECONDS,
    n: randomBytes(16).toString('base64url'),
  };
  const code = seal(ctx.key, 'authz-code', facts);
  await putOneTime(ctx.db, ctx.key, oneTimeKey('authz', code), code, CODE_SECONDS);
  const url = new URL(a.redirectUri);
  url.searchParams.set('code', code);
  if (a.state) url.searchParams.set('state', a.state);
  return { code, redirect: url.toString(), expiresIn: CODE_SECONDS };
}

/**
 * Grant `authorization_code`: the code, the redirect URI it was issued for and the PKCE verifier,
 * from the client it was issued to. A wrong verifier uses the code up (whoever tries one holds a
 * code without its verifier: an intercepted one); a wrong client or redirect URI does not.
 */
export const authorizationCodeGrant: Grant = async (g) => {
  const { ctx, p } = g;
  const code = (p.code ?? '').trim();
  const verifier = (p.code_verifier ?? '').trim();
  if (!code) throw new GrantError(400, '缺少必要的请求参数: code', 'invalid_request');
  if (!p.redirect_uri) throw new GrantError(400, '缺少必要的请求参数: redirect_uri', 'invalid_request');
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) throw new GrantError(400, 'code_verifier 格式不正确', 'invalid_request');
  const asked = header(g.req, 'tenant-id');
  const sealed = unseal<Code>(ctx.key, 'authz-code', code);
  const t = sealed && isIdText(sealed.u) && typeof sealed.t === 'string' ? sealed : null;
  const tenantId = t?.t ?? (asked || PLATFORM_TENANT);
  await checkLocks(g, CODE_METHOD, tenantId, null);
  const fail = async (message: string) => {
    await countFailure(g, tenantId, null);
    return refuse(g, CODE_METHOD, { tenantId, userId: t?.u, message });
  };
  if (!t) return fail(INVALID);
  if (t.c !== g.c.clientId) return fail('授权码与客户端不符');
  if (t.r !== p.redirect_uri.trim()) return fail('回调地址与授权请求不符');
  if (asked && asked !== t.t) return fail('授权码与租户不符');
  const taken = await takeOneTime(ctx.db, ctx.key, oneTimeKey('authz', code), code);
  if (!taken) return fail(INVALID);
  if (s256(verifier) !== t.h) return fail('code_verifier 校验失败');
  try {
    await checkTenant(ctx.db, t.t);
  } catch (e) {
    if (e instanceof GrantError) return fail(e.message);
    throw e;
  }
  const u = await loadUser(ctx.db, t.t, { id: t.u });
  if (!u) return fail(INVALID);
  return completeSignIn(g, u, CODE_METHOD);
};
