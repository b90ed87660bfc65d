import { permCode, type Resource } from '@civdesk/meta';
import { matWfElementButton, matWfLocalButOpts, matWfLocalButton } from '@civdesk/resources';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Obj } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import { idList } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { insert } from '../../crud/repository.ts';
import { checkReferences } from '../../crud/write-checks.ts';

const EB = sqlOf(matWfElementButton, 'eb');
const LB = sqlOf(matWfLocalButton, 'lb');
const O = sqlOf(matWfLocalButOpts, 'o');

const elementId = z
  .unknown()
  .transform((v) => String(v ?? ''))
  .refine((v) => /^\d{1,19}$/.test(v), { error: 'elementId 应为环节编号' });

const ElementQuery = z.object({ elementId });

/**
 * The buttons one step shows, in order, with what the handling page needs of the library button
 * (look, handlers, tabs) and its stock opinions (the default first).
 */
async function buttonsOfStep({ ctx, req, query }: Call<{ query: typeof ElementQuery }>) {
  const tenant = scopeOf(req).caller.tenantId;
  const found = await ctx.db.query(
    `select ${EB.c.id}::text as id, ${EB.c.elementId} as "elementId", ${EB.c.localButtonId}::text as "localButtonId",
            ${EB.c.buttonId} as "buttonId", coalesce(nullif(${EB.c.elementButtonName}, ''), ${LB.c.localButtonName}) as name,
            ${EB.c.elementButtonName} as "elementButtonName", ${LB.c.localButtonName} as "localButtonName",
            ${LB.c.localButtonType} as "localButtonType", ${LB.c.localButtonStyle} as "localButtonStyle",
            ${LB.c.localButtonColor} as "localButtonColor", ${LB.c.localButtonValue} as "localButtonValue",
            ${LB.c.localButtonMethod} as "localButtonMethod", ${LB.c.localButtonMethodForWeixin} as "localButtonMethodForWeixin",
            ${LB.c.localButtonPageSetting} as "localButtonPageSetting", ${EB.c.triggerWay} as "triggerWay",
            ${EB.c.triggerMethod}::text as "triggerMethod", ${EB.c.methodName} as "methodName", ${EB.c.param} as param,
            ${EB.c.orderNum} as "orderNum",
            coalesce((select json_agg(json_build_object('id', ${O.c.id}::text, 'butOptsInfo', ${O.c.butOptsInfo},
                                                        'isDefault', ${O.c.isDefault}, 'orderNumber', ${O.c.orderNumber})
                                      order by ${O.c.isDefault} desc, ${O.c.orderNumber}, ${O.c.id})
                        from ${O.table} where ${O.live('$1')} and ${O.c.localButtonId} = ${LB.c.id}), '[]'::json) as options
       from ${EB.table} join ${LB.table} on ${LB.c.id} = ${EB.c.localButtonId} and ${LB.live('$1')}
      where ${EB.live('$1')} and ${EB.c.elementId} = $2
      order by ${EB.c.orderNum} nulls last, ${EB.c.createTime}, ${EB.c.id}`,
    [tenant, query.elementId],
  );
  return ok(found);
}

const CopyBody = z.object({
  elementId,
  localButtonIds: idList({ message: 'localButtonIds 应为按钮编号', required: true, max: 50 }),
});

/** Adds library buttons to a step in the given order, after its current ones; a button it already shows is skipped. */
function copyFromLibrary(ctx: AppContext) {
  return async ({ req, body }: Call<{ body: typeof CopyBody }>) => {
    const s = scopeOf(req);
    const added = await ctx.db.tx(async (db) => {
      for (const localButtonId of body.localButtonIds) await checkReferences(db, matWfElementButton, s, { localButtonId }, null);
      const T = sqlOf(matWfElementButton);
      const have = await db.query<{ b: string; n: number | null }>(
        `select ${T.c.localButtonId}::text as b, ${T.c.orderNum} as n from ${T.table} where ${T.live('$1')} and ${T.c.elementId} = $2`,
        [s.caller.tenantId, body.elementId],
      );
      const present = new Set(have.map((h) => h.b));
      let order = Math.max(0, ...have.map((h) => h.n ?? 0));
      const rows = [];
      for (const localButtonId of body.localButtonIds) {
        if (present.has(localButtonId)) continue;
        present.add(localButtonId);
        const [lb] = await db.query<{ name: string; type: number; value: string }>(
          `select ${LB.c.localButtonName} as name, ${LB.c.localButtonType} as type, ${LB.c.localButtonValue} as value
             from ${LB.table} where ${LB.live('$1')} and ${LB.c.id} = $2`,
          [s.caller.tenantId, localButtonId],
        );
        order = Math.min(99, order + 1);
        rows.push(
          await insert(db, matWfElementButton, s, {
            elementId: body.elementId,
            localButtonId,
            localButtonName: lb.name,
            localButtonType: lb.type,
            buttonId: lb.value,
            orderNum: order,
          }),
        );
      }
      return rows;
    });
    if (!added.length) throw badRequest('所选按钮均已在该环节中');
    return ok(added, '添加成功');
  };
}

export function elementButtonRoutes(app: FastifyInstance, r: Resource, ctx: AppContext) {
  const route = routes(app, ctx, [r.label.en]);
  route.get(
    `${r.api}/listByElement`,
    { auth: 'signed-in', summary: '环节的按钮及常用意见', query: ElementQuery, data: z.array(Obj) },
    buttonsOfStep,
  );
  route.post(
    `${r.api}/copyFromLibrary`,
    { auth: { perm: permCode(r, 'add') }, summary: '从按钮库添加到环节', body: CopyBody, data: z.array(Obj) },
    copyFromLibrary(ctx),
  );
}
