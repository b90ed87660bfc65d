import type { ResourceHooks } from '../../crud/hooks.ts';
import { registerCommonProcessRoutes } from './common-process.routes.ts';
import { registerVersionRoutes } from './version.routes.ts';
import { assertDefinition, assertEditable, assertNoOverlap } from './version.service.ts';

/**
 * Workflow versions: the definition must be deployed in the caller's tenant, date ranges of an
 * item's versions never overlap, and a version instances use is not changed (cusSave copies it).
 * dwCommonProcess (the definitions a version may pick) is served from here too: no resource owns it.
 */
export const matWfVersionHooks: ResourceHooks = {
  async beforeWrite({ db, mode, existing, tenantId }, values) {
    if (mode === 'update' && existing) await assertEditable(db, tenantId, String(existing.id));
    const v = { ...existing, ...values } as Record<string, unknown>;
    if (values.flowDefId !== undefined) await assertDefinition(db, tenantId, String(values.flowDefId));
    await assertNoOverlap(db, tenantId, {
      id: existing ? String(existing.id) : null,
      itemId: String(v.itemId),
      startTime: String(v.startTime),
      endTime: (v.endTime as string | null) ?? null,
    });
  },
  routes(app, r, ctx) {
    registerVersionRoutes(app, r, ctx);
    registerCommonProcessRoutes(app, ctx);
  },
};
