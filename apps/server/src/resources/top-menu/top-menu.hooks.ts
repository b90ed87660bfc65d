import { menu, topMenu } from '@civdesk/resources';
import { z } from 'zod';
import { Done } from '../../core/answers.ts';
import { badRequest, notFound, ok } from '../../core/envelope.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { audit } from '../../modules/auth/audit.ts';
import { grantIds, insertPairs, pairsOf, visible } from '../../modules/permission/grant-rows.ts';

const M = sqlOf(menu);

const GrantParams = z.object({ topMenuIds: grantIds, menuIds: grantIds });

/** Binds menus to top menus: each top menu's set is replaced. */
async function grantTopMenus({ ctx, req, params }: Call<{ params: typeof GrantParams }>) {
  const s = scopeOf(req);
  const [topIds, menuIds] = [params.topMenuIds ?? [], params.menuIds ?? []];
  if (!topIds.length) throw badRequest('请选择顶部菜单');
  const tops = await visible(ctx.db, topMenu, s, topIds);
  if (tops.length !== topIds.length) throw notFound('顶部菜单不存在或已被删除');
  const found = menuIds.length
    ? await ctx.db.query(`select 1 from ${M.table} where ${M.c.id} = any($1::bigint[]) and ${M.live()}`, [menuIds])
    : [];
  if (found.length !== menuIds.length) throw badRequest('菜单不存在');
  await ctx.db.tx(async (q) => {
    await q.query('delete from blade_top_menu_setting where top_menu_id = any($1::bigint[])', [topIds]);
    await insertPairs(
      q,
      'insert into blade_top_menu_setting (id, top_menu_id, menu_id) select * from unnest($1::bigint[], $2::bigint[], $3::bigint[])',
      pairsOf(topIds, menuIds),
    );
  });
  await audit(ctx.db, req, {
    event: 'grant',
    ok: true,
    tenantId: String(tops[0].tenantId),
    account: s.caller.account,
    userId: s.caller.userId,
    message: `顶部菜单 ${tops.map((t) => t.name).join(',')}: 菜单${menuIds.length}`.slice(0, 500),
  });
  return ok(true, '操作成功');
}

export const topMenuHooks: ResourceHooks = {
  routes(app, r, ctx) {
    const route = routes(app, ctx, [r.label.en]);
    route.post(
      `${r.api}/grant`,
      { auth: { perm: 'top-menu_grant' }, summary: '顶部菜单配置', params: GrantParams, data: Done },
      grantTopMenus,
    );
  },
};
