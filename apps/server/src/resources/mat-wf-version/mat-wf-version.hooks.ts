import type { Row } from '@civdesk/db';
import { matWfVersion } from '@civdesk/resources';
import { badRequest } from '../../core/envelope.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { registerCommonProcessRoutes } from './common-process.routes.ts';
import { registerVersionRoutes } from './version.routes.ts';
import { assertDefinition, assertEditable, assertNoOverlap, instanceCount, removeSteps } from './version.service.ts';

const V = sqlOf(matWfVersion);

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
  /** Removing a version takes its steps with it; one instances use stays. */
  async afterRemove({ db, ids }) {
    for (const id of ids) {
      const [v] = await db.query<Row>(
        `select ${V.c.id}::text as id, ${V.c.flowDefId} as "flowDefId", ${V.c.tenantId} as "tenantId" from ${V.table} where ${V.c.id} = $1`,
        [id],
      );
      if (!v) continue;
      if ((await instanceCount(db, String(v.tenantId), v)) > 0) throw badRequest('该版本已有办件使用，不能删除');
      await removeSteps(db, String(v.tenantId), id);
    }
  },
  routes(app, r, ctx) {
    registerVersionRoutes(app, r, ctx);
    registerCommonProcessRoutes(app, ctx);
  },
};
