import type { ResourceHooks } from '../../crud/hooks.ts';
import { rememberContext, uploadLimitsOnWrite } from '../../modules/files/upload-limits.ts';

/** Writs: the template file within its upload limits. */
export const matIntWriterHooks: ResourceHooks = {
  beforeWrite: uploadLimitsOnWrite,
  routes(_app, _r, ctx) {
    rememberContext(ctx);
  },
};
