import type { ResourceHooks } from '../../crud/hooks.ts';
import { rememberContext, uploadLimitsOnWrite } from '../../modules/files/upload-limits.ts';

/** Matter materials: the sample file and blank form within their upload limits. */
export const matIntMaterialsHooks: ResourceHooks = {
  beforeWrite: uploadLimitsOnWrite,
  routes(_app, _r, ctx) {
    rememberContext(ctx);
  },
};
