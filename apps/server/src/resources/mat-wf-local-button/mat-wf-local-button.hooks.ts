import { matWfElementButton, matWfLocalButOpts } from '@civdesk/resources';
import { badRequest } from '../../core/envelope.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';

const EB = sqlOf(matWfElementButton);
const O = sqlOf(matWfLocalButOpts);

/** A library button a step still shows cannot go; its stock opinions go with it. */
export const matWfLocalButtonHooks: ResourceHooks = {
  async afterRemove({ db, scope, ids }) {
    const tenant = scope.caller.tenantId;
    const used = await db.query<{ n: number }>(
      `select count(*)::int as n from ${EB.table} where ${EB.live('$1')} and ${EB.c.localButtonId} = any($2::bigint[])`,
      [tenant, ids],
    );
    if (used[0].n > 0) throw badRequest('按钮已被流程环节使用, 请先在环节中移除后再删除');
    await db.query(
      `update ${O.table} set "is_deleted" = 1, "update_user" = $3, "update_time" = now()
        where ${O.live('$1')} and ${O.c.localButtonId} = any($2::bigint[])`,
      [tenant, ids, scope.caller.userId],
    );
  },
};
