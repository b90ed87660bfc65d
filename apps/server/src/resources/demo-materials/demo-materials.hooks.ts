import type { ResourceHooks } from '../../crud/hooks.ts';
import { fileService } from '../../modules/files/file-service.ts';
import { rememberContext, uploadLimitsOnWrite } from '../../modules/files/upload-limits.ts';
import { materialRoutes } from './demo-materials.routes.ts';
import { signRoutes } from './demo-materials-sign.routes.ts';

// An application's material slots and its signed documents: every call under demoMaterials.
export const demoMaterialsHooks: ResourceHooks = {
  beforeWrite: (w, values) => uploadLimitsOnWrite(w, values),
  routes(app, _r, ctx) {
    rememberContext(ctx);
    const files = fileService(ctx);
    app.addHook('onClose', files.close);
    materialRoutes(app, ctx, demoMaterialsHooks);
    signRoutes(app, ctx, files);
  },
};
