import { permCode } from '@civdesk/meta';
import { dict, role, user } from '@civdesk/resources';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Done } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, forbidden, notFound, ok } from '../../core/envelope.ts';
import { ADMINISTRATOR } from '../../core/grant-store.ts';
import { id, idList } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { findOne } from '../../crud/repository.ts';
import { submit } from '../../crud/submit.ts';
import { logUserOperation } from '../user-oper-log/user-oper-log.service.ts';
import { userIds, usersInScope } from './user.service.ts';
import { beforeUserWrite } from './user-write.ts';

const U = sqlOf(user);
const u = U.c;
const R = sqlOf(role);
const D = sqlOf(dict);

const GrantParams = z.object({ userIds, roleIds: idList({ required: true, message: '请选择角色' }) });

/** Roles of several users at once: live roles of those users' tenant, the administrator role only from the platform administrator. */
async function grantRoles({ ctx, req, params }: Call<{ params: typeof GrantParams }>) {
  const s = scopeOf(req);
  const found = await usersInScope(ctx.db, s, params.userIds);
  const tenants = [...new Set(found.map((x) => String(x.tenantId)))];
  if (tenants.length !== 1) throw badRequest('角色不存在');
  const roles = await ctx.db.query<{ id: string; alias: string }>(
    `select ${R.c.id}::text as id, ${R.c.roleAlias} as alias from ${R.table} where ${R.c.id} = any($1::bigint[]) and ${R.live('$2')}`,
    [params.roleIds, tenants[0]],
  );
  if (roles.length !== params.roleIds.length) throw badRequest('角色不存在');
  if (roles.some((r) => r.alias === ADMINISTRATOR) && !s.caller.platformAdmin) throw forbidden('无权配置超管角色!');
  if (found.some((x) => x.id === s.caller.userId) && !s.caller.platformAdmin) throw forbidden('不能修改本账号的角色');
  await ctx.db.query(
    `update ${U.table} set ${u.roleId} = $2, ${u.updateUser} = $3, ${u.updateTime} = now() where ${u.id} = any($1::bigint[])`,
    [found.map((x) => x.id), params.roleIds.join(','), s.caller.userId],
  );
  await logUserOperation(ctx.db, s, found, `设置角色: ${params.roleIds.length} 个`);
  return ok(true, '操作成功');
}

const statusMessage = '状态只能是 1（正常）或 0（停用）';
const StatusParams = z.object({
  status: z
    .union([z.string(), z.number()], { error: statusMessage })
    .transform(String)
    .refine((v) => v === '0' || v === '1', { error: statusMessage }),
  userIds,
});

/** 1 normal, 0 disabled; disabling ends the users' sessions at once. */
async function changeStatus({ ctx, req, params }: Call<{ params: typeof StatusParams }>) {
  const s = scopeOf(req);
  const found = await usersInScope(ctx.db, s, params.userIds);
  if (params.status === '0' && found.some((x) => x.id === s.caller.userId)) throw badRequest('不能停用本账号');
  const ids = found.map((x) => String(x.id));
  await ctx.db.tx(async (t) => {
    await t.query(
      `update ${U.table} set ${u.status} = $2, ${u.updateUser} = $3, ${u.updateTime} = now() where ${u.id} = any($1::bigint[])`,
      [ids, Number(params.status), s.caller.userId],
    );
    if (params.status === '0') await ctx.sessions.revokeUsers(t, ids, 'disabled');
  });
  await logUserOperation(ctx.db, s, found, params.status === '1' ? '启用用户' : '停用用户');
  return ok(true, '操作成功');
}

const UsersParams = z.object({ userIds });

/** Forced sign-out: every session of the users ends. */
async function revokeSessions({ ctx, req, params }: Call<{ params: typeof UsersParams }>) {
  const s = scopeOf(req);
  const found = await usersInScope(ctx.db, s, params.userIds);
  await ctx.db.tx((t) =>
    ctx.sessions.revokeUsers(
      t,
      found.map((x) => String(x.id)),
      'revoked',
    ),
  );
  await logUserOperation(ctx.db, s, found, '强制下线');
  return ok(true, '操作成功');
}

const PlatformQuery = z.object({ userId: id });

async function platformDetail({ ctx, req, query }: Call<{ query: typeof PlatformQuery }>) {
  const row = await findOne(ctx.db, user, scopeOf(req), { id: query.userId });
  if (!row) throw notFound();
  return ok({ userId: row.id, userType: row.userType, userExt: row.userExt ?? '' });
}

const PlatformParams = z.object({
  userId: id,
  userType: z.unknown().optional(),
  userExt: z
    .unknown()
    .optional()
    .transform((v) => (v === undefined ? undefined : String(v)))
    .refine((v) => v === undefined || v.length <= 4000, { error: '扩展信息不能超过4000个字符' }),
});

/** The user's platform (user type) and its extension text, saved through the engine. */
async function updatePlatform({ ctx, req, params }: Call<{ params: typeof PlatformParams }>) {
  req.body = { id: params.userId, userType: params.userType, ...(params.userExt === undefined ? {} : { userExt: params.userExt }) };
  const row = await submit(ctx, user, req, { beforeWrite: beforeUserWrite });
  await logUserOperation(ctx.db, scopeOf(req), [row], '平台配置');
  return ok(true, '操作成功');
}

const SecretParams = z.object({
  secretLevel: z
    .unknown()
    .optional()
    .transform((v) => String(v ?? '')),
  userIds,
});

/** The secret level of users: an entry of the `classified_type` dictionary. */
async function setSecret({ ctx, req, params }: Call<{ params: typeof SecretParams }>) {
  const s = scopeOf(req);
  const [known] = await ctx.db.query(
    `select 1 from ${D.table} where ${D.c.code} = 'classified_type' and ${D.c.dictKey} = $1 and ${D.c.parentId} <> 0 and ${D.live()}`,
    [params.secretLevel],
  );
  if (!known) throw badRequest('请选择密级');
  const found = await usersInScope(ctx.db, s, params.userIds);
  await ctx.db.query(
    `update ${U.table} set ${u.secretLevel} = $2, ${u.updateUser} = $3, ${u.updateTime} = now() where ${u.id} = any($1::bigint[])`,
    [found.map((x) => x.id), params.secretLevel, s.caller.userId],
  );
  await logUserOperation(ctx.db, s, found, `设置密级: ${params.secretLevel}`);
  return ok(true, '操作成功');
}

/** Roles, status, forced sign-out, platform settings and secret level of users. */
export function registerUserSettingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, ['Users']);
  const perm = (action: string) => ({ perm: permCode(user, action) });
  r.post(`${user.api}/grant`, { auth: perm('grant'), summary: '设置角色', params: GrantParams, data: Done }, grantRoles);
  r.post(`${user.api}/changeStatus`, { auth: perm('status'), summary: '启用/停用', params: StatusParams, data: Done }, changeStatus);
  r.post(`${user.api}/revocation`, { auth: perm('revoke'), summary: '强制下线', params: UsersParams, data: Done }, revokeSessions);
  r.get(
    `${user.api}/platform-detail`,
    {
      auth: perm('view'),
      summary: '平台配置详情',
      query: PlatformQuery,
      data: z.object({ userId: z.string(), userType: z.unknown(), userExt: z.unknown() }),
    },
    platformDetail,
  );
  r.post(
    `${user.api}/update-platform`,
    { auth: perm('platform'), summary: '平台配置', params: PlatformParams, data: Done },
    updatePlatform,
  );
  r.post(`${user.api}/b/setSecret`, { auth: perm('secret'), summary: '设置密级', params: SecretParams, data: Done }, setSecret);
}
