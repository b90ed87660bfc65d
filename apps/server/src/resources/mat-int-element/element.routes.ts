import { permCode, type Resource } from '@civdesk/meta';
import { matIntCatalogueType } from '@civdesk/resources';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Done, Page, Row } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, notFound, ok } from '../../core/envelope.ts';
import { id, idList, loose } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { cusPageSchema, submitBodySchema } from '../../crud/docs-schema.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { listQuery } from '../../crud/list-query.ts';
import { findOne, page, update } from '../../crud/repository.ts';
import { submit } from '../../crud/submit.ts';
import { withFormInfo } from './form-info.ts';

const SaveBody = loose({ id: z.unknown().optional() });
const IdQuery = z.object({ id });
const StatusParams = z.object({
  ids: idList({ required: true, max: 1000, message: '请选择事项' }),
  itemStatus: z
    .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: () => '事项状态只能为0(停用)或1(启用)' })
    .transform(Number),
});
// `id=` is accepted for one matter as well as `ids=` for several.
const StatusInput = z.preprocess((v) => {
  const o = (v ?? {}) as Record<string, unknown>;
  return o.ids === undefined && o.id !== undefined ? { ...o, ids: o.id } : o;
}, StatusParams);
const CataloguePage = loose({ catalogueId: id });

/** The matter modules' own calls beside the engine's (cusPage is the engine's). */
export function registerElementRoutes(app: FastifyInstance, r: Resource, ctx: AppContext, hooks: ResourceHooks) {
  const route = routes(app, ctx, [r.label.en]);
  const perms = { create: permCode(r, 'add'), update: permCode(r, 'edit') };
  const form = { body: submitBodySchema(r) };

  route.post(
    `${r.api}/cusSave`,
    { auth: { perm: perms.create }, summary: '事项 新增', body: SaveBody, docs: form, data: Row },
    async ({ req, body }) => {
      if (body.id !== undefined && body.id !== null && body.id !== '') throw badRequest('新增事项不能指定id，修改请使用cusUpdate');
      return ok(await submit(ctx, r, req, hooks, perms), '新增成功');
    },
  );

  route.post(
    `${r.api}/cusUpdate`,
    { auth: { perm: perms.update }, summary: '事项 修改', body: SaveBody, docs: form, data: Row },
    async ({ req, body }) => {
      if (body.id === undefined || body.id === null || body.id === '') throw badRequest('缺少必要的请求参数：id');
      return ok(await submit(ctx, r, req, hooks, perms), '更新成功');
    },
  );

  route.get(
    `${r.api}/getWithFormInfo`,
    { auth: { perm: permCode(r, 'view') }, summary: '事项 详情及表单绑定', query: IdQuery, data: Row },
    async ({ req, query }: Call<{ query: typeof IdQuery }>) => {
      const s = scopeOf(req);
      const item = await findOne(ctx.db, r, s, { id: query.id });
      if (!item) throw notFound('事项不存在或已被删除');
      return ok(await withFormInfo(ctx.db, item, s.caller.tenantId));
    },
  );

  route.post(
    `${r.api}/updateItemStatus`,
    { auth: { perm: permCode(r, 'status') }, summary: '事项 启用或停用', params: StatusInput, data: Done },
    async ({ req, params }: Call<{ params: typeof StatusInput }>) => {
      const s = scopeOf(req);
      await ctx.db.tx(async (db) => {
        for (const itemId of params.ids) {
          if (!(await findOne(db, r, s, { id: itemId }))) throw notFound('事项不存在或已被删除');
          await update(db, r, s, itemId, { itemStatus: params.itemStatus });
        }
      });
      return ok(true, params.itemStatus === 1 ? '启用成功' : '停用成功');
    },
  );

  // The launch screen: enabled matters of one catalogue, for anyone who starts applications.
  route.post(
    `${r.api}/getMyMatterPageByCatalogueId`,
    { auth: 'signed-in', summary: '事项 某目录下已启用的事项(分页)', params: CataloguePage, docs: { body: cusPageSchema(r) }, data: Page },
    async ({ req, params }: Call<{ params: typeof CataloguePage }>) => {
      const s = scopeOf(req);
      if (!(await findOne(ctx.db, matIntCatalogueType, s, { id: params.catalogueId }))) throw notFound('事项目录不存在或已被删除');
      const { catalogueId, param, ...rest } = params;
      const extra = param && typeof param === 'object' && !Array.isArray(param) ? (param as Record<string, unknown>) : {};
      const q = listQuery(r, { ...rest, ...extra, catalogueType: catalogueId, itemStatus: '1' });
      return ok(await page(ctx.db, r, s, q));
    },
  );
}
