import { permCode } from '@civdesk/meta';
import { role } from '@civdesk/resources';
import { z } from 'zod';
import { Nodes, Rows } from '../../core/answers.ts';
import { PLATFORM_TENANT } from '../../core/caller.ts';
import { forbidden, ok } from '../../core/envelope.ts';
import { ADMINISTRATOR } from '../../core/grant-store.ts';
import { id } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { listQuery } from '../../crud/list-query.ts';
import { findOne, rows } from '../../crud/repository.ts';
import { nodeForest } from '../../crud/tree.ts';
import { assignedSelect, SelectQuery } from '../../modules/permission/assigned-select.ts';
import { registerRoleGrantRoutes } from './role-grant.routes.ts';

const TreeByIdQuery = z.object({ roleId: id });

/** The role tree of the tenant a role belongs to (`roleId=`), as the parent picker of that role needs. */
async function treeById({ ctx, req, query }: Call<{ query: typeof TreeByIdQuery }>) {
  const s = scopeOf(req);
  const found = await findOne(ctx.db, role, s, { id: query.roleId });
  const tenantId = String(found?.tenantId ?? s.caller.tenantId);
  return ok(nodeForest(role, await rows(ctx.db, role, s, { ...listQuery(role, { tenantId }), size: 5000 })));
}

/** The role dropdown: a tenant's roles, or one user's own. */
async function roleSelect({ ctx, req, query }: Call<{ query: typeof SelectQuery }>) {
  const found = await assignedSelect(ctx, req, query, role, 'roleId');
  return ok(found.map((x) => ({ id: x.id, parentId: x.parentId, roleName: x.roleName, roleAlias: x.roleAlias, tenantId: x.tenantId })));
}

/**
 * The `administrator` role of the platform tenant holds every permission and crosses tenants, so
 * only the platform administrator may create, rename into or change it; a role with that alias in
 * any other tenant is an ordinary role. Grants are in role-grant.routes.ts.
 */
export const roleHooks: ResourceHooks = {
  async beforeWrite({ scope, existing }, values) {
    const tenantId = String(existing?.tenantId ?? scope.caller.tenantId);
    const touches = values.roleAlias === ADMINISTRATOR || existing?.roleAlias === ADMINISTRATOR;
    if (tenantId === PLATFORM_TENANT && touches && !scope.caller.platformAdmin) throw forbidden('无权配置超管角色!');
  },
  routes(app, r, ctx) {
    const route = routes(app, ctx, [r.label.en]);
    route.get(
      `${r.api}/tree-by-id`,
      { auth: { perm: permCode(r, 'view') }, summary: '角色所在租户的角色树', query: TreeByIdQuery, data: Nodes },
      treeById,
    );
    route.get(`${r.api}/select`, { auth: 'signed-in', summary: '角色下拉', query: SelectQuery, data: Rows }, roleSelect);
    registerRoleGrantRoutes(app, ctx);
  },
};
