import { randomInt } from 'node:crypto';
import { user } from '@civdesk/resources';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Done } from '../../../core/answers.ts';
import { PLATFORM_TENANT, systemCaller } from '../../../core/caller.ts';
import type { AppContext } from '../../../core/context.ts';
import { badRequest, HttpError, ok } from '../../../core/envelope.ts';
import { optionalString } from '../../../core/input.ts';
import { type Call, routes } from '../../../core/route.ts';
import { sqlOf } from '../../../core/table-sql.ts';
import { sendSms, smsConfigOf } from '../../sms/providers.ts';
import { checkTenant, GrantError, loadUser } from '../issue.ts';
import { countCalls } from '../lockout.ts';
import { dropOneTime, oneTimeKey, putOneTime, takeOneTime } from '../one-time.ts';
import { checkLocks, completeSignIn, countFailure, type Grant, refuse, tenantOf } from './common.ts';

const U = sqlOf(user);
export const PHONE_METHOD = '手机验证码登录';
/** A code lives this long and works once. */
export const CODE_SECONDS = 300;
/** Within one window of five minutes: codes per phone, codes per address, tries per phone. */
export const LIMITS = { window: 5, perPhone: 3, perAddress: 10, tries: 5 };
export const SENT = '若该手机号已绑定账号, 验证码已发送';
const WRONG_CODE = '验证码不正确或已过期';

const phoneRule = /^1\d{10}$/;
const codeKey = (tenantId: string, phone: string) => oneTimeKey('phone', `${tenantId}:${phone}`);

/** The accounts of a tenant with this phone (two at most: more than one is ambiguous). */
async function accountsOf(ctx: AppContext, tenantId: string, phone: string) {
  return ctx.db.query<{ id: string; account: string }>(
    `select ${U.c.id}::text as id, ${U.c.account} as account from ${U.table} where ${U.c.phone} = $2 and ${U.live('$1')} limit 2`,
    [tenantId, phone],
  );
}

/**
 * Sends a code after the answer has gone (the caller's wait never tells whether the phone has an
 * account): through the tenant's enabled SMS setting, and outside production also to the server
 * log (the "log" provider), which is how a development install reads its codes.
 */
function deliver(ctx: AppContext, log: FastifyBaseLogger, tenantId: string, phone: string, code: string) {
  setImmediate(async () => {
    try {
      if (!ctx.config.production) log.warn({ smsLog: { tenantId, phone, code } }, 'phone sign-in code (log provider)');
      const cfg = await smsConfigOf(ctx.db, tenantId);
      if (cfg) await sendSms(ctx.db, { caller: systemCaller(tenantId), tz: ctx.tz }, cfg, [phone], { code }, { code: '******' });
      else if (ctx.config.production) log.warn({ tenantId }, 'phone sign-in code not sent: the tenant has no enabled SMS setting');
    } catch (err) {
      log.error({ err, tenantId }, 'phone sign-in code could not be sent');
    }
  });
}

const SendParams = z.object({ tenantId: optionalString, phone: optionalString });

/**
 * Issues a 6-digit code for a phone of an account of the tenant. The answer, and the work before
 * it (the same statements, a code stored either way), are the same whether or not the phone has an
 * account; only a phone of exactly one account receives the code.
 */
async function sendCode({ ctx, req, params }: Call<{ params: typeof SendParams }>) {
  const tenantId = (params.tenantId ?? '').trim() || PLATFORM_TENANT;
  const phone = (params.phone ?? '').trim();
  if (!/^[0-9A-Za-z]{1,12}$/.test(tenantId)) throw badRequest('请先输入租户编号');
  if (!phoneRule.test(phone)) throw badRequest('请输入正确的手机号码');
  const [mine, theirs] = [`phone-code:ip:${req.ip}`, `phone-code:to:${tenantId}:${phone}`];
  const counts = await countCalls(ctx.db, [mine, theirs], LIMITS.window);
  if ((counts.get(mine) ?? 0) > LIMITS.perAddress || (counts.get(theirs) ?? 0) > LIMITS.perPhone)
    throw new HttpError(429, '请求过于频繁，请稍后再试');
  const found = await accountsOf(ctx, tenantId, phone);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await putOneTime(ctx.db, ctx.key, codeKey(tenantId, phone), code, CODE_SECONDS);
  if (found.length === 1) deliver(ctx, req.log, tenantId, phone, code);
  return ok(true, SENT);
}

/**
 * Grant `sms_code`: the phone and the code sent to it. Wrong codes count against the address and
 * the account like wrong passwords; after LIMITS.tries tries in a window the code is forgotten.
 */
export const phoneCodeGrant: Grant = async (g) => {
  const { ctx, p } = g;
  const tenantId = tenantOf(g.req, p, PLATFORM_TENANT);
  const phone = (p.phone ?? '').trim();
  const code = (p.code ?? '').trim();
  if (!phone) throw new GrantError(400, '缺少必要的请求参数: phone', 'invalid_request');
  if (!code) throw new GrantError(400, '缺少必要的请求参数：code', 'invalid_request');
  try {
    await checkTenant(ctx.db, tenantId);
  } catch (e) {
    if (e instanceof GrantError) await refuse(g, PHONE_METHOD, { tenantId, account: phone, message: e.message });
    throw e;
  }
  const found = phoneRule.test(phone) ? await accountsOf(ctx, tenantId, phone) : [];
  const one = found.length === 1 ? found[0] : null;
  await checkLocks(g, PHONE_METHOD, tenantId, one?.account ?? null);
  const tries = `phone-try:${tenantId}:${phone}`.slice(0, 150);
  if (((await countCalls(ctx.db, [tries], LIMITS.window)).get(tries) ?? 0) > LIMITS.tries) {
    await dropOneTime(ctx.db, codeKey(tenantId, phone));
    await refuse(g, PHONE_METHOD, { tenantId, account: one?.account ?? phone, message: '验证码错误次数过多,请重新获取' });
  }
  if (!(await takeOneTime(ctx.db, ctx.key, codeKey(tenantId, phone), code)) || !one) {
    await countFailure(g, tenantId, one?.account ?? null);
    await refuse(g, PHONE_METHOD, { tenantId, account: one?.account ?? phone, userId: one?.id, message: WRONG_CODE });
  }
  const u = one ? await loadUser(ctx.db, tenantId, { id: one.id }) : null;
  if (!u) return refuse(g, PHONE_METHOD, { tenantId, account: phone, message: WRONG_CODE });
  return completeSignIn(g, u, PHONE_METHOD);
};

export function registerPhoneCodeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, ['Auth']);
  r.post('/api/blade-auth/phone-code/send', { auth: 'public', summary: '发送手机登录验证码', params: SendParams, data: Done }, sendCode);
}
