import type { Row } from '@civdesk/db';
import { user } from '@civdesk/resources';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rows } from '../../crud/repository.ts';
import { listQuery, parseIds } from '../../crud/routes.ts';
import type { Scope } from '../../crud/scope.ts';
import { Params } from '../../crud/sql.ts';
import { type AuthServices, callerOf } from '../../plugins/auth.ts';
import { badRequest, notFound, ok } from '../../plugins/envelope.ts';
import { acceptNewPassword, loadPolicy, PolicyError, rememberPassword } from '../user/password-policy.ts';
import { audit } from './audit.ts';
import { type ClientRow, issueTokens, loadUser } from './issue.ts';
import { accountKey, clearFailures, failCounts, recordFailure } from './lockout.ts';
import { hashPassword, isMd5Hex, md5hex, verifyPassword } from './passwords.ts';
import { LOCKED } from './sign-in.ts';
import { grantParams } from './token.routes.ts';

/**
 * Users named by `userIds`, found through the engine so the tenant filter and the caller's data
 * scope apply: every id must be one the caller may see, or nothing happens.
 */
export async function usersInScope(auth: AuthServices, s: Scope, raw: unknown): Promise<Row[]> {
  const ids = parseIds(raw);
  if (ids.length > 200) throw badRequest('一次最多操作200个用户');
  const p = new Params();
  const found = await rows(auth.db, user, s, { ...listQuery(user, {}), size: 1000 }, [`t."id" = any(${p.add(ids)}::bigint[])`], p);
  if (found.length !== new Set(ids).size) throw notFound('部分用户不存在或已被删除');
  return found;
}

const scopeOf = (req: FastifyRequest, auth: AuthServices): Scope => ({ caller: callerOf(req), tz: auth.config.timeZone });

/** Passwords (change, administrator reset) and unlocking, under /api/blade-user. */
export function registerAccountRoutes(app: FastifyInstance, auth: AuthServices) {
  const { db, sessions, params } = auth;
  const tags = ['Users'];

  // Change one's own password (md5 hex each, contract §2.3). Every session of the user ends; the
  // caller gets a fresh one in the answer so the page that asked keeps working.
  app.post('/api/blade-user/update-password', { config: { auth: 'signed-in' }, schema: { tags, summary: '修改密码' } }, async (req) => {
    const c = callerOf(req);
    const p = grantParams(req);
    const [oldPassword, newPassword, newPassword1] = [p.oldPassword ?? '', p.newPassword ?? '', p.newPassword1 ?? ''];
    // The old password as md5 hex (contract §2.3); the new one in plain text so the tenant's policy
    // can be checked (md5 hex from BladeX clients is accepted, see password-policy.ts).
    if (!isMd5Hex(oldPassword) || !newPassword || !newPassword1 || newPassword.length > 128) throw badRequest('请输入密码');
    if (newPassword !== newPassword1) throw badRequest('请输入正确的确认密码!');
    const acct = accountKey(c.tenantId, c.account);
    if (((await failCounts(db, [acct])).get(acct) ?? 0) >= (await params.int('account.failCount'))) throw badRequest(LOCKED);
    const u = await loadUser(db, c.tenantId, { id: c.userId });
    if (!u) throw notFound();
    if (!(await verifyPassword(u.password, oldPassword))) {
      await recordFailure(db, [acct]);
      await audit(db, req, {
        event: 'password-change',
        ok: false,
        tenantId: c.tenantId,
        account: c.account,
        userId: c.userId,
        message: '原密码不正确',
      });
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
        'update blade_user set password = $1, init_password = 0, last_uppasswd_time = now(), update_user = $2, update_time = now() where id = $2',
        [hashed, c.userId],
      );
      await rememberPassword(q, c.userId, hashed);
      await sessions.revokeUsers(q, [c.userId], 'password-change');
    });
    await clearFailures(db, [acct]);
    await audit(db, req, { event: 'password-change', ok: true, tenantId: c.tenantId, account: c.account, userId: c.userId });
    const [client] = await db.query<ClientRow>(
      `select client_id as "clientId", client_secret as "clientSecret", authorized_grant_types as "grantTypes",
              access_token_validity as access, refresh_token_validity as refresh from blade_client where client_id = $1 and is_deleted = 0`,
      [c.clientId],
    );
    const fresh = await loadUser(db, c.tenantId, { id: c.userId });
    const answer =
      client && fresh ? await issueTokens(db, auth.key, sessions, client, fresh, { chosenDept: null, chosenRole: null, ip: req.ip }) : null;
    return ok(answer, '修改密码成功');
  });

  // Administrator reset to the account.initPassword parameter, flagged as initial; sessions end.
  app.post(
    '/api/blade-user/reset-password',
    { config: { auth: { perm: 'user_reset' } }, schema: { tags, summary: '重置密码' } },
    async (req) => {
      const s = scopeOf(req, auth);
      const found = await usersInScope(auth, s, (req.query as Record<string, unknown>).userIds ?? grantParams(req).userIds);
      const initial = md5hex(await params.get('account.initPassword'));
      for (const u of found) {
        const hashed = await hashPassword(initial);
        await db.tx(async (q) => {
          await q.query('update blade_user set password = $1, init_password = 1, update_user = $3, update_time = now() where id = $2', [
            hashed,
            u.id,
            s.caller.userId,
          ]);
          await sessions.revokeUsers(q, [String(u.id)], 'password-reset');
          await clearFailures(q, [accountKey(String(u.tenantId), String(u.account))]);
        });
        await audit(db, req, {
          event: 'password-reset',
          ok: true,
          tenantId: String(u.tenantId),
          account: String(u.account),
          userId: s.caller.userId,
        });
      }
      return ok(true, '重置密码成功');
    },
  );

  // Lifts the failed sign-in lock of accounts (the per-address throttle expires by itself).
  app.post('/api/blade-user/unlock', { config: { auth: { perm: 'user_unlock' } }, schema: { tags, summary: '账号解封' } }, async (req) => {
    const s = scopeOf(req, auth);
    const found = await usersInScope(auth, s, (req.query as Record<string, unknown>).userIds ?? grantParams(req).userIds);
    await clearFailures(
      db,
      found.map((u) => accountKey(String(u.tenantId), String(u.account))),
    );
    for (const u of found) {
      await audit(db, req, {
        event: 'unlock',
        ok: true,
        tenantId: String(u.tenantId),
        account: String(u.account),
        userId: s.caller.userId,
      });
    }
    return ok(true, '操作成功');
  });
}
