import { badRequest } from '../../core/envelope.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { findOne } from '../../crud/repository.ts';
import { MENU } from '../../modules/permission/granted.ts';
import { registerMenuTreeRoutes } from './menu.routes.ts';
import { registerGrantTreeRoutes } from './menu-grant.routes.ts';
import { registerShellMenuRoutes } from './menu-shell.routes.ts';

/**
 * Menus and their buttons: a menu or button hangs under a menu, never under a button. Every call
 * under the menu path is here: the menu screen's trees, the shell's menus, the grant dialogs' trees.
 */
export const menuHooks: ResourceHooks = {
  async beforeWrite({ db, resource, scope, existing }, values) {
    const parentId = String(values.parentId ?? existing?.parentId ?? '0');
    if (parentId === '0') return;
    const parent = await findOne(db, resource, scope, { id: parentId });
    if (parent && Number(parent.category) !== MENU) {
      throw badRequest('父节点只可选择菜单类型!', { errors: [{ field: 'parentId', message: '父节点只可选择菜单类型!' }] });
    }
  },
  routes(app, _r, ctx) {
    registerMenuTreeRoutes(app, ctx);
    registerShellMenuRoutes(app, ctx);
    registerGrantTreeRoutes(app, ctx);
  },
};
