import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Done } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { fail, ok } from '../../core/envelope.ts';
import { nothing, optionalString } from '../../core/input.ts';
import { type Call, routes } from '../../core/route.ts';
import { createCaptcha } from '../auth/captcha.ts';
import { GrantError, type TokenAnswer } from '../auth/issue.ts';
import { md5hex } from '../auth/passwords.ts';
import { endSession } from '../auth/session.routes.ts';
import { runGrant } from '../auth/token.routes.ts';
import { sm2Decrypt, sm2PublicKey } from './sm2-key.ts';

// The open SpringBlade dialect of sign-in (the public Saber and Sword clients): camelCase
// parameters, the answer inside the envelope, captcha and logout at their own paths. Each call
// maps its input onto the BladeX call and runs the very same grant; nothing here decides who may
// sign in.

export const OpenTokenParams = z.object({
  grantType: optionalString,
  tenantId: optionalString,
  account: optionalString,
  username: optionalString,
  password: optionalString,
  refreshToken: optionalString,
  /** Captcha key and code as parameters (the clients also send them as Captcha-Key / Captcha-Code headers). */
  key: optionalString,
  code: optionalString,
});

/**
 * The BladeX grants take the md5 hex of the password. The open clients send it SM2-encrypted
 * (4.1 and later), md5-hashed (the BladeX-flavoured ones) or plain (older): each becomes the md5.
 */
async function md5Of(ctx: AppContext, password: string): Promise<string> {
  if (/^[0-9a-f]{32}$/i.test(password)) return password.toLowerCase();
  const plain = await sm2Decrypt(ctx.db, password);
  return md5hex(plain ?? password);
}

/** `AuthInfo` of the open dialect: the BladeX answer's fields in camelCase, `authority` the role aliases. */
export function authInfoOf(a: TokenAnswer) {
  return {
    accessToken: a.access_token,
    tokenType: a.token_type,
    refreshToken: a.refresh_token,
    expiresIn: a.expires_in,
    userId: a.user_id,
    tenantId: a.tenant_id,
    deptId: a.dept_id,
    postId: a.post_id,
    roleId: a.role_id,
    oauthId: a.oauth_id,
    account: a.account,
    userName: a.user_name,
    nickName: a.nick_name,
    realName: a.real_name,
    avatar: a.avatar,
    authority: a.role_name,
    clientId: a.client_id,
    initPassword: a.init_password,
    license: a.license,
  };
}

async function openToken({ ctx, req, reply, params: p }: Call<{ params: typeof OpenTokenParams }>) {
  try {
    // The captcha as parameters when the headers do not carry it: the grant reads the headers.
    if (p.key && !req.headers['captcha-key']) req.headers['captcha-key'] = p.key;
    if (p.code && !req.headers['captcha-code']) req.headers['captcha-code'] = p.code;
    const password = p.password === undefined ? undefined : await md5Of(ctx, p.password);
    const answer = await runGrant(ctx, req, {
      grant_type: p.grantType,
      tenantId: p.tenantId,
      username: p.account ?? p.username,
      password,
      refresh_token: p.refreshToken,
    });
    return ok(authInfoOf(answer));
  } catch (e) {
    // The open clients read `code` and `msg` of the envelope; the HTTP status matches the code.
    if (e instanceof GrantError) return reply.status(e.status).send(fail(e.status, e.message));
    throw e;
  }
}

export function registerOpenAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, ['Open dialect']);
  r.post(
    '/api/blade-auth/token',
    {
      auth: 'public',
      summary: '登录 / 刷新令牌 (SpringBlade)',
      params: OpenTokenParams,
      forms: true,
      data: z.looseObject({ accessToken: z.string(), tokenType: z.string(), refreshToken: z.string(), expiresIn: z.number() }),
    },
    openToken,
  );
  r.get(
    '/api/blade-auth/captcha',
    { auth: 'public', summary: '验证码 (SpringBlade)', query: nothing, data: z.object({ key: z.string(), image: z.string() }) },
    async ({ ctx, req, reply }) => ok(await createCaptcha(ctx.db, req.ip, await ctx.params.int('account.captchaIpLimit'), reply)),
  );
  r.post(
    '/api/blade-auth/logout',
    { auth: 'public', summary: '退出登录 (SpringBlade)', params: nothing, data: Done },
    async ({ ctx, req }) => {
      await endSession(ctx, req);
      return ok(true);
    },
  );
  r.get(
    '/api/blade-auth/sm2-public-key',
    { auth: 'public', summary: 'SM2 公钥 (SpringBlade 客户端 auth.publicKey)', query: nothing, data: z.string() },
    async ({ ctx }) => ok(await sm2PublicKey(ctx.db)),
  );
}
