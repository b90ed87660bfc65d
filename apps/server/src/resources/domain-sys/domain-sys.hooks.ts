import { permCode } from '@civdesk/meta';
import { domainSys, domainSysMenu, menu } from '@civdesk/resources';
import { z } from 'zod';
import { Done } from '../../core/answers.ts';
import { badRequest, notFound, ok } from '../../core/envelope.ts';
import { id, idList } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { newId } from '../../crud/ids.ts';
import { findOne } from '../../crud/repository.ts';

const DM = sqlOf(domainSysMenu);
const dm = DM.c;
const M = sqlOf(menu);

const SysQuery = z.object({ sysId: id });

/** The menu ids assigned to a domain system. */
async function assignedMenus({ ctx, query }: Call<{ query: typeof SysQuery }>) {
  const found = await ctx.db.query<{ id: string }>(
    `select ${dm.menuId}::text as id from ${DM.table} where ${dm.sysId} = $1 order by ${dm.menuId}`,
    [query.sysId],
  );
  return ok(found.map((f) => f.id));
}

// The spec's parameters: `roleIds` (the domain systems, comma-separated, named as in the role grant
// call the original client copied) and `menuIds`; `sysId` (one system) is still read for older clients.
const AssignParams = z.object({
  roleIds: idList({ message: 'roleIds 应为域系统编号' }).optional(),
  sysId: id.optional(),
  menuIds: idList({ message: 'menuIds 应为菜单编号' }).default([]),
});

/** Replaces the menus each given domain system shows, all or none. */
async function assignMenus({ ctx, req, params }: Call<{ params: typeof AssignParams }>) {
  const { menuIds } = params;
  const sysIds = params.roleIds?.length ? params.roleIds : params.sysId ? [params.sysId] : [];
  if (!sysIds.length) throw badRequest('请选择域系统');
  const s = scopeOf(req);
  for (const sysId of sysIds) if (!(await findOne(ctx.db, domainSys, s, { id: sysId }))) throw notFound('域系统不存在');
  await ctx.db.tx(async (t) => {
    const [{ n }] = await t.query<{ n: number }>(
      `select count(*)::int n from ${M.table} where ${M.c.id} = any($1::bigint[]) and ${M.live()}`,
      [menuIds],
    );
    if (n !== menuIds.length) throw badRequest('菜单不存在');
    await t.query(`delete from ${DM.table} where ${dm.sysId} = any($1::bigint[])`, [sysIds]);
    for (const sysId of sysIds) {
      for (const menuId of menuIds) {
        await t.query(
          `insert into ${DM.table} (${dm.id}, ${dm.sysId}, ${dm.menuId}, ${dm.createUser}, ${dm.updateUser}) values ($1, $2, $3, $4, $4)`,
          [newId(), sysId, menuId, s.caller.userId],
        );
      }
    }
  });
  return ok(true, '操作成功!');
}

/** The menus a domain system shows: read as a list of ids, replaced as a whole by assignMenu. */
export const domainSysMenuHooks: ResourceHooks = {
  routes(app, r, ctx) {
    const route = routes(app, ctx, [r.label.en]);
    route.get(
      `${r.api}/getSysAssignedMenu`,
      { auth: { perm: permCode(r, 'view') }, summary: '域系统已分配菜单', query: SysQuery, data: z.array(z.string()) },
      assignedMenus,
    );
    route.post(
      `${r.api}/assignMenu`,
      { auth: { perm: permCode(r, 'edit') }, summary: '分配菜单', params: AssignParams, data: Done },
      assignMenus,
    );
  },
};
