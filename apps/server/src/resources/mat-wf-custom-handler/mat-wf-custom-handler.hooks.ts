import type { ResourceHooks } from '../../crud/hooks.ts';
import { saveAndUpdateRoutes } from '../../crud/save-update.ts';

/** Custom handlers: the engine's submit split into the `save` (new) and `update` (existing) calls the screens make. */
export const matWfCustomHandlerHooks: ResourceHooks = {
  routes(app, r, ctx) {
    saveAndUpdateRoutes(app, r, ctx, matWfCustomHandlerHooks);
  },
};
