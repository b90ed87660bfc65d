import { permCode } from '@civdesk/meta';
import { user } from '@civdesk/resources';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Done, Page, Row } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, notFound, ok } from '../../core/envelope.ts';
import { id, loose, optionalId } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { listQuerySchema, submitBodySchema } from '../../crud/docs-schema.ts';
import { newId } from '../../crud/ids.ts';
import { listQuery } from '../../crud/list-query.ts';
import { findOne, page, remove } from '../../crud/repository.ts';
import { submit } from '../../crud/submit.ts';
import { logUserOperation } from '../user-oper-log/user-oper-log.service.ts';
import { byDept, userIds, usersInScope, withNames } from './user.service.ts';
import { beforeUserWrite } from './user-write.ts';

const U = sqlOf(user);
const write = { beforeWrite: beforeUserWrite };

const PageQuery = loose({ deptId: optionalId, nodeType: z.unknown().optional() });

/** The department-filtered page (`deptId`: that department and those below it), names beside ids. */
async function userPage({ ctx, req, query }: Call<{ query: typeof PageQuery }>) {
  const found = await page(ctx.db, user, scopeOf(req), listQuery(user, query, ['deptId', 'nodeType']), byDept(query.deptId));
  return ok({ ...found, records: await withNames(ctx.db, found.records) });
}

/** `asc`, `desc`, or not given. */
const order = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : String(v).toLowerCase() === 'desc' ? 'desc' : 'asc'),
  z.enum(['asc', 'desc']).optional(),
);
const ByLastQuery = loose({ deptId: optionalId, lastUpwdOrder: order, lastLoginOrder: order });

/** Oldest password change or sign-in first, for the accounts that need a look. */
async function pageByLast({ ctx, req, query }: Call<{ query: typeof ByLastQuery }>) {
  const lq = listQuery(user, query, ['deptId', 'lastUpwdOrder', 'lastLoginOrder']);
  const sorts = [
    ...(query.lastUpwdOrder ? [{ column: 'last_uppasswd_time', dir: query.lastUpwdOrder }] : []),
    ...(query.lastLoginOrder ? [{ column: 'last_login_time', dir: query.lastLoginOrder }] : []),
  ];
  const found = await page(ctx.db, user, scopeOf(req), sorts.length ? { ...lq, sorts } : lq, byDept(query.deptId));
  return ok({ ...found, records: await withNames(ctx.db, found.records) });
}

const DetailQuery = z.object({ id });

async function userDetail({ ctx, req, query }: Call<{ query: typeof DetailQuery }>) {
  const row = await findOne(ctx.db, user, scopeOf(req), { id: query.id });
  if (!row) throw notFound();
  return ok((await withNames(ctx.db, [row]))[0]);
}

// BladeX: submit only creates, update only edits.
const CreateBody = loose({ id: z.unknown().optional(), password: z.unknown().optional(), password2: z.unknown().optional() });

async function createUser({ ctx, req, body }: Call<{ body: typeof CreateBody }>) {
  if (body.id) throw badRequest('修改用户请使用 update');
  if (body.password2 !== undefined && body.password !== body.password2) throw badRequest('两次密码输入不一致');
  const row = await submit(ctx, user, req, write);
  // The first password counts for the policy's history like every later one.
  if (body.password)
    await ctx.db.query(
      `insert into blade_password_history (id, user_id, hash) select $1, ${U.c.id}, ${U.c.password} from ${U.table} where ${U.c.id} = $2`,
      [newId(), row.id],
    );
  await logUserOperation(ctx.db, scopeOf(req), [row], '新增用户');
  return ok(row, '新增成功');
}

const UpdateBody = loose({ id: z.unknown().optional().refine(Boolean, { error: '缺少必要的请求参数：id' }) });

/** Edits a user; passwords are never changed here (update-password and reset-password do that). */
async function updateUser({ ctx, req, body }: Call<{ body: typeof UpdateBody }>) {
  const { password: _p, password2: _p2, ...rest } = body;
  req.body = rest;
  const row = await submit(ctx, user, req, write);
  await logUserOperation(ctx.db, scopeOf(req), [row], '修改用户信息');
  return ok(row, '更新成功');
}

const RemoveParams = z.object({ ids: userIds });

async function removeUsers({ ctx, req, params }: Call<{ params: typeof RemoveParams }>) {
  const s = scopeOf(req);
  const found = await usersInScope(ctx.db, s, params.ids);
  if (found.some((u) => u.id === s.caller.userId)) throw badRequest('不能删除本账号！');
  const ids = found.map((u) => String(u.id));
  await remove(ctx.db, user, s, ids);
  await ctx.db.tx((t) => ctx.sessions.revokeUsers(t, ids, 'removed'));
  await logUserOperation(ctx.db, s, found, '删除用户');
  return ok(true, '删除成功');
}

/**
 * User management (the engine registers no conventional routes for users): the department-filtered
 * page, detail, create and update through the engine (policy, quota and roles checked by the user
 * hooks), removal; every change is written to the operation audit.
 */
export function registerUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, ['Users']);
  const perm = (action: string) => ({ perm: permCode(user, action) });
  const list = { querystring: listQuerySchema(user) };
  r.get(`${user.api}/page`, { auth: perm('view'), summary: '用户分页（按部门）', query: PageQuery, docs: list, data: Page }, userPage);
  r.get(`${user.api}/b/page`, { auth: perm('view'), summary: '用户分页（按部门）', query: PageQuery, docs: list, data: Page }, userPage);
  r.get(
    `${user.api}/page4lastUpwd`,
    { auth: perm('view'), summary: '按最后修改密码/登录时间排序', query: ByLastQuery, docs: list, data: Page },
    pageByLast,
  );
  r.get(`${user.api}/detail`, { auth: perm('view'), summary: '用户详情', query: DetailQuery, data: Row }, userDetail);
  const form = { body: submitBodySchema(user) };
  // The new-user form's confirmation (the update form has no password).
  const confirm = { type: 'string', description: 'the password again (确认密码); must equal password' };
  const createForm = { body: { ...form.body, properties: { ...form.body.properties, password2: confirm } } };
  r.post(`${user.api}/submit`, { auth: perm('add'), summary: '新增用户', body: CreateBody, docs: createForm, data: Row }, createUser);
  r.post(`${user.api}/update`, { auth: perm('edit'), summary: '修改用户', body: UpdateBody, docs: form, data: Row }, updateUser);
  r.post(`${user.api}/remove`, { auth: perm('delete'), summary: '删除用户', params: RemoveParams, data: Done }, removeUsers);
}
