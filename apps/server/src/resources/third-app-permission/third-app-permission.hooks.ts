import { permCode } from '@civdesk/meta';
import { role, thirdApp, thirdAppPermission } from '@civdesk/resources';
import { z } from 'zod';
import { Done } from '../../core/answers.ts';
import { notFound, ok } from '../../core/envelope.ts';
import { id, idList } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { findOne, insert } from '../../crud/repository.ts';
import { checkReferences } from '../../crud/write-checks.ts';

const P = sqlOf(thirdAppPermission);
const PP = sqlOf(thirdAppPermission, 'p');
const R = sqlOf(role, 'r');

const BindParams = z.object({ appId: id, roleIds: idList({ message: 'roleIds 应为角色编号' }).default([]) });

/** Replaces the roles an application is open to (each must be a role the caller sees). */
async function bindRoles({ ctx, req, params }: Call<{ params: typeof BindParams }>) {
  const { appId, roleIds } = params;
  const s = scopeOf(req);
  await ctx.db.tx(async (db) => {
    if (!(await findOne(db, thirdApp, s, { id: appId }))) throw notFound('应用不存在');
    for (const roleId of roleIds) await checkReferences(db, thirdAppPermission, s, { appId, roleId }, null);
    await db.query(`delete from ${P.table} where ${P.tenant('$1')} and ${P.c.appId} = $2`, [s.caller.tenantId, appId]);
    for (const roleId of roleIds) await insert(db, thirdAppPermission, s, { appId, roleId });
  });
  return ok(true, '操作成功!');
}

const AppQuery = z.object({ appId: id });

/** The roles an application is open to, with their names. */
async function rolesOfApp({ ctx, req, query }: Call<{ query: typeof AppQuery }>) {
  const s = scopeOf(req);
  return ok(
    await ctx.db.query(
      `select ${PP.c.appId}::text as "appId", ${PP.c.roleId}::text as "roleId", ${R.c.roleName} as "roleName"
         from ${PP.table} join ${R.table} on ${R.c.id} = ${PP.c.roleId} and ${R.live('$1')}
        where ${PP.live('$1')} and ${PP.c.appId} = $2 order by ${R.c.sort}`,
      [s.caller.tenantId, query.appId],
    ),
  );
}

/** Which roles may open which third-party application; replaced as a whole per application. */
export const thirdAppPermissionHooks: ResourceHooks = {
  routes(app, r, ctx) {
    const route = routes(app, ctx, [thirdApp.label.en]);
    route.post(
      `${r.api}/batchBind`,
      { auth: { perm: permCode(thirdApp, 'edit') }, summary: '批量绑定角色', params: BindParams, data: Done },
      bindRoles,
    );
    route.get(
      `${r.api}/getListByApp`,
      {
        auth: { perm: permCode(thirdApp, 'view') },
        summary: '应用已绑定的角色',
        query: AppQuery,
        data: z.array(z.looseObject({ appId: z.string(), roleId: z.string(), roleName: z.string() })),
      },
      rolesOfApp,
    );
  },
};
