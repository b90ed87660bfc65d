import { permCode } from '@civdesk/meta';
import { bmsQueryList, bmsQueryTabDetail, queryRunScreen } from '@civdesk/resources';
import { z } from 'zod';
import { Obj, Rows } from '../../core/answers.ts';
import { badRequest, notFound, ok } from '../../core/envelope.ts';
import { id } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { findOne, insert } from '../../crud/repository.ts';
import { queryDetail } from '../../modules/query/query-service.ts';

const T = sqlOf(bmsQueryTabDetail);
const One = z.object({ id });

const flag = z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: '是否显示应为0或1' }).transform(Number);
const Column = z.object({
  fieldName: z.string({ error: '请输入列名' }).trim().min(1, '请输入列名').max(64, '列名长度不能超过64个字符'),
  fieldLabel: z.string({ error: '请输入列标题' }).trim().min(1, '请输入列标题').max(50, '列标题长度不能超过50个字符'),
  width: z
    .union([z.number(), z.string().regex(/^\d{1,4}$/, '列宽应为数字')])
    .optional()
    .nullable()
    .transform((v) => (v === null || v === undefined || v === '' ? null : Number(v)))
    .refine((v) => v === null || v <= 2000, '列宽不能超过2000'),
  isShow: flag.optional().default(1),
  orderNum: z
    .union([z.number().int().min(0).max(999), z.string().regex(/^\d{1,3}$/, '排序只能输入数字')])
    .optional()
    .nullable()
    .transform((v) => (v === null || v === undefined || v === '' ? null : Number(v))),
});
const SaveBody = z.object({
  queryId: id,
  list: z.array(Column, { error: '请提供列表 list' }).max(200, '最多200列'),
});

/** The query (of the caller's tenant) with its conditions and result columns. */
async function getCusDetailById({ ctx, req, query }: Call<{ query: typeof One }>) {
  return ok(await queryDetail(ctx.db, scopeOf(req), query.id));
}

/** Replaces a query's result columns with the list given, all or nothing. */
async function cusSave({ ctx, req, body }: Call<{ body: typeof SaveBody }>) {
  const s = scopeOf(req);
  const names = body.list.map((c) => c.fieldName);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw badRequest(`列名重复: ${twice}`);
  const saved = await ctx.db.tx(async (db) => {
    if (!(await findOne(db, bmsQueryList, s, { id: body.queryId }))) throw notFound('查询不存在或已被删除');
    await db.query(`delete from ${T.table} where ${T.c.queryId} = $1 and ${T.tenant('$2')}`, [body.queryId, s.caller.tenantId]);
    const out = [];
    for (const [i, c] of body.list.entries()) {
      out.push(await insert(db, bmsQueryTabDetail, s, { ...c, queryId: body.queryId, orderNum: c.orderNum ?? i + 1 }));
    }
    return out;
  });
  return ok(saved, '保存成功');
}

/** Result columns of a custom query: the query's whole configuration at once, and its columns saved as one list. */
export const bmsQueryTabDetailHooks: ResourceHooks = {
  routes(app, r, ctx) {
    const route = routes(app, ctx, [r.label.en]);
    route.get(
      `${r.api}/getCusDetailById`,
      {
        auth: { perm: [permCode(r, 'view'), queryRunScreen.name, permCode(bmsQueryList, 'run')] },
        summary: '查询配置详情(条件与结果列)',
        query: One,
        data: Obj,
      },
      getCusDetailById,
    );
    route.post(
      `${r.api}/cusSave`,
      { auth: { perm: permCode(r, 'edit') }, summary: '保存查询的结果列', body: SaveBody, data: Rows },
      cusSave,
    );
  },
};
