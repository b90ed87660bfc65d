import { user } from '@civdesk/resources';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { audit } from './audit.ts';
import { checkTenant, GrantError, loadUser, type UserRow } from './issue.ts';
import { accountKey, clearFailures, failStates, ipKey, pairKey, recordFailure } from './lockout.ts';
import { hashPassword, isLegacyHash, verifyPassword } from './passwords.ts';

const U = sqlOf(user);

export const LOCKED = '登录错误次数过多,请稍后再试';
export const ACCOUNT_LOCKED = '账号已锁定，请联系管理员解锁或通过手机验证码解锁';
export const CAPTCHA_REQUIRED = '请输入验证码';
export const WRONG = '用户名或密码错误';

/** Minutes one account from one address waits after its n-th failure: 1, 2, 4 … at most 30. */
export const delayMinutes = (n: number, limit: number) => (n < limit ? 0 : Math.min(30, 2 ** (n - limit)));

/**
 * Checks an account and password (md5 hex) the way every sign-in does: tenant, then the throttles,
 * then the password. One account from one address (`pair`) is asked for a captcha after
 * `account.captchaAfter` failures and waits 1, 2, 4 … 30 minutes after `account.failCount`; the
 * account itself locks only at `account.lockCount` failures from all addresses (unlocked by an
 * administrator or the user's phone code), and one address at `account.ipFailCount` failures
 * across accounts — so nobody can lock an account out for everyone with a few tries. Unknown
 * account and wrong password answer the same text after the same work (a real or dummy argon2id
 * check, the same statements), and both count. A legacy sha1 hash is upgraded on success.
 */
export async function checkCredentials(
  auth: AppContext,
  req: FastifyRequest,
  tenantId: string,
  username: string,
  password: string,
  opts: { captchaPassed?: boolean } = {},
): Promise<UserRow> {
  const { db, params } = auth;
  try {
    await checkTenant(db, tenantId);
  } catch (e) {
    if (e instanceof GrantError) await audit(db, req, { event: 'login-fail', ok: false, tenantId, account: username, message: e.message });
    throw e;
  }
  const [acct, pair, ip] = [accountKey(tenantId, username), pairKey(tenantId, username, req.ip), ipKey(req.ip)];
  const limit = { pair: await params.int('account.failCount'), captcha: await params.int('account.captchaAfter') };
  const [lockLimit, ipLimit] = [await params.int('account.lockCount'), await params.int('account.ipFailCount')];
  const states = await failStates(db, [acct, pair, ip]);
  const count = (k: string) => states.get(k)?.n ?? 0;
  const fail = (message: string, userId?: string) =>
    audit(db, req, { event: 'login-fail', ok: false, tenantId, account: username, userId, message });
  const refuse = async (message: string, error?: string): Promise<never> => {
    await fail(message);
    throw new GrantError(400, message, error);
  };
  if (count(acct) >= lockLimit) await refuse(ACCOUNT_LOCKED);
  if (count(ip) >= ipLimit) await refuse(LOCKED);
  if ((states.get(pair)?.since ?? 0) < delayMinutes(count(pair), limit.pair) * 60) await refuse(LOCKED);
  if (count(pair) >= limit.captcha && !opts.captchaPassed) await refuse(CAPTCHA_REQUIRED, 'captcha_required');
  const u = await loadUser(db, tenantId, { account: username });
  const valid = password.length <= 256 && (await verifyPassword(u?.password ?? null, password));
  if (!u || !valid) {
    const after = await recordFailure(db, [acct, pair, ip]);
    await fail(WRONG, u?.id);
    if (after.get(acct) === lockLimit) {
      await audit(db, req, { event: 'lockout', ok: true, tenantId, account: username, message: `连续${lockLimit}次登录失败` });
    }
    throw new GrantError(400, WRONG);
  }
  // Nothing to clear when no failure counts (the usual sign-in): one write fewer.
  if (states.has(acct) || states.has(pair)) await clearFailures(db, [acct, pair]);
  await refuseUnusable(auth, req, u);
  if (u.password && isLegacyHash(u.password)) {
    await db.query(`update ${U.table} set ${U.c.password} = $1 where ${U.c.id} = $2`, [await hashPassword(password), u.id]);
  }
  return u;
}

/** What refuses an identified user whatever the method: a registration pending or rejected, a disabled account. */
export async function refuseUnusable(auth: AppContext, req: FastifyRequest, u: UserRow, method?: string): Promise<void> {
  const why =
    u.auditStatus === '0'
      ? '账号正在审核中，请耐心等待管理员通过！'
      : u.auditStatus === '2'
        ? '账号注册申请未通过，请联系管理员'
        : Number(u.status) !== 1
          ? '用户已被禁用，请联系管理员'
          : null;
  if (!why) return;
  const message = method ? `${method}: ${why}` : why;
  await audit(auth.db, req, { event: 'login-fail', ok: false, tenantId: u.tenantId, account: u.account, userId: u.id, message });
  throw new GrantError(400, why);
}
