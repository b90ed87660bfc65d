import { fieldErrors, toSubmitSchema } from '@civdesk/meta';
import { dept, role, tenant, user } from '@civdesk/resources';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Obj, Row } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import { nothing } from '../../core/input.ts';
import { callerOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { submit } from '../../crud/submit.ts';
import { beforeUserWrite } from './user-write.ts';

const U = sqlOf(user, 'u');
const R = sqlOf(role, 'r');
const D = sqlOf(dept, 'd');
const T = sqlOf(tenant, 't');

/** Who is signed in (the profile page's source), with the names of their tenant, roles and departments. */
async function myInfo({ ctx, req }: Call) {
  const c = callerOf(req);
  const u = U.c;
  const [found] = await ctx.db.query(
    `select ${u.id}::text as id, ${u.tenantId} as "tenantId", ${u.account} as account, ${u.name} as name, ${u.realName} as "realName",
            ${u.avatar} as avatar, ${u.email} as email, ${u.phone} as phone, ${u.sex} as sex, to_char(${u.birthday}, 'YYYY-MM-DD') as birthday,
            ${u.roleId} as "roleId", ${u.deptId} as "deptId", ${u.postId} as "postId",
            coalesce(${u.initPassword}, 0) as "initPassword", ${T.c.tenantName} as "tenantName",
            (select string_agg(${R.c.roleName}, ',' order by ${R.c.sort}) from ${R.table}
              where ${R.c.id} = any(string_to_array(${u.roleId}, ',')::bigint[]) and ${R.live(u.tenantId)}) as "roleName",
            (select string_agg(${D.c.deptName}, ',' order by ${D.c.sort}) from ${D.table}
              where ${D.c.id} = any(string_to_array(${u.deptId}, ',')::bigint[]) and ${D.live(u.tenantId)}) as "deptName"
       from ${U.table} left join ${T.table} on ${T.live(u.tenantId)}
      where ${u.id} = $1 and ${U.live('$2')}`,
    [c.userId, c.tenantId],
  );
  return ok(found ?? null);
}

const phonePattern = /^1\d{10}$/;
const ProfileBody = z.object({
  avatar: z.unknown().optional(),
  name: z.unknown().optional(),
  realName: z.unknown().optional(),
  phone: z
    .unknown()
    .optional()
    .refine((v) => v === undefined || phonePattern.test(String(v)), { error: '请输入正确的手机号码' }),
  email: z.unknown().optional(),
  sex: z.unknown().optional(),
  birthday: z.unknown().optional(),
});

/** One's own profile: only these fields (others are ignored), only one's own row. */
async function updateMyInfo({ ctx, req, body }: Call<{ body: typeof ProfileBody }>) {
  const c = callerOf(req);
  const values = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  const parsed = toSubmitSchema(user, 'update').safeParse({ id: c.userId, ...values });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw badRequest(errors[0].message, { errors });
  }
  req.body = parsed.data;
  return ok(await submit(ctx, user, req, { beforeWrite: beforeUserWrite }), '修改成功');
}

export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, ['Users']);
  r.get(`${user.api}/info`, { auth: 'signed-in', summary: '当前用户信息', query: nothing, data: Obj.nullable() }, myInfo);
  r.post(`${user.api}/update-info`, { auth: 'signed-in', summary: '修改个人信息', body: ProfileBody, data: Row }, updateMyInfo);
}
