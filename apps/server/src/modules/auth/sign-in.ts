import { user } from '@civdesk/resources';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { audit } from './audit.ts';
import { checkTenant, GrantError, loadUser, type UserRow } from './issue.ts';
import { accountKey, clearFailures, failCounts, ipKey, recordFailure } from './lockout.ts';
import { hashPassword, isLegacyHash, verifyPassword } from './passwords.ts';

const U = sqlOf(user);

export const LOCKED = '登录错误次数过多,请稍后再试';
export const WRONG = '用户名或密码错误';

/**
 * Checks an account and password (md5 hex) the way every sign-in does: tenant, then the lock of the
 * account and of the caller's address, then the password. Unknown account and wrong password answer
 * the same text after the same work (a real or dummy argon2id check, the same statements), and both
 * count towards the lock. A legacy sha1 hash is upgraded to argon2id on success.
 */
export async function checkCredentials(
  auth: AppContext,
  req: FastifyRequest,
  tenantId: string,
  username: string,
  password: string,
): Promise<UserRow> {
  const { db, params } = auth;
  try {
    await checkTenant(db, tenantId);
  } catch (e) {
    if (e instanceof GrantError) await audit(db, req, { event: 'login-fail', ok: false, tenantId, account: username, message: e.message });
    throw e;
  }
  const acct = accountKey(tenantId, username);
  const ip = ipKey(req.ip);
  const [limit, ipLimit] = [await params.int('account.failCount'), await params.int('account.ipFailCount')];
  const counts = await failCounts(db, [acct, ip]);
  const fail = (message: string, userId?: string) =>
    audit(db, req, { event: 'login-fail', ok: false, tenantId, account: username, userId, message });
  if ((counts.get(acct) ?? 0) >= limit || (counts.get(ip) ?? 0) >= ipLimit) {
    await fail(LOCKED);
    throw new GrantError(400, LOCKED);
  }
  const u = await loadUser(db, tenantId, { account: username });
  const valid = password.length <= 256 && (await verifyPassword(u?.password ?? null, password));
  if (!u || !valid) {
    const after = await recordFailure(db, [acct, ip]);
    await fail(WRONG, u?.id);
    if (after.get(acct) === limit) {
      await audit(db, req, { event: 'lockout', ok: true, tenantId, account: username, message: `连续${limit}次登录失败` });
    }
    throw new GrantError(400, WRONG);
  }
  // Nothing to clear when no failure counts (the usual sign-in): one write fewer.
  if (counts.has(acct)) await clearFailures(db, [acct]);
  const refuse = async (message: string) => {
    await fail(message, u.id);
    throw new GrantError(400, message);
  };
  if (u.auditStatus === '0') await refuse('账号正在审核中,请耐心等待管理员通过!');
  if (u.auditStatus === '2') await refuse('账号注册申请未通过,请联系管理员');
  if (Number(u.status) !== 1) await refuse('用户已被禁用,请联系管理员');
  if (u.password && isLegacyHash(u.password)) {
    await db.query(`update ${U.table} set ${U.c.password} = $1 where ${U.c.id} = $2`, [await hashPassword(password), u.id]);
  }
  return u;
}
