import {
  matIntAddress,
  matIntCondition,
  matIntFlowChart,
  matIntLaws,
  matIntProcedures,
  matIntRegionMapping,
  matIntServiceInfo,
} from '@civdesk/resources';
import { ALL_TENANTS, sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { registerElementRoutes } from './element.routes.ts';

// A matter's guide, conditions, addresses, laws, procedures, region mapping and flow chart have no
// meaning without it: they go with it.
const parts = [matIntServiceInfo, matIntCondition, matIntAddress, matIntLaws, matIntProcedures, matIntRegionMapping, matIntFlowChart];

export const matIntElementHooks: ResourceHooks = {
  async afterRemove({ db, scope, ids }) {
    for (const part of parts) {
      const P = sqlOf(part);
      await db.query(
        `update ${P.table} set "is_deleted" = 1, "update_user" = $2, "update_time" = now() where ${P.c.itemId} = any($1::bigint[]) and ${P.live(ALL_TENANTS)}`,
        [ids, scope.caller.userId],
      );
    }
  },
  routes(app, r, ctx) {
    registerElementRoutes(app, r, ctx, matIntElementHooks);
  },
};
