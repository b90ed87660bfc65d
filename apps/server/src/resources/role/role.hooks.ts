import { permCode } from '@civdesk/meta';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { findOne, rows } from '../../crud/repository.ts';
import { idParam, listQuery, scopeOf } from '../../crud/routes.ts';
import { nodeForest } from '../../crud/tree.ts';
import { PLATFORM_TENANT } from '../../modules/auth/caller.ts';
import { ADMINISTRATOR } from '../../modules/permission/grant-store.ts';
import { forbidden, ok } from '../../plugins/envelope.ts';

/**
 * The `administrator` role of the platform tenant holds every permission and crosses tenants, so
 * only the platform administrator may create, rename into or change it; a role with that alias in
 * any other tenant is an ordinary role.
 */
export const roleHooks: ResourceHooks = {
  async beforeWrite({ scope, existing }, values) {
    const tenantId = String(existing?.tenantId ?? scope.caller.tenantId);
    const touches = values.roleAlias === ADMINISTRATOR || existing?.roleAlias === ADMINISTRATOR;
    if (tenantId === PLATFORM_TENANT && touches && !scope.caller.platformAdmin) throw forbidden('无权配置超管角色!');
  },
  routes(app, r, deps) {
    // The role tree of the tenant a role belongs to (`roleId=`), as the parent picker of that role needs.
    app.get(
      `${r.api}/tree-by-id`,
      { config: { auth: { perm: permCode(r, 'view') } }, schema: { tags: [r.label.en], summary: '角色所在租户的角色树' } },
      async (req) => {
        const s = scopeOf(req, deps);
        const roleId = idParam((req.query as Record<string, unknown>).roleId, 'roleId');
        const found = await findOne(deps.db, r, s, { id: roleId });
        const tenantId = String(found?.tenantId ?? s.caller.tenantId);
        return ok(nodeForest(r, await rows(deps.db, r, s, { ...listQuery(r, { tenantId }), size: 5000 })));
      },
    );
  },
};
