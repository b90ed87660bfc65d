import { isIdText, permCode } from '@civdesk/meta';
import { thirdApp, thirdAppPermission } from '@civdesk/resources';
import { z } from 'zod';
import { Done, Rows } from '../../core/answers.ts';
import { ok } from '../../core/envelope.ts';
import { nothing, rowIds } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { remove } from '../../crud/repository.ts';

const A = sqlOf(thirdApp, 'a');
const a = A.c;
const P = sqlOf(thirdAppPermission, 'p');

const RemoveQuery = z.object({ ids: rowIds });

/** The family's `cusRomve` (sic): removal by `ids` in the query string. */
async function removeApps({ ctx, req, query }: Call<{ query: typeof RemoveQuery }>) {
  await remove(ctx.db, thirdApp, scopeOf(req), query.ids);
  return ok(true, '删除成功');
}

/** The applications the caller's roles may open, newest first. */
async function myApps({ ctx, req }: Call) {
  const s = scopeOf(req);
  const roles = s.caller.roleIds.filter(isIdText);
  return ok(
    await ctx.db.query(
      `select ${a.id}::text as id, ${a.appName} as "appName", ${a.appImg} as "appImg", ${a.loginUrl} as "loginUrl",
              ${a.loginOutApi} as "loginOutApi", ${a.note} as note
         from ${A.table} where ${A.live('$1')}
          and exists (select 1 from ${P.table} where ${P.c.appId} = ${a.id} and ${P.live('$1')} and ${P.c.roleId} = any($2::bigint[]))
        order by ${a.createTime} desc`,
      [s.caller.tenantId, roles],
    ),
  );
}

/** Third-party applications: removal in the family's spelling, and the applications the caller may open. */
export const thirdAppHooks: ResourceHooks = {
  routes(app, r, ctx) {
    const route = routes(app, ctx, [r.label.en]);
    route.get(`${r.api}/cusRomve`, { auth: { perm: permCode(r, 'delete') }, summary: '删除', query: RemoveQuery, data: Done }, removeApps);
    route.get(`${r.api}/getAppForUser`, { auth: 'signed-in', summary: '当前用户可用的应用', query: nothing, data: Rows }, myApps);
  },
};
