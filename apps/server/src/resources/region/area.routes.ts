import { isIdText, permCode } from '@civdesk/meta';
import { region, role } from '@civdesk/resources';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Done, Obj, Row } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { notFound, ok } from '../../core/envelope.ts';
import { id, loose, rowIds, text } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { submitBodySchema } from '../../crud/docs-schema.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { findOne, remove } from '../../crud/repository.ts';
import { submit } from '../../crud/submit.ts';
import { mergeForest } from '../../crud/tree.ts';
import { level, node, ParentParams, parentOf, regionCols, sortedLevel, subtree } from './region-tree.ts';

export const AREA = '/api/blade-system/area';

const R = sqlOf(region, 'r');
const RO = sqlOf(role);

/** One level, in the tenant's order (area sort) then by code, with hasChildren. */
export async function lazyLevel({ ctx, req, params }: Call<{ params: typeof ParentParams }>) {
  const parent = await parentOf(ctx, params);
  return ok((await sortedLevel(ctx, parent, scopeOf(req).caller.tenantId)).map(node));
}

const DetailQuery = z.object({ id: id.optional(), code: text.optional() });

/** One region by id, or by code. */
async function areaDetail({ ctx, req, query }: Call<{ query: typeof DetailQuery }>) {
  const by: Record<string, string> = query.id !== undefined ? { id: query.id } : { code: query.code ?? '' };
  const row = await findOne(ctx.db, region, scopeOf(req), by);
  if (!row) throw notFound();
  return ok(row);
}

async function areaTree({ ctx, query }: Call<{ query: typeof ParentParams }>) {
  return ok(mergeForest((await subtree(ctx, [await parentOf(ctx, query)], 5)).map(node)));
}

const LevelQuery = ParentParams.extend({ regionLevel: level });

async function treeToLevel({ ctx, query }: Call<{ query: typeof LevelQuery }>) {
  return ok(mergeForest((await subtree(ctx, [await parentOf(ctx, query)], query.regionLevel)).map(node)));
}

const RoleLevelQuery = z.object({ regionLevel: level });

/** The caller's role areas and what lies beneath them, to a level (role area pickers, level 4). */
async function roleAreaTree({ ctx, req, query }: Call<{ query: typeof RoleLevelQuery }>) {
  const s = scopeOf(req);
  const areas = await ctx.db.query<{ id: string }>(
    `select distinct ${RO.c.areaId}::text as id from ${RO.table} where ${RO.c.id} = any($1::bigint[]) and ${RO.live('$2')} and ${RO.c.areaId} is not null`,
    [s.caller.roleIds.filter(isIdText), s.caller.tenantId],
  );
  if (!areas.length) return ok([]);
  const ids = areas.map((a) => a.id);
  const own = await ctx.db.query(`select ${regionCols} from ${R.table} where ${R.c.id} = any($1::bigint[]) and ${R.live()}`, [ids]);
  const below = await subtree(ctx, ids, query.regionLevel);
  return ok(mergeForest([...own, ...below].map(node)));
}

const SubmitBody = loose({ id: z.unknown().optional() });
const RemoveParams = z.object({ ids: rowIds });

/**
 * The `area` dialect over the region table: the tenant's sort order, trees cut at a level, the
 * caller's role areas. No resource claims its path; the area sort's own calls are in area-sort/.
 */
export function registerAreaRoutes(app: FastifyInstance, ctx: AppContext, regionHooks: ResourceHooks) {
  const r = routes(app, ctx, ['Areas']);
  const view = { perm: permCode(region, 'view') };
  r.post(`${AREA}/cusLazyList`, { auth: view, summary: '区划懒加载列表', params: ParentParams, data: z.array(Obj) }, lazyLevel);
  r.get(`${AREA}/detail`, { auth: view, summary: '区划详情', query: DetailQuery, data: Row }, areaDetail);
  r.get(`${AREA}/tree`, { auth: view, summary: '区划树（某区划以下）', query: ParentParams, data: z.array(Obj) }, areaTree);
  r.get(`${AREA}/treeSpecLv`, { auth: view, summary: '区划树（到指定层级）', query: LevelQuery, data: z.array(Obj) }, treeToLevel);
  r.get(
    `${AREA}/areaRoleTreeSpeck`,
    { auth: 'signed-in', summary: '本角色区划树（到指定层级）', query: RoleLevelQuery, data: z.array(Obj) },
    roleAreaTree,
  );
  const form = { body: submitBodySchema(region) };
  r.post(
    `${AREA}/submit`,
    { auth: { perm: permCode(region, 'edit') }, summary: '区划新增或修改', body: SubmitBody, docs: form, data: Row },
    async ({ req, body }) => ok(await submit(ctx, region, req, regionHooks), body.id ? '更新成功' : '新增成功'),
  );
  r.post(
    `${AREA}/remove`,
    { auth: { perm: permCode(region, 'delete') }, summary: '区划删除', params: RemoveParams, data: Done },
    async ({ req, params }) => {
      await remove(ctx.db, region, scopeOf(req), params.ids);
      return ok(true, '删除成功');
    },
  );
}
