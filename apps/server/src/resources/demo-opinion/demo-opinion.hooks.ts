import { demoOpinion } from '@civdesk/resources';
import { z } from 'zod';
import { Obj } from '../../core/answers.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import { id, optional } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { loadApply, mustBeHandler } from '../../modules/approve/apply-store.ts';
import { stepButtons, stepElement } from '../../modules/approve/buttons.ts';
import { applyQuery, submitBody } from '../../modules/approve/schemas.ts';
import { nextUsersOf, submitButton } from '../../modules/approve/task-actions.ts';
import { onApply } from '../../modules/approve/work.ts';
import { workflowOf } from '../../modules/workflow/runtime.ts';
import { fmt } from '../../modules/workflow/sql.ts';

// /api/dw-biz-mzapprove/demoOpinion: the current step's buttons with their stock opinions, submit
// (the opinion and what its button does), the opinions of an application and who may take the
// next step.

const VIEW = { perm: ['approve_launch', 'approve_todo', 'approve_done', 'approve_finish'] };
const O = sqlOf(demoOpinion, 'o');

export const demoOpinionHooks: ResourceHooks = {
  routes(app, r, ctx) {
    const route = routes(app, ctx, [r.label.en]);
    const rt = workflowOf(ctx);
    const opinions = async (tenantId: string, applyId: string, extra = '', args: unknown[] = []) =>
      ctx.db.query<Record<string, unknown>>(
        `select ${O.c.id}::text as id, ${O.c.taskId} as "taskId", ${O.c.activityId} as "activityId", ${O.c.activityName} as "activityName",
                ${O.c.buttonId} as "buttonId", ${O.c.buttonName} as "buttonName", ${O.c.action} as action, ${O.c.content} as content,
                ${O.c.createUser}::text as "userId", ${O.c.userName} as "userName", ${O.c.deptName} as "deptName",
                ${fmt(O.c.createTime, ctx.tz)} as "createTime"
           from ${O.table} where ${O.live('$1')} and ${O.c.applyId} = $2 ${extra} order by ${O.c.createTime}, ${O.c.id}`,
        [tenantId, applyId, ...args],
      );
    const handlerApply = async (req: Parameters<typeof scopeOf>[0], applyId: string) => {
      const s = scopeOf(req);
      const a = await loadApply(ctx.db, s.caller.tenantId, applyId);
      await mustBeHandler(ctx.db, s.caller, a);
      return { s, a };
    };

    route.get(
      `${r.api}/getCurBtns`,
      { auth: VIEW, summary: '当前环节按钮', query: z.object({ applyId: id, taskId: optional(id) }), data: z.array(Obj) },
      async ({ req, query }) => {
        const { s, a } = await handlerApply(req, query.applyId);
        const [t] = a.processInstanceId
          ? await ctx.db.query<{ nodeId: string }>(
              `select node_id as "nodeId" from wf_task where instance_id = $1::bigint and status = 'open' and ($2::text is null or id::text = $2)
                order by created_at, id limit 1`,
              [a.processInstanceId, query.taskId ?? null],
            )
          : [];
        const el = t ? await stepElement(ctx.db, s.caller.tenantId, a.mathfVersionId, t.nodeId) : null;
        return ok(el ? await stepButtons(ctx.db, s.caller.tenantId, el.id) : []);
      },
    );
    route.post(
      `${r.api}/submit`,
      {
        auth: { perm: 'approve_todo_handle' },
        summary: '提交意见并办理',
        body: submitBody,
        data: z.object({ id: z.string(), status: z.string(), realCurActivityName: z.string().nullable() }),
      },
      async ({ req, body }) => {
        const s = scopeOf(req);
        await onApply(rt, s, body.applyId, (w) => submitButton(w, body), { hooks: { params: ctx.params, logs: app.logs } });
        const a = await loadApply(ctx.db, s.caller.tenantId, body.applyId);
        return ok({ id: a.id, status: a.applyStatus, realCurActivityName: a.realCurActivityName }, '办理成功');
      },
    );
    route.get(
      `${r.api}/getOpinionByApplyId`,
      { auth: VIEW, summary: '办件意见', query: applyQuery, data: z.array(Obj) },
      async ({ req, query }) => {
        const { s } = await handlerApply(req, query.applyId);
        return ok(await opinions(s.caller.tenantId, query.applyId, `and ${O.c.isDraft} = 0`));
      },
    );
    route.get(
      `${r.api}/getCurOpinionByApplyId`,
      { auth: VIEW, summary: '当前环节暂存意见', query: z.object({ applyId: id, taskId: optional(id) }), data: Obj.nullable() },
      async ({ req, query }) => {
        const { s, a } = await handlerApply(req, query.applyId);
        const rows = await opinions(
          s.caller.tenantId,
          query.applyId,
          `and ${O.c.isDraft} = 1 and ${O.c.createUser}::text = $3 and ${O.c.taskId} = $4`,
          [s.caller.userId, query.taskId ?? a.curTaskId ?? ''],
        );
        return ok(rows.at(-1) ?? null);
      },
    );
    route.get(
      `${r.api}/getOpinionHisByApplyId`,
      { auth: VIEW, summary: '按环节分组的意见', query: applyQuery, data: z.array(z.looseObject({ opinions: z.array(Obj) })) },
      async ({ req, query }) => {
        const { s } = await handlerApply(req, query.applyId);
        const groups: { activityId: unknown; activityName: unknown; opinions: Record<string, unknown>[] }[] = [];
        for (const o of await opinions(s.caller.tenantId, query.applyId, `and ${O.c.isDraft} = 0`)) {
          const last = groups.at(-1);
          if (last && last.activityId === o.activityId) last.opinions.push(o);
          else groups.push({ activityId: o.activityId, activityName: o.activityName, opinions: [o] });
        }
        return ok(groups);
      },
    );
    route.get(
      `${r.api}/getCountByApplyId`,
      { auth: VIEW, summary: '意见数量', query: applyQuery, data: z.object({ count: z.number().int() }) },
      async ({ req, query }) => {
        const { s } = await handlerApply(req, query.applyId);
        return ok({ count: (await opinions(s.caller.tenantId, query.applyId, `and ${O.c.isDraft} = 0`)).length });
      },
    );
    route.get(
      `${r.api}/getNextActUsers`,
      {
        auth: VIEW,
        summary: '下一环节可选办理人',
        query: z.object({ applyId: id, buttonId: optional(z.string().max(50)), taskId: optional(id) }),
        data: z.looseObject({ end: z.boolean(), users: z.array(Obj) }),
      },
      async ({ req, query }) => {
        const { s, a } = await handlerApply(req, query.applyId);
        if (!a.processInstanceId || !a.realCurActivityId) throw badRequest('办件没有进行中的环节');
        const node = a.realCurActivityId.split(',')[0];
        return ok(await nextUsersOf({ rt, q: ctx.db, s, apply: a }, node));
      },
    );
  },
};
