import { randomBytes } from 'node:crypto';
import { socialProvider, userOauth } from '@civdesk/resources';
import type { FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { PLATFORM_TENANT } from '../../../core/caller.ts';
import type { AppContext } from '../../../core/context.ts';
import { sqlOf } from '../../../core/table-sql.ts';
import { GrantError, loadUser } from '../issue.ts';
import { oneTimeKey, putOneTime, takeOneTime } from '../one-time.ts';
import { seal, unseal } from '../signed.ts';
import { checkLocks, completeSignIn, countFailure, type Grant, refuse, tenantOf } from './common.ts';

const S = sqlOf(socialProvider);
const B = sqlOf(userOauth);
export const SOCIAL_METHOD = '第三方登录';
/** The sign-in ticket the callback hands the login page lives this long and works once. */
const TICKET_SECONDS = 120;

export type Provider = { source: string; name: string; issuer: string; clientId: string; clientSecret: string; scopes: string };

/** An enabled provider of the tenant by its source, or null. */
export async function providerOf(ctx: AppContext, tenantId: string, source: string): Promise<Provider | null> {
  if (!/^[0-9A-Za-z]{1,12}$/.test(tenantId) || !/^[a-z0-9-]{1,32}$/.test(source)) return null;
  const c = S.c;
  const [found] = await ctx.db.query<Provider>(
    `select ${c.source} as source, ${c.name} as name, ${c.issuer} as issuer, ${c.clientId} as "clientId",
            ${c.clientSecret} as "clientSecret", ${c.scopes} as scopes
       from ${S.table} where ${S.live('$1')} and ${c.source} = $2 and ${c.status} = 2`,
    [tenantId, source],
  );
  return found ?? null;
}

/** The enabled providers of a tenant, for the login page. */
export async function providersOf(ctx: AppContext, tenantId: string) {
  if (!/^[0-9A-Za-z]{1,12}$/.test(tenantId)) return [];
  return ctx.db.query<{ source: string; name: string }>(
    `select ${S.c.source} as source, ${S.c.name} as name from ${S.table} where ${S.live('$1')} and ${S.c.status} = 2 order by ${S.c.source}`,
    [tenantId],
  );
}

// A provider's metadata (discovery) is read at most once a minute per server copy.
const discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

/**
 * The client configuration of a provider (its discovery document). Plain http is allowed only for
 * an issuer on this machine (a development or test provider); anything else must be https.
 */
export function configOf(p: Provider): Promise<oidc.Configuration> {
  const key = `${p.issuer}\n${p.clientId}\n${p.clientSecret}`;
  const hit = discovered.get(key);
  if (hit && Date.now() - hit.at < 60_000) return hit.config;
  const url = new URL(p.issuer);
  const local = url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  const config = oidc.discovery(url, p.clientId, p.clientSecret, undefined, local ? { execute: [oidc.allowInsecureRequests] } : undefined);
  config.catch(() => discovered.delete(key));
  discovered.set(key, { at: Date.now(), config });
  return config;
}

/** This server's callback address for a source, as the browser reaches it. */
export const callbackUrl = (req: FastifyRequest, source: string) => `${req.protocol}://${req.host}/api/blade-auth/oauth/callback/${source}`;

/** What a completed round trip proved: who the provider says the user is. */
export type Identity = { t: string; s: string; sub: string; name: string; email: string; e: number };

/** A one-use ticket the login page exchanges with grant `social` (only its keyed hash is stored). */
export async function socialTicket(ctx: AppContext, who: Omit<Identity, 'e'>): Promise<string> {
  const ticket = seal(ctx.key, 'social', {
    ...who,
    n: randomBytes(12).toString('base64url'),
    e: Math.floor(Date.now() / 1000) + TICKET_SECONDS,
  });
  await putOneTime(ctx.db, ctx.key, oneTimeKey('social', ticket), ticket, TICKET_SECONDS);
  return ticket;
}

/** The user a tenant's identity is bound to, or null. */
export async function boundUser(ctx: AppContext, tenantId: string, source: string, sub: string): Promise<string | null> {
  const [row] = await ctx.db.query<{ userId: string }>(
    `select ${B.c.userId}::text as "userId" from ${B.table} where ${B.live('$1')} and ${B.c.source} = $2 and ${B.c.uuid} = $3`,
    [tenantId, source, sub],
  );
  return row?.userId ?? null;
}

/**
 * Grant `social`: `source` and `code` — the ticket the callback put on the login page's address
 * after the provider confirmed the user (state, nonce and PKCE checked there). The identity must be
 * bound to a live account of the tenant; an unbound one is answered `social_unbound`, upon which
 * the login page offers guest registration.
 */
export const socialGrant: Grant = async (g) => {
  const { ctx, p } = g;
  const source = (p.source ?? '').trim();
  const code = (p.code ?? '').trim();
  if (!source) throw new GrantError(400, '缺少必要的请求参数: source', 'invalid_request');
  if (!code) throw new GrantError(400, '缺少必要的请求参数：code', 'invalid_request');
  const asked = tenantOf(g.req, p, '');
  const who = unseal<Identity>(ctx.key, 'social', code);
  const tenantId = who?.t ?? (asked || PLATFORM_TENANT);
  await checkLocks(g, SOCIAL_METHOD, tenantId, null);
  const fail = async (message: string, error?: string) => {
    await countFailure(g, tenantId, null);
    return refuse(g, SOCIAL_METHOD, { tenantId, account: who ? `${who.s}:${who.sub}`.slice(0, 64) : undefined, message, error });
  };
  if (!who || who.s !== source) return fail('第三方登录凭证无效或已过期');
  if (asked && asked !== who.t) return fail('第三方登录凭证与租户不符');
  if (!(await takeOneTime(ctx.db, ctx.key, oneTimeKey('social', code), code))) return fail('第三方登录凭证无效或已过期');
  const userId = await boundUser(ctx, who.t, who.s, who.sub);
  const u = userId ? await loadUser(ctx.db, who.t, { id: userId }) : null;
  if (!u) return fail('该第三方账号未绑定本系统账号,请先注册或登录后绑定', 'social_unbound');
  return completeSignIn(g, u, SOCIAL_METHOD);
};
