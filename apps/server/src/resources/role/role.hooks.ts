import type { ResourceHooks } from '../../crud/hooks.ts';
import { PLATFORM_TENANT } from '../../modules/auth/caller.ts';
import { ADMINISTRATOR } from '../../modules/permission/grant-store.ts';
import { forbidden } from '../../plugins/envelope.ts';

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
};
