import { isIdText, permCode } from '@civdesk/meta';
import { domainSys } from '@civdesk/resources';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { newId } from '../../crud/ids.ts';
import { findOne } from '../../crud/repository.ts';
import { idParam, scopeOf } from '../../crud/routes.ts';
import { badRequest, notFound, ok } from '../../plugins/envelope.ts';

/** The menus a domain system shows: read as a list of ids, replaced as a whole by assignMenu. */
export const domainSysMenuHooks: ResourceHooks = {
  routes(app, r, deps) {
    const tags = [r.label.en];
    app.get(
      `${r.api}/getSysAssignedMenu`,
      { config: { auth: { perm: permCode(r, 'view') } }, schema: { tags, summary: '域系统已分配菜单' } },
      async (req) => {
        const sysId = idParam((req.query as Record<string, unknown>).sysId, 'sysId');
        const found = await deps.db.query<{ id: string }>(
          'select menu_id::text as id from bm_domain_sys_menu where sys_id = $1 order by menu_id',
          [sysId],
        );
        return ok(found.map((f) => f.id));
      },
    );
    app.post(
      `${r.api}/assignMenu`,
      { config: { auth: { perm: permCode(r, 'edit') } }, schema: { tags, summary: '分配菜单' } },
      async (req) => {
        const body = { ...((req.query as object) ?? {}), ...((req.body as object) ?? {}) } as Record<string, unknown>;
        const sysId = idParam(body.sysId, 'sysId');
        const menuIds = (Array.isArray(body.menuIds) ? body.menuIds.map(String) : String(body.menuIds ?? '').split(',')).filter(Boolean);
        if (!menuIds.every(isIdText)) throw badRequest('menuIds 应为菜单编号');
        const s = scopeOf(req, deps);
        if (!(await findOne(deps.db, domainSys, s, { id: sysId }))) throw notFound('域系统不存在');
        await deps.db.tx(async (t) => {
          const [{ n }] = await t.query<{ n: number }>(
            'select count(*)::int n from blade_menu where id = any($1::bigint[]) and is_deleted = 0',
            [menuIds],
          );
          if (n !== new Set(menuIds).size) throw badRequest('菜单不存在');
          await t.query('delete from bm_domain_sys_menu where sys_id = $1', [sysId]);
          for (const menuId of new Set(menuIds)) {
            await t.query('insert into bm_domain_sys_menu (id, sys_id, menu_id, create_user, update_user) values ($1, $2, $3, $4, $4)', [
              newId(),
              sysId,
              menuId,
              s.caller.userId,
            ]);
          }
        });
        return ok(true, '操作成功!');
      },
    );
  },
};
