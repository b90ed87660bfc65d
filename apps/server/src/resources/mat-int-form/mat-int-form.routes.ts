import { permCode, type Resource } from '@civdesk/meta';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Done, Obj } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { ok } from '../../core/envelope.ts';
import { id, optional } from '../../core/input.ts';
import { langOf, scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { validateFormData } from '../../modules/forms/validate.ts';
import { listVersions, publishForm, readVersion, unpublishForm } from '../../modules/forms/versions.ts';

const FormId = z.object({ id });
const VersionQuery = z.object({
  formId: id,
  version: optional(
    z.union([z.string().regex(/^\d{1,9}$/), z.number().int().positive()], { error: 'version 应为版本号' }).transform(Number),
  ),
});
const ValidateBody = z.object({
  formId: id,
  version: optional(z.number().int().positive({ error: 'version 应为版本号' })),
  data: z.record(z.string(), z.unknown(), { error: 'data 应为JSON对象' }),
});

async function doPublish({ ctx, req, params }: Call<{ params: typeof FormId }>) {
  const v = await ctx.db.tx((db) => publishForm(db, scopeOf(req), params.id));
  return ok({ formId: v.formId, version: v.version, publishTime: v.publishTime }, `已发布第${v.version}版`);
}

async function doCanclePublish({ ctx, req, params }: Call<{ params: typeof FormId }>) {
  await ctx.db.tx((db) => unpublishForm(db, scopeOf(req), params.id));
  return ok(true, '已取消发布');
}

/** A published version's schema: `version`, or the newest of a form published now. */
async function versionDetail({ ctx, req, query }: Call<{ query: typeof VersionQuery }>) {
  return ok(await readVersion(ctx.db, scopeOf(req), query.formId, query.version ?? 'latest'));
}

async function versionList({ ctx, req, query }: Call<{ query: typeof FormId }>) {
  return ok(await listVersions(ctx.db, scopeOf(req), query.id));
}

/** Checks data for a published form: the cleaned data, or a 400 naming the first wrong field. */
async function validateData({ ctx, req, body }: Call<{ body: typeof ValidateBody }>) {
  return ok(await validateFormData(ctx.db, scopeOf(req), body.formId, body.version ?? 'latest', body.data, langOf(req)));
}

export function registerFormRoutes(app: FastifyInstance, r: Resource, ctx: AppContext) {
  const api = routes(app, ctx, [r.label.en]);
  api.post(
    `${r.api}/doPublish`,
    {
      auth: { perm: permCode(r, 'publish') },
      summary: '发布表单(生成新版本)',
      params: FormId,
      data: z.looseObject({ formId: z.string(), version: z.number().int() }),
    },
    doPublish,
  );
  api.get(
    `${r.api}/doCanclePublish`,
    { auth: { perm: permCode(r, 'unpublish') }, summary: '取消发布', params: FormId, data: Done },
    doCanclePublish,
  );
  // Published versions are read by every screen that shows or takes a form's data (applications,
  // approvals), not only by form administrators.
  api.get(`${r.api}/versionDetail`, { auth: 'signed-in', summary: '已发布版本的表单结构', query: VersionQuery, data: Obj }, versionDetail);
  api.get(
    `${r.api}/versions`,
    { auth: { perm: permCode(r, 'view') }, summary: '已发布版本列表', query: FormId, data: z.array(Obj) },
    versionList,
  );
  api.post(
    `${r.api}/validateData`,
    { auth: 'signed-in', summary: '按已发布版本校验表单数据', body: ValidateBody, data: Obj },
    validateData,
  );
}
