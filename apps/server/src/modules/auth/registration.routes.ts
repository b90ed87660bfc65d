import { dept, role, user } from '@civdesk/resources';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { insert, page, rows } from '../../crud/repository.ts';
import { listQuery, parseIds } from '../../crud/routes.ts';
import type { Scope } from '../../crud/scope.ts';
import { Params } from '../../crud/sql.ts';
import { type AuthServices, callerOf } from '../../plugins/auth.ts';
import { badRequest, ok } from '../../plugins/envelope.ts';
import { usersInScope } from './account.routes.ts';
import { audit } from './audit.ts';
import { systemCaller } from './caller.ts';
import { checkTenant, GrantError } from './issue.ts';
import { failCounts, recordFailure } from './lockout.ts';
import { hashPassword, isMd5Hex } from './passwords.ts';
import { grantParams } from './token.routes.ts';

/** Registrations per address within the lock window. */
const REGISTER_LIMIT = 10;

export const PENDING = '0';
export const PASSED = '1';
export const REJECTED = '2';

/**
 * Guest registration (spec 000 §4–5): a pending user (audit status 0, no role) that an
 * administrator passes (optionally with roles and a department) or rejects with a reason.
 */
export function registerRegistrationRoutes(app: FastifyInstance, auth: AuthServices) {
  const { db } = auth;
  const tags = ['Users'];
  const scopeOf = (req: FastifyRequest): Scope => ({ caller: callerOf(req), tz: auth.config.timeZone });

  app.post('/api/blade-user/register-guest', { config: { auth: 'public' }, schema: { tags, summary: '注册访客' } }, async (req) => {
    const p = grantParams(req);
    const [tenantId, account, name, password] = [p.tenantId ?? '', (p.account ?? '').trim(), (p.name ?? '').trim(), p.password ?? ''];
    // The order of spec 000 §5.
    if (!tenantId) throw badRequest('请先输入租户编号');
    if (!account) throw badRequest('请先输入账号名称');
    if (!password) throw badRequest('请先输入密码');
    if (p.password2 !== undefined && p.password2 !== password) throw badRequest('两次密码输入不一致');
    if ((await auth.params.get('account.registerUser')) === 'false') throw badRequest('系统未开放注册');
    if (!isMd5Hex(password)) throw badRequest('密码格式不正确');
    if ([...account].length > 45 || [...account].some((ch) => ch.charCodeAt(0) < 32)) throw badRequest('账号名称格式不正确');
    if ([...name].length > 20 || name.includes('\u0000')) throw badRequest('用户昵称长度不能超过20个字符');
    const oauthId = (p.oauthId ?? p.oauth_id ?? '').slice(0, 64).replaceAll('\u0000', '');
    const key = `reg:${req.ip}`;
    if (((await failCounts(db, [key])).get(key) ?? 0) >= REGISTER_LIMIT) throw badRequest('注册过于频繁,请稍后再试');
    await recordFailure(db, [key]);
    try {
      await checkTenant(db, tenantId);
    } catch (e) {
      if (e instanceof GrantError) throw badRequest(e.message);
      throw e;
    }
    const hashed = await hashPassword(password);
    try {
      await db.tx(async (q) => {
        const s: Scope = { caller: systemCaller(tenantId), tz: auth.config.timeZone };
        const realName = [...name].length >= 2 && [...name].length <= 5 ? name : null;
        const row = await insert(q, user, s, { account, name: name || account.slice(0, 20), realName, userType: 1, sort: 0 });
        await q.query(
          `update blade_user set password = $1, audit_status = $2, oauth_id = $3, create_user = id, update_user = id where id = $4`,
          [hashed, PENDING, oauthId || null, row.id],
        );
      });
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw badRequest(`当前用户 [${account}] 已存在!`);
      throw e;
    }
    await audit(db, req, { event: 'register', ok: true, tenantId, account, message: oauthId ? `第三方账号 ${oauthId}` : undefined });
    return ok(true, '注册申请已提交,请耐心等待管理员通过!');
  });

  // The registration audit list: users who registered themselves, pending first.
  app.get(
    '/api/blade-user/b/userAudit/page',
    { config: { auth: { perm: 'user_audit' } }, schema: { tags, summary: '注册审核列表' } },
    async (req) => {
      const q = listQuery(user, req.query);
      const sorted = (req.query as Record<string, unknown>).ascs || (req.query as Record<string, unknown>).descs;
      const query = sorted
        ? q
        : {
            ...q,
            sorts: [
              { column: 'audit_status', dir: 'asc' as const },
              { column: 'create_time', dir: 'desc' as const },
            ],
          };
      return ok(await page(db, user, scopeOf(req), query, () => ['i."audit_status" is not null']));
    },
  );

  const decide = async (req: FastifyRequest, status: string) => {
    const s = scopeOf(req);
    const p = grantParams(req);
    const found = await usersInScope(auth, s, p.ids ?? p.userIds);
    if (found.some((u) => u.auditStatus !== PENDING)) throw badRequest('只能审核待审核的注册申请');
    const tenants = new Set(found.map((u) => String(u.tenantId)));
    const roleIds = p.roleIds ? parseIds(p.roleIds) : [];
    const deptIds = p.deptId ? parseIds(p.deptId) : [];
    // Roles and department given with a pass must be live rows of the users' tenant that the caller sees.
    for (const [r, ids] of [
      [role, roleIds],
      [dept, deptIds],
    ] as const) {
      if (!ids.length) continue;
      const pp = new Params();
      const seen = await rows(db, r, s, { ...listQuery(r, {}), size: 1000 }, [`t."id" = any(${pp.add(ids)}::bigint[])`], pp);
      if (seen.length !== new Set(ids).size || tenants.size !== 1 || seen.some((x) => !tenants.has(String(x.tenantId)))) {
        throw badRequest(`${r.label.zh.replace('管理', '')}不存在`);
      }
    }
    const reason = (p.auditReason ?? p.reason ?? '').slice(0, 255).replaceAll('\u0000', '');
    await db.query(
      `update blade_user set audit_status = $2, audit_reason = $3, role_id = coalesce($4, role_id), dept_id = coalesce($5, dept_id),
              update_user = $6, update_time = now()
        where id = any($1::bigint[]) and audit_status = '0'`,
      [found.map((u) => u.id), status, reason || null, roleIds.join(',') || null, deptIds.join(',') || null, s.caller.userId],
    );
    for (const u of found) {
      await audit(db, req, {
        event: 'audit',
        ok: status === PASSED,
        tenantId: String(u.tenantId),
        account: String(u.account),
        userId: s.caller.userId,
        message: status === PASSED ? '审核通过' : `审核驳回${reason ? `: ${reason}` : ''}`,
      });
    }
    return ok(true, '操作成功');
  };
  const audited = { config: { auth: { perm: 'user_audit' } } } as const;
  app.post('/api/blade-user/b/userAudit/auditPass', { ...audited, schema: { tags, summary: '注册审核通过' } }, (req) =>
    decide(req, PASSED),
  );
  app.post('/api/blade-user/b/userAudit/auditReject', { ...audited, schema: { tags, summary: '注册审核驳回' } }, (req) =>
    decide(req, REJECTED),
  );
}
