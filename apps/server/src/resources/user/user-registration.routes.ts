import type { Resource } from '@civdesk/meta';
import { dept, role, user } from '@civdesk/resources';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Done, Page } from '../../core/answers.ts';
import { PLATFORM_TENANT, systemCaller } from '../../core/caller.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import { idList, loose, optional, optionalId, optionalString } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { listQuerySchema } from '../../crud/docs-schema.ts';
import { listQuery } from '../../crud/list-query.ts';
import { insert, page, rows } from '../../crud/repository.ts';
import { Params } from '../../crud/sql.ts';
import { audit } from '../../modules/auth/audit.ts';
import { checkTenant, GrantError } from '../../modules/auth/issue.ts';
import { failCounts, recordFailure } from '../../modules/auth/lockout.ts';
import { hashPassword, isMd5Hex } from '../../modules/auth/passwords.ts';
import { inDept, userIds, usersInScope } from './user.service.ts';

/** Registrations per address within the lock window. */
const REGISTER_LIMIT = 10;

export const PENDING = '0';
export const PASSED = '1';
export const REJECTED = '2';

const U = sqlOf(user);
const u = U.c;

const GuestParams = z.object({
  tenantId: optionalString,
  account: optionalString,
  name: optionalString,
  password: optionalString,
  password2: optionalString,
  oauthId: optionalString,
  oauth_id: optionalString,
});

/** Guest registration: a pending user (audit status 0, no role) an administrator passes or rejects. */
async function registerGuest({ ctx, req, params: p }: Call<{ params: typeof GuestParams }>) {
  const { db } = ctx;
  const [tenantId, account, name, password] = [p.tenantId ?? '', (p.account ?? '').trim(), (p.name ?? '').trim(), p.password ?? ''];
  // The sign-in page's order of checks; the nickname last, so the four checks keep their order.
  if (!tenantId) throw badRequest('请先输入租户编号');
  if (!account) throw badRequest('请先输入账号名称');
  if (!password) throw badRequest('请先输入密码');
  if (p.password2 !== undefined && p.password2 !== password) throw badRequest('两次密码输入不一致');
  // Required: the administrator who audits the registration decides on the person it names.
  if (!name) throw badRequest('请先输入用户昵称');
  if ((await ctx.params.get('account.registerUser')) === 'false') throw badRequest('系统未开放注册');
  if (!(await openForRegistration(ctx, tenantId))) throw badRequest('该租户未开放注册');
  if (!isMd5Hex(password)) throw badRequest('密码格式不正确');
  if ([...account].length > 45 || [...account].some((ch) => ch.charCodeAt(0) < 32)) throw badRequest('账号名称格式不正确');
  if ([...name].length > 20 || name.includes('\u0000')) throw badRequest('用户昵称长度不能超过20个字符');
  const oauthId = (p.oauthId ?? p.oauth_id ?? '').slice(0, 64).replaceAll('\u0000', '');
  const key = `reg:${req.ip}`;
  if (((await failCounts(db, [key])).get(key) ?? 0) >= REGISTER_LIMIT) throw badRequest('注册过于频繁，请稍后再试');
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
      // Nobody is signed in: the row is written as the server itself, then made its own creator.
      const s = { caller: systemCaller(tenantId), tz: ctx.tz };
      const realName = [...name].length >= 2 && [...name].length <= 5 ? name : null;
      const row = await insert(q, user, s, { account, name, realName, userType: 1, sort: 0 });
      await q.query(
        `update ${U.table} set ${u.password} = $1, ${u.auditStatus} = $2, ${u.oauthId} = $3, ${u.createUser} = ${u.id}, ${u.updateUser} = ${u.id}
          where ${u.id} = $4`,
        [hashed, PENDING, oauthId || null, row.id],
      );
    });
  } catch (e) {
    if ((e as { code?: string }).code !== '23505') throw e;
    // The same answer as a new registration: whether an account exists is not told to anyone.
    await audit(db, req, { event: 'register', ok: false, tenantId, account, message: '账号已存在' });
    return ok(true, SUBMITTED);
  }
  await audit(db, req, { event: 'register', ok: true, tenantId, account, message: oauthId ? `第三方账号 ${oauthId}` : undefined });
  return ok(true, SUBMITTED);
}

const SUBMITTED = '注册申请已提交,请耐心等待管理员通过!';

/** Guests register into a business tenant the parameter opens, never into the platform's. */
async function openForRegistration(ctx: AppContext, tenantId: string): Promise<boolean> {
  if (tenantId === PLATFORM_TENANT) return false;
  const open = (await ctx.params.get('account.registerTenants'))
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  return open.includes('*') || open.includes(tenantId);
}

const AuditPageQuery = loose({ deptId: optionalId });

/** The registration audit list: users who registered themselves, pending first. */
async function registrations({ ctx, req, query }: Call<{ query: typeof AuditPageQuery }>) {
  const q = listQuery(user, query, ['deptId']);
  const sorts = [
    { column: 'audit_status', dir: 'asc' as const },
    { column: 'create_time', dir: 'desc' as const },
  ];
  const asked = query.ascs || query.descs ? q : { ...q, sorts };
  return ok(
    await page(ctx.db, user, scopeOf(req), asked, (p, alias) => [
      `${sqlOf(user, alias).c.auditStatus} is not null`,
      ...(query.deptId ? [inDept(p, alias, query.deptId)] : []),
    ]),
  );
}

const optionalIds = optional(idList({ strict: true, message: '请选择至少一条数据' }));
const DecideParams = z
  .object({
    ids: optional(userIds),
    userIds: optional(userIds),
    roleIds: optionalIds,
    deptId: optionalIds,
    auditReason: optionalString,
    reason: optionalString,
  })
  .refine((p) => p.ids || p.userIds, { error: '请选择至少一条数据', path: ['ids'] });

/** Roles and departments given with a pass must be live rows of the users' tenant that the caller sees. */
async function assertVisible(ctx: AppContext, req: Call['req'], r: Resource, ids: string[], tenants: Set<string>) {
  if (!ids.length) return;
  const p = new Params();
  const t = sqlOf(r, 't');
  const seen = await rows(ctx.db, r, scopeOf(req), { ...listQuery(r, {}), size: 1000 }, [`${t.c.id} = any(${p.add(ids)}::bigint[])`], p);
  if (seen.length !== ids.length || tenants.size !== 1 || seen.some((x) => !tenants.has(String(x.tenantId)))) {
    throw badRequest(`${r.label.zh.replace('管理', '')}不存在`);
  }
}

/** Passes (optionally with roles and a department) or rejects pending registrations. */
const decide =
  (status: string) =>
  async ({ ctx, req, params: p }: Call<{ params: typeof DecideParams }>) => {
    const s = scopeOf(req);
    const found = await usersInScope(ctx.db, s, p.ids ?? p.userIds ?? []);
    if (found.some((x) => x.auditStatus !== PENDING)) throw badRequest('只能审核待审核的注册申请');
    const tenants = new Set(found.map((x) => String(x.tenantId)));
    const [roleIds, deptIds] = [p.roleIds ?? [], p.deptId ?? []];
    await assertVisible(ctx, req, role, roleIds, tenants);
    await assertVisible(ctx, req, dept, deptIds, tenants);
    const reason = (p.auditReason ?? p.reason ?? '').slice(0, 255).replaceAll('\u0000', '');
    await ctx.db.query(
      `update ${U.table} set ${u.auditStatus} = $2, ${u.auditReason} = $3, ${u.roleId} = coalesce($4, ${u.roleId}),
              ${u.deptId} = coalesce($5, ${u.deptId}), ${u.updateUser} = $6, ${u.updateTime} = now()
        where ${u.id} = any($1::bigint[]) and ${u.auditStatus} = '${PENDING}'`,
      [found.map((x) => x.id), status, reason || null, roleIds.join(',') || null, deptIds.join(',') || null, s.caller.userId],
    );
    for (const x of found) {
      await audit(ctx.db, req, {
        event: 'audit',
        ok: status === PASSED,
        tenantId: String(x.tenantId),
        account: String(x.account),
        userId: s.caller.userId,
        message: status === PASSED ? '审核通过' : `审核驳回${reason ? `: ${reason}` : ''}`,
      });
    }
    return ok(true, '操作成功');
  };

/** Guest registration and its audit by the administrators. */
export function registerRegistrationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, ['Users']);
  const audited = { perm: 'user_audit' };
  const base = `${user.api}/b/userAudit`;
  r.post(`${user.api}/register-guest`, { auth: 'public', summary: '注册访客', params: GuestParams, data: Done }, registerGuest);
  r.get(
    `${base}/page`,
    { auth: audited, summary: '注册审核列表', query: AuditPageQuery, docs: { querystring: listQuerySchema(user) }, data: Page },
    registrations,
  );
  r.post(`${base}/auditPass`, { auth: audited, summary: '注册审核通过', params: DecideParams, data: Done }, decide(PASSED));
  r.post(`${base}/auditReject`, { auth: audited, summary: '注册审核驳回', params: DecideParams, data: Done }, decide(REJECTED));
}
