import { fieldErrors, permCode, type Resource, toSubmitSchema } from '@civdesk/meta';
import { matWfElement, matWfVersion } from '@civdesk/resources';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Done, Obj, Row } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import { id, loose } from '../../core/input.ts';
import { langOf, scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { submitBodySchema } from '../../crud/docs-schema.ts';
import { submit } from '../../crud/submit.ts';
import { changeProcess } from './change-process.ts';
import { matWfVersionHooks } from './mat-wf-version.hooks.ts';
import { enabledVersion, graphOfVersion, instanceCount, nextVersionCode, removeVersion, versionFor } from './version.service.ts';
import { copyVersion } from './version-copy.ts';

const E = sqlOf(matWfElement);
const VersionQuery = z.object({ versionId: id });
const ItemQuery = z.object({ itemId: id });
const ChangeBody = loose({ versionId: id, targetVersionId: id });
const SaveBody = loose({ id: z.unknown().optional() });

/** Today's date (yyyy-MM-dd) in the product's time zone. */
const today = (tz: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** Saves a version; one that instances use is copied to the next version instead (answered with the copy). */
async function cusSave({ ctx, req }: Call) {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const s = scopeOf(req);
  if (
    body &&
    typeof body === 'object' &&
    body.id !== undefined &&
    body.id !== null &&
    body.id !== '' &&
    /^\d{1,19}$/.test(String(body.id))
  ) {
    const copied = await ctx.db.tx(async (q) => {
      const original = await versionFor(q, s, String(body.id));
      if ((await instanceCount(q, s.caller.tenantId, original)) === 0) return null;
      const parsed = toSubmitSchema(matWfVersion, 'update', langOf(req)).safeParse({ ...body });
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        throw badRequest(errors[0].message, { errors });
      }
      const { id: _, ...values } = parsed.data as Record<string, unknown>;
      return copyVersion(q, s, original, values);
    });
    if (copied) return ok(copied, '该版本已有办件使用，已保存为新版本');
  }
  return ok(await submit(ctx, matWfVersion, req, matWfVersionHooks));
}

async function deleteVersion({ ctx, req, params }: Call<{ params: typeof VersionQuery }>) {
  const s = scopeOf(req);
  await ctx.db.tx(async (q) => {
    const v = await versionFor(q, s, params.versionId);
    if ((await instanceCount(q, s.caller.tenantId, v)) > 0) throw badRequest('该版本已有办件使用，不能删除');
    await removeVersion(q, s.caller.tenantId, params.versionId);
  });
  return ok(true);
}

async function getNextVersion({ ctx, req, query }: Call<{ query: typeof ItemQuery }>) {
  return ok(await nextVersionCode(ctx.db, scopeOf(req).caller.tenantId, query.itemId));
}

async function getCurEnableVersion({ ctx, req, query }: Call<{ query: typeof ItemQuery }>) {
  return ok(await enabledVersion(ctx.db, scopeOf(req), query.itemId, today(ctx.tz)));
}

/** The version's deployed definition with its XML (the step editor draws it). */
async function getProcdefByVersionId({ ctx, req, query }: Call<{ query: typeof VersionQuery }>) {
  const v = await versionFor(ctx.db, scopeOf(req), query.versionId);
  const [d] = await ctx.db.query(
    `select id::text, process_key as key, name, version, suspension_state as "suspensionState", xml
       from wf_definition where id::text = $1 and tenant_id = $2`,
    [String(v.flowDefId), scopeOf(req).caller.tenantId],
  );
  return ok(d ?? null);
}

/** The forms each configured step of the version shows, in step order, with the step's name. */
async function getCusFormByVersionId({ ctx, req, query }: Call<{ query: typeof VersionQuery }>) {
  const s = scopeOf(req);
  const v = await versionFor(ctx.db, s, query.versionId);
  const graph = await graphOfVersion(ctx.db, v);
  const steps = await ctx.db.query<Record<string, string>>(
    `select ${E.c.id}::text as id, ${E.c.userTaskId} as "userTaskId", ${E.c.basicForm} as "basicForm",
            ${E.c.manageFormWeixin} as "manageFormWeixin", ${E.c.publicFormPc} as "publicFormPc",
            ${E.c.defaultFormWeixin} as "defaultFormWeixin", ${E.c.batchFrom} as "batchFrom",
            ${E.c.handleFromSetting} as "handleFromSetting", ${E.c.handleFromSettingWeixin} as "handleFromSettingWeixin"
       from ${E.table} where ${E.c.versionId} = $1 and ${E.live('$2')} order by ${E.c.orderNumber} nulls last, ${E.c.id}`,
    [query.versionId, s.caller.tenantId],
  );
  return ok(steps.map((st) => ({ ...st, userTaskName: graph.nodes.get(st.userTaskId)?.name ?? st.userTaskId })));
}

async function doChangeProcess({ ctx, req, body }: Call<{ body: typeof ChangeBody }>) {
  return ok(await changeProcess(ctx, scopeOf(req), body.versionId, body.targetVersionId), '流程切换成功');
}

export function registerVersionRoutes(app: FastifyInstance, r: Resource, ctx: AppContext) {
  const route = routes(app, ctx, [r.label.en]);
  const view = { perm: permCode(r, 'view') };
  // 事项申报 reads which version is enabled and its application form: whoever launches matters
  // (the window clerk) holds that screen, not the configuration screen of versions.
  const launchRead = { perm: [permCode(r, 'view'), 'approve_launch'] };
  route.post(
    `${r.api}/cusSave`,
    {
      auth: { perm: [permCode(r, 'add'), permCode(r, 'edit')] },
      summary: '保存流程版本（已使用的版本另存为新版本）',
      body: SaveBody,
      docs: { body: submitBodySchema(r) },
      data: Row,
    },
    cusSave,
  );
  route.post(
    `${r.api}/deleteVersion`,
    { auth: { perm: permCode(r, 'delete') }, summary: '删除流程版本及其环节配置', params: VersionQuery, data: Done },
    deleteVersion,
  );
  route.get(`${r.api}/getNextVersion`, { auth: view, summary: '事项的下一个版本号', query: ItemQuery, data: z.string() }, getNextVersion);
  route.get(
    `${r.api}/getCurEnableVersion`,
    { auth: launchRead, summary: '事项当前启用的版本', query: ItemQuery, data: Obj.nullable() },
    getCurEnableVersion,
  );
  route.get(
    `${r.api}/getProcdefByVersionId`,
    { auth: view, summary: '版本的流程定义', query: VersionQuery, data: Obj.nullable() },
    getProcdefByVersionId,
  );
  route.get(
    `${r.api}/getCusFormByVersionId`,
    { auth: launchRead, summary: '版本各环节的表单', query: VersionQuery, data: z.array(Obj) },
    getCusFormByVersionId,
  );
  route.post(
    `${r.api}/doChangeProcess`,
    { auth: { perm: permCode(r, 'change') }, summary: '将运行中的办件切换到另一版本', body: ChangeBody, data: z.unknown() },
    doChangeProcess,
  );
}
