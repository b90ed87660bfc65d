import { z } from 'zod';
import { Obj, pageShape } from '../../core/answers.ts';
import { ok } from '../../core/envelope.ts';
import { id, optional } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { routes } from '../../core/route.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { applyPage, modelView, stats, stepUsers } from '../../modules/approve/apply-reads.ts';
import { loadApply, mustBeHandler } from '../../modules/approve/apply-store.ts';
import { handleTask, saveForm } from '../../modules/approve/handle.ts';
import { markSaved } from '../../modules/approve/pages.ts';
import { processNotice } from '../../modules/approve/process-notices.ts';
import { register, registerBody } from '../../modules/approve/register.ts';
import { applyPage as applyPageQuery, applyQuery, handleBody, updateBody } from '../../modules/approve/schemas.ts';
import { current, formInfo, topRight } from '../../modules/approve/views.ts';
import { currentTask, mustHold, onApply } from '../../modules/approve/work.ts';
import { workflowOf } from '../../modules/workflow/runtime.ts';
import { idCsv } from '../../modules/workflow/schemas.ts';

// /api/dw-biz-mzapprove/demoApply: launch (doRegister), the handling page's reads of one
// application, saving its form, and the task actions that are not an opinion button
// (docs/approvals.md). Lists are masked; getCurrent answers the whole to handlers, audited.

const VIEW = { perm: ['approve_launch', 'approve_todo', 'approve_done', 'approve_finish'] };
const HANDLE = { perm: 'approve_todo_handle' };

export const demoApplyHooks: ResourceHooks = {
  routes(app, r, ctx) {
    const route = routes(app, ctx, [r.label.en]);
    const rt = workflowOf(ctx);
    const read = (req: Parameters<typeof scopeOf>[0], applyId: string) => loadApply(ctx.db, scopeOf(req).caller.tenantId, applyId);

    route.get(`${r.api}/page`, { auth: VIEW, summary: '办件列表', query: applyPageQuery, data: pageShape(Obj) }, async ({ req, query }) =>
      ok(await applyPage(ctx.db, scopeOf(req), query, rt.clock())),
    );
    route.post(
      `${r.api}/doRegister`,
      { auth: { perm: 'approve_launch_register' }, summary: '事项申报（暂存或申报）', body: registerBody, data: Obj },
      async ({ req, body }) => {
        const s = scopeOf(req);
        const out = await ctx.db.tx((q) => register(rt, q, s, body));
        if (out.processInstanceId)
          void processNotice(ctx.db, { params: ctx.params, logs: app.logs }, s.caller.tenantId, out.id, 'start', rt.clock());
        return ok(out, body.submit ? '申报成功' : '暂存成功');
      },
    );
    route.get(
      `${r.api}/getCurrent`,
      { auth: VIEW, summary: '办件详情（办理人可见完整信息）', query: applyQuery, data: Obj },
      async ({ req, query }) => {
        const s = scopeOf(req);
        return ok(await ctx.db.tx(async (q) => current(q, s, await loadApply(q, s.caller.tenantId, query.applyId), rt.clock())));
      },
    );
    route.get(
      `${r.api}/getCurrentTopRight`,
      { auth: VIEW, summary: '办件状态与时限', query: applyQuery, data: Obj },
      async ({ req, query }) => ok(await topRight(ctx.db, scopeOf(req), await read(req, query.applyId), rt.clock())),
    );
    const form =
      (which: 'step' | 'handle' | 'apply') =>
      async ({ req, query }: { req: Parameters<typeof scopeOf>[0]; query: { applyId: string } }) => {
        const s = scopeOf(req);
        const apply = await read(req, query.applyId);
        await mustBeHandler(ctx.db, s.caller, apply);
        return ok(await formInfo(ctx.db, s, apply, which));
      };
    route.get(
      `${r.api}/getFormInfo`,
      { auth: VIEW, summary: '当前环节表单', query: applyQuery, data: z.looseObject({ formId: z.string().nullable() }) },
      form('step'),
    );
    route.get(
      `${r.api}/getMatWfFormInfo`,
      { auth: VIEW, summary: '当前环节办理表单', query: applyQuery, data: z.looseObject({ formId: z.string().nullable() }) },
      form('handle'),
    );
    route.get(
      `${r.api}/getMatIntFormInfo`,
      { auth: VIEW, summary: '事项申请表单', query: applyQuery, data: z.looseObject({ formId: z.string().nullable() }) },
      form('apply'),
    );
    route.post(
      `${r.api}/update`,
      { auth: HANDLE, summary: '保存当前环节表单', body: updateBody, data: z.object({ id: z.string() }) },
      async ({ req, body }) => ok(await onApply(rt, scopeOf(req), body.applyId, (w) => saveForm(w, body)), '保存成功'),
    );
    route.post(
      `${r.api}/savePage`,
      {
        auth: HANDLE,
        summary: '标记页签已保存',
        body: z.object({ applyId: id, taskId: id, pageIds: idCsv('页签') }),
        data: z.object({ id: z.string() }),
      },
      async ({ req, body }) =>
        ok(
          await onApply(rt, scopeOf(req), body.applyId, async (w) => {
            mustHold(w, await currentTask(w, body.taskId));
            await markSaved(w, body.taskId, body.pageIds);
            return { id: body.applyId };
          }),
          '保存成功',
        ),
    );
    route.post(
      `${r.api}/handleTask`,
      {
        auth: HANDLE,
        summary: '办件操作',
        body: handleBody,
        data: z.object({ id: z.string(), status: z.string(), realCurActivityName: z.string().nullable() }),
      },
      async ({ req, body }) => {
        const s = scopeOf(req);
        const out = await onApply(
          rt,
          s,
          body.applyId,
          async (w) => {
            await handleTask(w, body);
            const a = await loadApply(w.q, s.caller.tenantId, body.applyId);
            return a;
          },
          { hooks: { params: ctx.params, logs: app.logs } },
        );
        const after = await loadApply(ctx.db, s.caller.tenantId, out.id);
        return ok({ id: after.id, status: after.applyStatus, realCurActivityName: after.realCurActivityName }, '操作成功');
      },
    );
    route.get(
      `${r.api}/checkApplyActivity`,
      {
        auth: VIEW,
        summary: '页面是否仍在当前环节',
        query: z.object({ applyId: id, realCurActivityName: z.string().max(255).optional() }),
        data: z.object({ current: z.boolean(), realCurActivityName: z.string().nullable() }),
      },
      async ({ req, query }) => {
        const a = await read(req, query.applyId);
        const names = (a.realCurActivityName ?? '').split(',');
        const ids = (a.realCurActivityId ?? '').split(',');
        const given = query.realCurActivityName ?? '';
        return ok({ current: given !== '' && (names.includes(given) || ids.includes(given)), realCurActivityName: a.realCurActivityName });
      },
    );
    route.get(
      `${r.api}/getSpecActivityUser`,
      {
        auth: VIEW,
        summary: '环节办理人',
        query: z.object({ applyId: id, activityId: optional(z.string().max(255)) }),
        data: z.array(Obj),
      },
      async ({ req, query }) => ok(await stepUsers(ctx.db, scopeOf(req), await read(req, query.applyId), query.activityId)),
    );
    route.get(
      `${r.api}/getModelViewByApplyId`,
      { auth: VIEW, summary: '办件流程图', query: applyQuery, data: z.looseObject({ xml: z.string().nullable() }) },
      async ({ req, query }) => ok(await modelView(ctx.db, scopeOf(req), await read(req, query.applyId))),
    );
    route.post(
      `${r.api}/findApplyStatsInfo`,
      {
        auth: VIEW,
        summary: '办件统计',
        params: z.object({ param: z.object({ itemId: optional(id) }).optional() }),
        data: z.looseObject({ total: z.number().int() }),
      },
      async ({ req, params }) => ok(await stats(ctx.db, scopeOf(req), params.param?.itemId, rt.clock())),
    );
  },
};
