import type { Row } from '@civdesk/db';
import { fieldErrors, isIdText, permCode, toSubmitSchema } from '@civdesk/meta';
import { pwStrategy, user, userOperLog } from '@civdesk/resources';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { newId } from '../../crud/ids.ts';
import { findOne, page, remove, rows } from '../../crud/repository.ts';
import { idParam, listQuery, submit } from '../../crud/routes.ts';
import type { Scope } from '../../crud/scope.ts';
import { Params } from '../../crud/sql.ts';
import { type AuthServices, callerOf } from '../../plugins/auth.ts';
import { badRequest, forbidden, notFound, ok } from '../../plugins/envelope.ts';
import { userHooks } from '../../resources/user/user.hooks.ts';
import { usersInScope } from '../auth/account.routes.ts';
import { ADMINISTRATOR } from '../permission/grant-store.ts';
import { logUserOperation } from './oper-log.ts';
import { loadPolicy } from './password-policy.ts';

const perm = (action: string) => ({ auth: { perm: permCode(user, action) } });
const phonePattern = /^1\d{10}$/;

/** Role, department and post names beside their ids (the list and detail show names), in one statement. */
async function withNames(auth: AuthServices, found: Row[]): Promise<Row[]> {
  if (!found.length) return found;
  const ids = (k: string) => [
    ...new Set(
      found.flatMap((u) =>
        String(u[k] ?? '')
          .split(',')
          .filter(isIdText),
      ),
    ),
  ];
  const names = await auth.db.query<{ kind: string; id: string; name: string }>(
    `select 'role' as kind, id::text, role_name as name from blade_role where id = any($1::bigint[])
     union all select 'dept', id::text, dept_name from blade_dept where id = any($2::bigint[])
     union all select 'post', id::text, post_name from blade_post where id = any($3::bigint[])`,
    [ids('roleId'), ids('deptId'), ids('postId')],
  );
  const byKind = new Map(names.map((n) => [`${n.kind}:${n.id}`, n.name]));
  const label = (kind: string, v: unknown) =>
    String(v ?? '')
      .split(',')
      .filter(Boolean)
      .map((id) => byKind.get(`${kind}:${id}`) ?? '')
      .filter(Boolean)
      .join(',');
  return found.map((u) => ({
    ...u,
    roleName: label('role', u.roleId),
    deptName: label('dept', u.deptId),
    postName: label('post', u.postId),
  }));
}

/** Users of a department and the departments beneath it (`deptId`), registrations still pending left out. */
function byDept(deptId: string | undefined) {
  return (p: Params, alias: string) => {
    const where = [`(${alias}."audit_status" is null or ${alias}."audit_status" = '1')`];
    if (deptId) {
      where.push(
        `string_to_array(${alias}."dept_id", ',')::bigint[] && array(with recursive d(id) as (select ${p.add(deptId)}::bigint
           union all select c.id from blade_dept c join d on c.parent_id = d.id where c.is_deleted = 0) select id from d)`,
      );
    }
    return where;
  };
}

/**
 * User management under /api/blade-user (spec 001 §7): the department-filtered page, create and
 * update through the engine (policy, quota, roles checked by the user hooks), roles, status,
 * forced sign-out, platform settings, secret level, and the operation audit every change writes.
 */
export function registerUserRoutes(app: FastifyInstance, auth: AuthServices) {
  const { db, sessions } = auth;
  const tags = ['Users'];
  const deps = { db, tz: auth.config.timeZone };
  const scopeOf = (req: FastifyRequest): Scope => ({ caller: callerOf(req), tz: deps.tz });
  const q = (req: FastifyRequest) => ({ ...((req.body as object) ?? {}), ...((req.query as object) ?? {}) }) as Record<string, unknown>;

  const userPage = async (req: FastifyRequest) => {
    const query = req.query as Record<string, unknown>;
    const deptId = query.deptId === undefined || query.deptId === '' ? undefined : idParam(query.deptId, 'deptId');
    const found = await page(db, user, scopeOf(req), listQuery(user, query, ['deptId', 'nodeType']), byDept(deptId));
    return ok({ ...found, records: await withNames(auth, found.records) });
  };
  app.get('/api/blade-user/page', { config: perm('view'), schema: { tags, summary: '用户分页(按部门)' } }, userPage);
  app.get('/api/blade-user/b/page', { config: perm('view'), schema: { tags, summary: '用户分页(按部门)' } }, userPage);

  // Oldest password change or sign-in first, for the accounts that need a look.
  app.get(
    '/api/blade-user/page4lastUpwd',
    { config: perm('view'), schema: { tags, summary: '按最后修改密码/登录时间排序' } },
    async (req) => {
      const query = req.query as Record<string, unknown>;
      const dir = (v: unknown) => (v === undefined || v === '' ? undefined : String(v).toLowerCase() === 'desc' ? 'desc' : 'asc');
      const upwd = dir(query.lastUpwdOrder);
      const login = dir(query.lastLoginOrder);
      const deptId = query.deptId === undefined || query.deptId === '' ? undefined : idParam(query.deptId, 'deptId');
      const lq = listQuery(user, query, ['deptId', 'lastUpwdOrder', 'lastLoginOrder']);
      const sorts = [
        ...(upwd ? [{ column: 'last_uppasswd_time', dir: upwd as 'asc' | 'desc' }] : []),
        ...(login ? [{ column: 'last_login_time', dir: login as 'asc' | 'desc' }] : []),
      ];
      const found = await page(db, user, scopeOf(req), sorts.length ? { ...lq, sorts } : lq, byDept(deptId));
      return ok({ ...found, records: await withNames(auth, found.records) });
    },
  );

  app.get('/api/blade-user/detail', { config: perm('view'), schema: { tags, summary: '用户详情' } }, async (req) => {
    const row = await findOne(db, user, scopeOf(req), { id: idParam((req.query as Record<string, unknown>).id, 'id') });
    if (!row) throw notFound();
    return ok((await withNames(auth, [row]))[0]);
  });

  // BladeX: submit only creates, update only edits.
  app.post('/api/blade-user/submit', { config: perm('add'), schema: { tags, summary: '新增用户' } }, async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body.id) throw badRequest('修改用户请使用 update');
    if (body.password2 !== undefined && body.password !== body.password2) throw badRequest('两次密码输入不一致');
    const row = await submit(deps, user, req, userHooks);
    // The first password counts for the policy's history like every later one.
    if (body.password)
      await db.query('insert into blade_password_history (id, user_id, hash) select $1, id, password from blade_user where id = $2', [
        newId(),
        row.id,
      ]);
    await logUserOperation(db, scopeOf(req), [row], '新增用户');
    return ok(row, '新增成功');
  });
  app.post('/api/blade-user/update', { config: perm('edit'), schema: { tags, summary: '修改用户' } }, async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (!body.id) throw badRequest('缺少必要的请求参数: id');
    const { password: _p, password2: _p2, ...rest } = body;
    req.body = rest;
    const row = await submit(deps, user, req, userHooks);
    await logUserOperation(db, scopeOf(req), [row], '修改用户信息');
    return ok(row, '更新成功');
  });

  // One's own profile: only these fields, only one's own row (phone: 11 digits starting with 1).
  app.post('/api/blade-user/update-info', { config: { auth: 'signed-in' }, schema: { tags, summary: '修改个人信息' } }, async (req) => {
    const c = callerOf(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const allowed = ['avatar', 'name', 'realName', 'phone', 'email', 'sex', 'birthday'];
    const values = Object.fromEntries(Object.entries(body).filter(([k]) => allowed.includes(k)));
    if (values.phone !== undefined && !phonePattern.test(String(values.phone))) {
      throw badRequest('请输入正确的手机号码', { errors: [{ field: 'phone', message: '请输入正确的手机号码' }] });
    }
    const parsed = toSubmitSchema(user, 'update').safeParse({ id: c.userId, ...values });
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      throw badRequest(errors[0].message, { errors });
    }
    req.body = parsed.data;
    return ok(await submit(deps, user, req, userHooks), '修改成功');
  });

  app.post('/api/blade-user/remove', { config: perm('delete'), schema: { tags, summary: '删除用户' } }, async (req) => {
    const s = scopeOf(req);
    const found = await usersInScope(auth, s, q(req).ids);
    if (found.some((u) => u.id === s.caller.userId)) throw badRequest('不能删除本账号!');
    await remove(
      db,
      user,
      s,
      found.map((u) => String(u.id)),
    );
    await db.tx((t) =>
      sessions.revokeUsers(
        t,
        found.map((u) => String(u.id)),
        'removed',
      ),
    );
    await logUserOperation(db, s, found, '删除用户');
    return ok(true, '删除成功');
  });

  // Roles of several users at once: live roles of those users' tenant, the administrator role only from the platform administrator.
  app.post('/api/blade-user/grant', { config: perm('grant'), schema: { tags, summary: '设置角色' } }, async (req) => {
    const s = scopeOf(req);
    const params = q(req);
    const found = await usersInScope(auth, s, params.userIds);
    const roleIds = String(params.roleIds ?? '')
      .split(',')
      .filter(Boolean);
    if (!roleIds.length || !roleIds.every(isIdText)) throw badRequest('请选择角色');
    const tenants = [...new Set(found.map((u) => String(u.tenantId)))];
    const roles = await db.query<{ id: string; alias: string; tenantId: string }>(
      'select id::text, role_alias as alias, tenant_id as "tenantId" from blade_role where id = any($1::bigint[]) and is_deleted = 0',
      [roleIds],
    );
    if (roles.length !== new Set(roleIds).size || tenants.length !== 1 || roles.some((r) => r.tenantId !== tenants[0]))
      throw badRequest('角色不存在');
    if (roles.some((r) => r.alias === ADMINISTRATOR) && !s.caller.platformAdmin) throw forbidden('无权配置超管角色!');
    if (found.some((u) => u.id === s.caller.userId) && !s.caller.platformAdmin) throw forbidden('不能修改本账号的角色');
    await db.query('update blade_user set role_id = $2, update_user = $3, update_time = now() where id = any($1::bigint[])', [
      found.map((u) => u.id),
      roleIds.join(','),
      s.caller.userId,
    ]);
    await logUserOperation(db, s, found, `设置角色: ${roleIds.length} 个`);
    return ok(true, '操作成功');
  });

  // 1 normal, 0 disabled; disabling ends the users' sessions at once.
  app.post('/api/blade-user/changeStatus', { config: perm('status'), schema: { tags, summary: '启用/停用' } }, async (req) => {
    const s = scopeOf(req);
    const params = q(req);
    const status = String(params.status ?? '');
    if (status !== '0' && status !== '1') throw badRequest('状态只能是 1(正常)或 0(停用)');
    const found = await usersInScope(auth, s, params.userIds);
    if (status === '0' && found.some((u) => u.id === s.caller.userId)) throw badRequest('不能停用本账号');
    await db.tx(async (t) => {
      await t.query('update blade_user set status = $2, update_user = $3, update_time = now() where id = any($1::bigint[])', [
        found.map((u) => u.id),
        Number(status),
        s.caller.userId,
      ]);
      if (status === '0')
        await sessions.revokeUsers(
          t,
          found.map((u) => String(u.id)),
          'disabled',
        );
    });
    await logUserOperation(db, s, found, status === '1' ? '启用用户' : '停用用户');
    return ok(true, '操作成功');
  });

  app.post('/api/blade-user/revocation', { config: perm('revoke'), schema: { tags, summary: '强制下线' } }, async (req) => {
    const s = scopeOf(req);
    const found = await usersInScope(auth, s, q(req).userIds);
    await db.tx((t) =>
      sessions.revokeUsers(
        t,
        found.map((u) => String(u.id)),
        'revoked',
      ),
    );
    await logUserOperation(db, s, found, '强制下线');
    return ok(true, '操作成功');
  });

  app.get('/api/blade-user/platform-detail', { config: perm('view'), schema: { tags, summary: '平台配置详情' } }, async (req) => {
    const row = await findOne(db, user, scopeOf(req), { id: idParam((req.query as Record<string, unknown>).userId, 'userId') });
    if (!row) throw notFound();
    return ok({ userId: row.id, userType: row.userType, userExt: row.userExt ?? '' });
  });
  app.post('/api/blade-user/update-platform', { config: perm('platform'), schema: { tags, summary: '平台配置' } }, async (req) => {
    const params = q(req);
    const id = idParam(params.userId, 'userId');
    const ext = params.userExt === undefined ? undefined : String(params.userExt);
    if (ext !== undefined && ext.length > 4000) throw badRequest('扩展信息不能超过4000个字符');
    req.body = { id, userType: params.userType, ...(ext === undefined ? {} : { userExt: ext }) };
    const row = await submit(deps, user, req, userHooks);
    await logUserOperation(db, scopeOf(req), [row], '平台配置');
    return ok(true, '操作成功');
  });

  app.post('/api/blade-user/b/setSecret', { config: perm('secret'), schema: { tags, summary: '设置密级' } }, async (req) => {
    const s = scopeOf(req);
    const params = q(req);
    const level = String(params.secretLevel ?? '');
    const [known] = await db.query(
      "select 1 from blade_dict where code = 'classified_type' and dict_key = $1 and parent_id <> 0 and is_deleted = 0",
      [level],
    );
    if (!known) throw badRequest('请选择密级');
    const found = await usersInScope(auth, s, params.userIds);
    await db.query('update blade_user set secret_level = $2, update_user = $3, update_time = now() where id = any($1::bigint[])', [
      found.map((u) => u.id),
      level,
      s.caller.userId,
    ]);
    await logUserOperation(db, s, found, `设置密级: ${level}`);
    return ok(true, '操作成功');
  });

  // The operation audit: the audit administrator passes or rejects pending entries.
  const decide = (status: number) => async (req: FastifyRequest) => {
    const s = scopeOf(req);
    const params = q(req);
    const ids = String(params.ids ?? '')
      .split(',')
      .filter(Boolean);
    if (!ids.length || !ids.every(isIdText)) throw badRequest('请选择至少一条数据');
    const p = new Params();
    const seen = await rows(
      db,
      userOperLog,
      s,
      { ...listQuery(userOperLog, {}), size: 1000 },
      [`t."id" = any(${p.add(ids)}::bigint[])`],
      p,
    );
    if (seen.length !== new Set(ids).size) throw notFound('部分数据不存在');
    if (seen.some((x) => Number(x.auditStatus) !== 0)) throw badRequest('只能审计待审计的记录');
    const reason = String(params.auditReason ?? '')
      .replaceAll('\u0000', '')
      .slice(0, 255);
    await db.query(
      'update blade_user_oper_log set audit_status = $2, audit_reason = $3, update_user = $4, update_time = now() where id = any($1::bigint[])',
      [ids, status, reason || null, s.caller.userId],
    );
    return ok(true, '操作成功');
  };
  const audit = { config: { auth: { perm: permCode(userOperLog, 'audit') } } } as const;
  app.post(`${userOperLog.api}/auditPass`, { ...audit, schema: { tags, summary: '审计通过' } }, decide(1));
  app.post(`${userOperLog.api}/auditReject`, { ...audit, schema: { tags, summary: '审计驳回' } }, decide(2));

  // The tenant's password policy: read by anyone signing a password, saved by administrators.
  app.get(`${pwStrategy.api}/getStrategy`, { config: { auth: 'signed-in' }, schema: { tags, summary: '密码策略' } }, async (req) =>
    ok(await loadPolicy(db, callerOf(req).tenantId)),
  );
  app.post(
    `${pwStrategy.api}/cusSubmit`,
    { config: { auth: { perm: permCode(pwStrategy, 'edit') } }, schema: { tags, summary: '保存密码策略' } },
    async (req) => {
      const c = callerOf(req);
      const existing = await loadPolicy(db, c.tenantId);
      const body = (req.body ?? {}) as Record<string, unknown>;
      req.body = { ...body, id: existing.id };
      if (!existing.id) delete (req.body as Record<string, unknown>).id;
      return ok(await submit(deps, pwStrategy, req), '保存成功');
    },
  );
}
