import { isIdText, permCode } from '@civdesk/meta';
import { areaSort, region } from '@civdesk/resources';
import { z } from 'zod';
import { Done, Obj } from '../../core/answers.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { newId } from '../../crud/ids.ts';
import { lazyLevel } from '../region/area.routes.ts';
import { ParentParams } from '../region/region-tree.ts';

const G = sqlOf(region);
const O = sqlOf(areaSort);
const o = O.c;

const listMessage = '请提供排序列表 [{areaId, sort}]';
const Item = z
  .unknown()
  .optional()
  .transform((x) => {
    const { areaId, sort } = (x ?? {}) as Record<string, unknown>;
    if (!isIdText(String(areaId ?? ''))) throw badRequest('areaId 应为编号');
    if (!/^\d{1,5}$/.test(String(sort ?? ''))) throw badRequest('排序只能输入数字');
    return { areaId: String(areaId), sort: Number(sort) };
  });
/** `[{areaId, sort}]`, or `{list: [...]}`: at most 1000 regions. */
const SortBody = z
  .union([z.array(z.unknown()), z.object({ list: z.array(z.unknown()) })], { error: listMessage })
  .transform((v) => (Array.isArray(v) ? v : v.list))
  .refine((list) => list.length > 0 && list.length <= 1000, { error: listMessage })
  .pipe(z.array(Item));

/** Saves the tenant's own order of regions. */
async function saveOrder({ ctx, req, body: items }: Call<{ body: typeof SortBody }>) {
  const s = scopeOf(req);
  await ctx.db.tx(async (db) => {
    const [{ n }] = await db.query<{ n: number }>(
      `select count(*)::int n from ${G.table} where ${G.c.id} = any($1::bigint[]) and ${G.live()}`,
      [items.map((i) => i.areaId)],
    );
    if (n !== new Set(items.map((i) => i.areaId)).size) throw badRequest('区划不存在');
    for (const i of items) {
      await db.query(
        `insert into ${O.table} (${o.id}, ${o.tenantId}, ${o.areaId}, ${o.sort}, ${o.createUser}, ${o.createDept}, ${o.updateUser})
           values ($1, $2, $3, $4, $5, $6, $5)
         on conflict (${o.tenantId}, ${o.areaId}) do update set ${o.sort} = excluded.${o.sort}, ${o.updateUser} = excluded.${o.updateUser},
           ${o.updateTime} = now()`,
        [newId(), s.caller.tenantId, i.areaId, i.sort, s.caller.userId, s.caller.deptId],
      );
    }
  });
  return ok(true, '操作成功!');
}

/** The tenant's own order of regions: one level in that order, and saving it. */
export const areaSortHooks: ResourceHooks = {
  routes(app, r, ctx) {
    const route = routes(app, ctx, ['Areas']);
    route.post(
      `${r.api}/cusLazyList`,
      { auth: { perm: permCode(region, 'view') }, summary: '区划排序懒加载列表', params: ParentParams, data: z.array(Obj) },
      lazyLevel,
    );
    route.post(`${r.api}/cusSave`, { auth: { perm: permCode(r, 'edit') }, summary: '保存区划排序', body: SortBody, data: Done }, saveOrder);
  },
};
