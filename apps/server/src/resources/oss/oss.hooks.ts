import { registerEnableRoute } from '../../crud/enable.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { secretOnWrite } from '../../crud/secret-fields.ts';
import { registerFileRoutes } from './oss.routes.ts';

/** Object-storage settings: secrets encrypted at rest, one enabled per tenant; the uploads that use them. */
export const ossHooks: ResourceHooks = {
  beforeWrite: secretOnWrite(['secretKey']),
  routes(app, r, ctx) {
    registerEnableRoute(app, r, ctx);
    registerFileRoutes(app, ctx);
  },
};
