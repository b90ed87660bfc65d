import { userOauth } from '@civdesk/resources';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { Done } from '../../core/answers.ts';
import { PLATFORM_TENANT, systemCaller } from '../../core/caller.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import { nothing, optionalString } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { insert } from '../../crud/repository.ts';
import { audit } from './audit.ts';
import { boundUser, callbackUrl, configOf, providerOf, providersOf, SOCIAL_METHOD, socialTicket } from './grants/social.ts';
import { seal, unseal } from './signed.ts';

// Social sign-in with any OpenID Connect provider a tenant configures (第三方登录): the browser
// goes to the provider (`render`), comes back (`callback`), and either signs in through the login
// page (grant `social`) or, when it came from the personal-info page, binds the identity.
const B = sqlOf(userOauth);
const COOKIE = 'civdesk-oidc';
/** The round trip at the provider may take this long. */
const ROUND_TRIP_SECONDS = 600;

type RoundTrip = { t: string; s: string; st: string; n: string; v: string; b?: string; e: number };
type Intent = { t: string; u: string; s: string; e: number };

const Source = z.object({ source: z.string().max(64) });
const RenderQuery = z.object({ tenantId: optionalString, bind: optionalString });
const CallbackQuery = z.looseObject({ state: optionalString });
const TenantQuery = z.object({ tenantId: optionalString });

const back = (reply: FastifyReply, path: string, q: Record<string, string>) => reply.redirect(`${path}?${new URLSearchParams(q)}`, 302);

/** Starts the round trip: state, nonce and PKCE verifier go in a signed cookie only this server reads back. */
async function render({ ctx, req, reply, path, query }: Call<{ path: typeof Source; query: typeof RenderQuery }>) {
  const intent = query.bind ? unseal<Intent>(ctx.key, 'social-bind', query.bind) : null;
  if (query.bind && (!intent || intent.s !== path.source)) throw badRequest('绑定请求无效或已过期,请重试');
  const tenantId = intent?.t ?? ((query.tenantId ?? '').trim() || PLATFORM_TENANT);
  const p = await providerOf(ctx, tenantId, path.source);
  if (!p) throw badRequest('第三方登录来源不存在或未启用');
  const config = await configOf(p);
  const trip: RoundTrip = {
    t: tenantId,
    s: p.source,
    st: oidc.randomState(),
    n: oidc.randomNonce(),
    v: oidc.randomPKCECodeVerifier(),
    ...(intent ? { b: intent.u } : {}),
    e: Math.floor(Date.now() / 1000) + ROUND_TRIP_SECONDS,
  };
  reply.setCookie(COOKIE, seal(ctx.key, 'social-trip', trip), {
    path: '/api/blade-auth/oauth/callback',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    maxAge: ROUND_TRIP_SECONDS,
  });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(req, p.source),
    scope: p.scopes,
    state: trip.st,
    nonce: trip.n,
    code_challenge: await oidc.calculatePKCECodeChallenge(trip.v),
    code_challenge_method: 'S256',
  });
  return reply.redirect(url.href, 302);
}

/** Completes the round trip (state, nonce and PKCE checked by the client library) and sends the browser on. */
async function callback({ ctx, req, reply, path }: Call<{ path: typeof Source; query: typeof CallbackQuery }>) {
  const trip = unseal<RoundTrip>(ctx.key, 'social-trip', req.cookies[COOKIE] ?? '');
  reply.clearCookie(COOKIE, { path: '/api/blade-auth/oauth/callback' });
  const home = trip?.b ? '/info/index' : '/login';
  if (!trip || trip.s !== path.source) return back(reply, '/login', { socialError: '第三方登录已过期,请重试' });
  const p = await providerOf(ctx, trip.t, trip.s);
  if (!p) return back(reply, home, { socialError: '第三方登录来源不存在或未启用' });
  let claims: (oidc.IDToken & Partial<oidc.UserInfoResponse>) | undefined;
  try {
    const here = new URL(`${req.protocol}://${req.host}${req.url}`);
    const config = await configOf(p);
    const tokens = await oidc.authorizationCodeGrant(config, here, {
      pkceCodeVerifier: trip.v,
      expectedState: trip.st,
      expectedNonce: trip.n,
      idTokenExpected: true,
    });
    claims = tokens.claims();
    // Providers often put the name and e-mail only in the user info, not the ID token.
    if (claims && !claims.name && !claims.preferred_username && config.serverMetadata().userinfo_endpoint)
      claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
  } catch (err) {
    req.log.warn({ err, source: trip.s, tenantId: trip.t }, 'social sign-in refused by the provider round trip');
  }
  if (!claims?.sub) return back(reply, home, { socialError: '第三方登录失败,请重试' });
  const who = {
    t: trip.t,
    s: trip.s,
    sub: String(claims.sub).slice(0, 255),
    name: String(claims.preferred_username ?? claims.name ?? '').slice(0, 255),
    email: String(claims.email ?? '').slice(0, 255),
  };
  if (trip.b) return bind(ctx, req, reply, trip.b, who);
  return back(reply, '/login', { social: await socialTicket(ctx, who), source: trip.s, tenantId: trip.t });
}

async function bind(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  who: { t: string; s: string; sub: string; name: string; email: string },
) {
  const owner = await boundUser(ctx, who.t, who.s, who.sub);
  if (owner && owner !== userId) return back(reply, '/info/index', { socialError: '该第三方账号已绑定其他账号' });
  if (!owner) {
    const s = { caller: { ...systemCaller(who.t), userId }, tz: ctx.tz };
    await ctx.db.query(`delete from ${B.table} where ${B.live('$1')} and ${B.c.userId} = $2::bigint and ${B.c.source} = $3`, [
      who.t,
      userId,
      who.s,
    ]);
    await insert(
      ctx.db,
      userOauth,
      s,
      { userId, source: who.s, uuid: who.sub, username: who.name || null, email: who.email || null },
      who.t,
    );
    await audit(ctx.db, req, { event: 'grant', ok: true, tenantId: who.t, userId, message: `${SOCIAL_METHOD}: 绑定 ${who.s}` });
  }
  return back(reply, '/info/index', { bound: who.s });
}

/** A signed-in user's way to the provider for binding: the render address with a short-lived intent. */
async function bindUrl({ ctx, req, path }: Call<{ path: typeof Source }>) {
  const { caller } = scopeOf(req);
  if (!(await providerOf(ctx, caller.tenantId, path.source))) throw badRequest('第三方登录来源不存在或未启用');
  const intent = seal(ctx.key, 'social-bind', {
    t: caller.tenantId,
    u: caller.userId,
    s: path.source,
    e: Math.floor(Date.now() / 1000) + 300,
  });
  return ok({ url: `/api/blade-auth/oauth/render/${path.source}?${new URLSearchParams({ bind: intent })}` });
}

/** The tenant's providers and which of them the caller has bound. */
async function bindings({ ctx, req }: Call) {
  const { caller } = scopeOf(req);
  const mine = await ctx.db.query<{ source: string; username: string | null }>(
    `select ${B.c.source} as source, ${B.c.username} as username from ${B.table} where ${B.live('$1')} and ${B.c.userId} = $2::bigint`,
    [caller.tenantId, caller.userId],
  );
  const bound = new Map(mine.map((m) => [m.source, m.username]));
  const all = await providersOf(ctx, caller.tenantId);
  return ok(all.map((p) => ({ ...p, bound: bound.has(p.source), username: bound.get(p.source) ?? null })));
}

async function unbind({ ctx, req, path }: Call<{ path: typeof Source }>) {
  const { caller } = scopeOf(req);
  const gone = await ctx.db.query(
    `delete from ${B.table} where ${B.live('$1')} and ${B.c.userId} = $2::bigint and ${B.c.source} = $3 returning 1`,
    [caller.tenantId, caller.userId, path.source],
  );
  if (gone.length)
    await audit(ctx.db, req, {
      event: 'grant',
      ok: true,
      tenantId: caller.tenantId,
      userId: caller.userId,
      account: caller.account,
      message: `${SOCIAL_METHOD}: 解绑 ${path.source}`,
    });
  return ok(true, gone.length ? '解绑成功' : '未绑定该第三方账号');
}

/** A sign-in source as the login page lists it. */
const ProviderShape = z.object({ source: z.string(), name: z.string() });

export function registerSocialRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, ['Auth']);
  r.get(
    '/api/blade-auth/oauth/providers',
    { auth: 'public', summary: '第三方登录来源', query: TenantQuery, data: z.array(ProviderShape) },
    async ({ ctx, query }) => ok(await providersOf(ctx, (query.tenantId ?? '').trim() || PLATFORM_TENANT)),
  );
  r.get(
    '/api/blade-auth/oauth/render/:source',
    { auth: 'public', summary: '跳转第三方登录', path: Source, query: RenderQuery, redirect: true },
    render,
  );
  r.get(
    '/api/blade-auth/oauth/callback/:source',
    { auth: 'public', summary: '第三方登录回调', path: Source, query: CallbackQuery, redirect: true },
    callback,
  );
  r.post(
    '/api/blade-auth/oauth/bind-url/:source',
    { auth: 'signed-in', summary: '绑定第三方账号', path: Source, params: nothing, data: z.object({ url: z.string() }) },
    bindUrl,
  );
  r.get(
    '/api/blade-auth/oauth/bindings',
    {
      auth: 'signed-in',
      summary: '我的第三方账号',
      query: nothing,
      data: z.array(ProviderShape.extend({ bound: z.boolean(), username: z.string().nullable() })),
    },
    bindings,
  );
  r.post(
    '/api/blade-auth/oauth/unbind/:source',
    { auth: 'signed-in', summary: '解绑第三方账号', path: Source, params: nothing, data: Done },
    unbind,
  );
}
