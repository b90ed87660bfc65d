import { matWfLocalButOpts, matWfLocalButton } from '@civdesk/resources';
import { z } from 'zod';
import { Rows } from '../../core/answers.ts';
import { ok } from '../../core/envelope.ts';
import { id } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { listQuery } from '../../crud/list-query.ts';
import { rows } from '../../crud/repository.ts';

const B = sqlOf(matWfLocalButton);
const O = sqlOf(matWfLocalButOpts);

const ButtonQuery = z.object({ localButtonId: id });

/** One button's stock opinions in their order (the approval screens' opinion picker). */
async function optionsOf({ ctx, req, query }: Call<{ query: typeof ButtonQuery }>) {
  const q = listQuery(matWfLocalButOpts, { localButtonId_equal: query.localButtonId });
  return ok(await rows(ctx.db, matWfLocalButOpts, scopeOf(req), { ...q, size: 500 }));
}

export const matWfLocalButOptsHooks: ResourceHooks = {
  /**
   * The button's name is copied onto the option; a default option clears the button's other
   * defaults in the same transaction, the button row locked so two such writes take turns.
   */
  async beforeWrite({ db, tenantId, existing, scope }, values) {
    const buttonId = String(values.localButtonId ?? existing?.localButtonId ?? '');
    const [button] = await db.query<{ name: string }>(
      `select ${B.c.localButtonName} as name from ${B.table} where ${B.live('$1')} and ${B.c.id} = $2 for update`,
      [tenantId, buttonId],
    );
    values.localButtonName = button?.name ?? null;
    const isDefault = values.isDefault ?? existing?.isDefault;
    if (Number(isDefault) === 1) {
      await db.query(
        `update ${O.table} set ${O.c.isDefault} = 0, "update_user" = $4, "update_time" = now()
          where ${O.live('$1')} and ${O.c.localButtonId} = $2 and ${O.c.isDefault} = 1 and ${O.c.id} <> $3`,
        [tenantId, buttonId, existing?.id ?? '0', scope.caller.userId],
      );
    }
  },
  routes(app, r, ctx) {
    routes(app, ctx, [r.label.en]).get(
      `${r.api}/cusList`,
      { auth: 'signed-in', summary: '按钮的常用意见', query: ButtonQuery, data: Rows },
      optionsOf,
    );
  },
};
