import { badRequest } from '../../core/envelope.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { rememberContext, uploadLimitsOnWrite } from '../../modules/files/upload-limits.ts';

/**
 * Material templates: the file within its limits, and a built-in template stays built-in (else an
 * edit would make it removable).
 */
export const matIntMaterialsTemplateHooks: ResourceHooks = {
  async beforeWrite(w, values) {
    if (w.existing && Number(w.existing.isSys) !== 0 && values.isSys !== undefined && Number(values.isSys) === 0)
      throw badRequest('系统内置模板不能改为非内置');
    await uploadLimitsOnWrite(w, values);
  },
  routes(_app, _r, ctx) {
    rememberContext(ctx);
  },
};
