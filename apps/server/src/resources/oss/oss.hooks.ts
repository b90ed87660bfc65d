import { registerEnableRoute } from '../../crud/enable.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { secretOnWrite } from '../../crud/secret-fields.ts';

/** Object-storage settings: secrets encrypted at rest, one enabled per tenant. */
export const ossHooks: ResourceHooks = {
  beforeWrite: secretOnWrite(['secretKey']),
  routes: registerEnableRoute,
};
