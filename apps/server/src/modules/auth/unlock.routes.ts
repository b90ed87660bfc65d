import { createHash, randomInt } from 'node:crypto';
import { user } from '@civdesk/resources';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Done } from '../../core/answers.ts';
import { systemCaller } from '../../core/caller.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, HttpError, ok } from '../../core/envelope.ts';
import { optionalString } from '../../core/input.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { sendSms, smsConfigOf } from '../sms/providers.ts';
import { audit } from './audit.ts';
import { consumeCaptcha } from './captcha.ts';
import { clearAccount, countCalls } from './lockout.ts';

const U = sqlOf(user);
const CODE_MINUTES = 5;
/** Codes asked for, and unlock tries, per address within CODE_MINUTES. */
const PER_ADDRESS = 5;
const SENT = '若账号存在且已绑定手机号，验证码已发送';

const Who = z.object({ tenantId: optionalString, account: optionalString });
const UnlockParams = Who.extend({ code: optionalString });

function who(p: z.output<typeof Who>) {
  const tenantId = (p.tenantId ?? '').trim();
  const account = (p.account ?? '').trim();
  if (!/^[0-9A-Za-z]{1,12}$/.test(tenantId)) throw badRequest('请先输入租户编号');
  if (!account || [...account].length > 45 || account.includes('\u0000')) throw badRequest('请先输入账号名称');
  return { tenantId, account };
}

/** Where the one-time code of an account is kept (the captcha table: the same expiry and single use). */
const codeKey = (tenantId: string, account: string) =>
  `unlock:${createHash('sha256').update(`${tenantId}:${account.toLowerCase()}`).digest('hex').slice(0, 40)}`;

async function throttle(ctx: AppContext, req: FastifyRequest, what: string) {
  const key = `${what}:${req.ip}`;
  if (((await countCalls(ctx.db, [key], CODE_MINUTES)).get(key) ?? 0) > PER_ADDRESS) throw new HttpError(429, '请求过于频繁，请稍后再试');
}

/**
 * Sends a one-time code to the phone of the account through the tenant's enabled SMS setting. The
 * answer is the same whether the account exists, has a phone, or the tenant sends SMS at all.
 */
async function sendCode({ ctx, req, params }: Call<{ params: typeof Who }>) {
  const { tenantId, account } = who(params);
  await throttle(ctx, req, 'unlock-code');
  const [u] = await ctx.db.query<{ phone: string | null }>(
    `select ${U.c.phone} as phone from ${U.table} where ${U.c.account} = $2 and ${U.live('$1')} limit 1`,
    [tenantId, account],
  );
  const cfg = u?.phone && /^1\d{10}$/.test(u.phone) ? await smsConfigOf(ctx.db, tenantId) : null;
  if (u?.phone && cfg) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await ctx.db.query(
      `insert into blade_captcha (captcha_key, code, expire_time) values ($1, $2, now() + interval '${CODE_MINUTES} minutes')
       on conflict (captcha_key) do update set code = excluded.code, expire_time = excluded.expire_time`,
      [codeKey(tenantId, account), code],
    );
    const scope = { caller: systemCaller(tenantId), tz: ctx.tz };
    await sendSms(ctx.db, scope, cfg, [u.phone], { code }, { code: '******' });
  }
  return ok(true, SENT);
}

/** Unlocks the account (its lock and every address's count) with the code sent to its phone; the code works once. */
async function unlock({ ctx, req, params }: Call<{ params: typeof UnlockParams }>) {
  const { tenantId, account } = who(params);
  await throttle(ctx, req, 'unlock-try');
  if (!(await consumeCaptcha(ctx.db, codeKey(tenantId, account), params.code ?? ''))) throw badRequest('验证码不正确或已过期');
  await clearAccount(ctx.db, tenantId, account);
  await audit(ctx.db, req, { event: 'unlock', ok: true, tenantId, account, message: '手机验证码解锁' });
  return ok(true, '账号已解锁，请重新登录');
}

/** A locked-out user unlocks their own account with a code sent to their phone. */
export function registerUnlockRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, ['Auth']);
  r.post('/api/blade-auth/unlock/send-code', { auth: 'public', summary: '发送解锁验证码', params: Who, data: Done }, sendCode);
  r.post('/api/blade-auth/unlock', { auth: 'public', summary: '手机验证码解锁', params: UnlockParams, data: Done }, unlock);
}
