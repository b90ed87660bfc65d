import { bmsQueryCondition, bmsQueryTabDetail } from '@civdesk/resources';
import { routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { numberParams } from '../../modules/sql-runner/named-params.ts';
import { checkSelect } from '../../modules/sql-runner/sql-check.ts';
import { removeSinglePhy } from './remove-single.ts';

const C = sqlOf(bmsQueryCondition);
const T = sqlOf(bmsQueryTabDetail);

/**
 * Custom queries: the SQL is refused on save unless it is one SELECT the runner would take (the
 * run checks again); a removed query takes its conditions and result columns with it.
 */
export const bmsQueryListHooks: ResourceHooks = {
  async beforeWrite(_w, values) {
    if (typeof values.content === 'string') await checkSelect(numberParams(values.content).text);
  },
  async afterRemove({ db, scope, ids }) {
    const tenant = scope.caller.tenantId;
    await db.query(`delete from ${C.table} where ${C.c.queryId} = any($1::bigint[]) and ${C.tenant('$2')}`, [ids, tenant]);
    await db.query(`delete from ${T.table} where ${T.c.queryId} = any($1::bigint[]) and ${T.tenant('$2')}`, [ids, tenant]);
  },
  routes(app, r, ctx) {
    removeSinglePhy(routes(app, ctx, [r.label.en]), r, bmsQueryListHooks);
  },
};
