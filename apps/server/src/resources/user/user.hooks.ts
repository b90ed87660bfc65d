import type { ResourceHooks } from '../../crud/hooks.ts';
import { registerUserRoutes } from './user.routes.ts';
import { registerPasswordRoutes } from './user-password.routes.ts';
import { registerProfileRoutes } from './user-profile.routes.ts';
import { registerRegistrationRoutes } from './user-registration.routes.ts';
import { registerUserSettingRoutes } from './user-settings.routes.ts';
import { beforeUserWrite } from './user-write.ts';

/** Users: checks on every write, and every call under /api/blade-user (the engine adds only Excel). */
export const userHooks: ResourceHooks = {
  beforeWrite: beforeUserWrite,
  routes(app, _r, ctx) {
    registerUserRoutes(app, ctx);
    registerUserSettingRoutes(app, ctx);
    registerPasswordRoutes(app, ctx);
    registerProfileRoutes(app, ctx);
    registerRegistrationRoutes(app, ctx);
  },
};
