import { permCode } from '@civdesk/meta';
import { user } from '@civdesk/resources';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Done, Obj } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, notFound, ok } from '../../core/envelope.ts';
import { nothing, optionalString } from '../../core/input.ts';
import { callerOf, scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { audit } from '../../modules/auth/audit.ts';
import { clientById, issueTokens, loadUser } from '../../modules/auth/issue.ts';
import { accountKey, clearAccount, clearFailures, failCounts, recordFailure } from '../../modules/auth/lockout.ts';
import { acceptNewPassword, loadPolicy, PolicyError, rememberPassword } from '../../modules/auth/password-policy.ts';
import { hashPassword, isMd5Hex, md5hex, verifyPassword } from '../../modules/auth/passwords.ts';
import { LOCKED } from '../../modules/auth/sign-in.ts';
import { userIds, usersInScope } from './user.service.ts';

const U = sqlOf(user);
const u = U.c;

const ChangeParams = z.object({ oldPassword: optionalString, newPassword: optionalString, newPassword1: optionalString });

/**
 * Changes one's own password: the old one as md5 hex, the new one in plain text so the tenant's
 * policy can be checked (md5 hex from BladeX clients is accepted, see password-policy.ts). Every
 * session of the user ends; the caller gets a fresh one in the answer so the page that asked keeps working.
 */
async function changePassword({ ctx, req, params }: Call<{ params: typeof ChangeParams }>) {
  const { db } = ctx;
  const c = callerOf(req);
  const [oldPassword, newPassword, newPassword1] = [params.oldPassword ?? '', params.newPassword ?? '', params.newPassword1 ?? ''];
  if (!isMd5Hex(oldPassword) || !newPassword || !newPassword1 || newPassword.length > 128) throw badRequest('请输入密码');
  if (newPassword !== newPassword1) throw badRequest('请输入正确的确认密码!');
  const acct = accountKey(c.tenantId, c.account);
  if (((await failCounts(db, [acct])).get(acct) ?? 0) >= (await ctx.params.int('account.failCount'))) throw badRequest(LOCKED);
  const found = await loadUser(db, c.tenantId, { id: c.userId });
  if (!found) throw notFound();
  const who = { tenantId: c.tenantId, account: c.account, userId: c.userId };
  if (!(await verifyPassword(found.password, oldPassword))) {
    await recordFailure(db, [acct]);
    await audit(db, req, { event: 'password-change', ok: false, ...who, message: '原密码不正确' });
    throw badRequest('原密码不正确!');
  }
  let md5: string;
  try {
    md5 = await acceptNewPassword(db, await loadPolicy(db, c.tenantId), c.userId, newPassword);
  } catch (e) {
    if (e instanceof PolicyError) throw badRequest(e.message);
    throw e;
  }
  if (oldPassword.toLowerCase() === md5) throw badRequest('新密码不能与原密码相同');
  const hashed = await hashPassword(md5);
  await db.tx(async (q) => {
    await q.query(
      `update ${U.table} set ${u.password} = $1, ${u.initPassword} = 0, ${u.lastUppasswdTime} = now(), ${u.updateUser} = $2, ${u.updateTime} = now()
        where ${u.id} = $2`,
      [hashed, c.userId],
    );
    await rememberPassword(q, c.userId, hashed);
    await ctx.sessions.revokeUsers(q, [c.userId], 'password-change');
  });
  await clearFailures(db, [acct]);
  await audit(db, req, { event: 'password-change', ok: true, ...who });
  const client = await clientById(db, c.clientId);
  const fresh = await loadUser(db, c.tenantId, { id: c.userId });
  const answer =
    client && fresh
      ? await issueTokens(db, ctx.key, ctx.sessions, client, fresh, { chosenDept: null, chosenRole: null, ip: req.ip })
      : null;
  return ok(answer, '修改密码成功');
}

const UsersParams = z.object({ userIds });

/** Administrator reset to the account.initPassword parameter, flagged as initial; sessions end. */
async function resetPasswords({ ctx, req, params }: Call<{ params: typeof UsersParams }>) {
  const s = scopeOf(req);
  const found = await usersInScope(ctx.db, s, params.userIds);
  const initial = md5hex(await ctx.params.get('account.initPassword'));
  for (const x of found) {
    const hashed = await hashPassword(initial);
    await ctx.db.tx(async (q) => {
      await q.query(
        `update ${U.table} set ${u.password} = $1, ${u.initPassword} = 1, ${u.updateUser} = $3, ${u.updateTime} = now() where ${u.id} = $2`,
        [hashed, x.id, s.caller.userId],
      );
      await ctx.sessions.revokeUsers(q, [String(x.id)], 'password-reset');
      await clearAccount(q, String(x.tenantId), String(x.account));
    });
    await audit(ctx.db, req, {
      event: 'password-reset',
      ok: true,
      tenantId: String(x.tenantId),
      account: String(x.account),
      userId: s.caller.userId,
    });
  }
  return ok(true, '重置密码成功');
}

/** Lifts the failed sign-in lock of accounts (the per-address throttle expires by itself). */
async function unlockAccounts({ ctx, req, params }: Call<{ params: typeof UsersParams }>) {
  const s = scopeOf(req);
  const found = await usersInScope(ctx.db, s, params.userIds);
  for (const x of found) await clearAccount(ctx.db, String(x.tenantId), String(x.account));
  for (const x of found) {
    await audit(ctx.db, req, {
      event: 'unlock',
      ok: true,
      tenantId: String(x.tenantId),
      account: String(x.account),
      userId: s.caller.userId,
    });
  }
  return ok(true, '操作成功');
}

/** The caller's tenant's rules for a new password, stated on the form before it is sent. */
async function passwordRules({ ctx, req }: Call) {
  const { minLength, needUpper, needLower, needDigit, needSpecial, historyCount } = await loadPolicy(ctx.db, callerOf(req).tenantId);
  return ok({ minLength, needUpper, needLower, needDigit, needSpecial, historyCount });
}

/** Passwords (change, administrator reset) and unlocking. */
export function registerPasswordRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, ['Users']);
  r.post(
    `${user.api}/update-password`,
    { auth: 'signed-in', summary: '修改密码', params: ChangeParams, data: Obj.nullable() },
    changePassword,
  );
  r.get(`${user.api}/password-rules`, { auth: 'signed-in', summary: '新密码的规则', query: nothing, data: Obj }, passwordRules);
  r.post(
    `${user.api}/reset-password`,
    { auth: { perm: permCode(user, 'reset') }, summary: '重置密码', params: UsersParams, data: Done },
    resetPasswords,
  );
  r.post(
    `${user.api}/unlock`,
    { auth: { perm: permCode(user, 'unlock') }, summary: '账号解封', params: UsersParams, data: Done },
    unlockAccounts,
  );
}
