import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Obj, pageShape } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { notFound, ok } from '../../core/envelope.ts';
import { id, nothing } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { routes } from '../../core/route.ts';
import { workflowOf } from '../workflow/runtime.ts';
import { doneList, finishCount, suspendAuditCount, suspendAuditList, todoCount, todoList } from './lists.ts';
import { nonDealPages } from './pages.ts';
import { applyQuery, batchBody, postList, todoQuery } from './schemas.ts';
import { A } from './sql.ts';
import { claim, recallLast, submitButton } from './task-actions.ts';
import { WarnJob } from './warn-job.ts';
import { currentTask, onApply } from './work.ts';

// /api/dw-biz-mzapprove/demoTodo: the case worker's lists, claim, recall and batch handling.

const API = '/api/dw-biz-mzapprove/demoTodo';
const TODO = { perm: 'approve_todo' };

export function registerApproveRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, ['Approvals']);
  const rt = workflowOf(ctx);

  r.get(`${API}/getMyTodoList`, { auth: TODO, summary: '待办事项', query: todoQuery, data: pageShape(Obj) }, async ({ req, query }) => {
    const s = scopeOf(req);
    return ok(await todoList(ctx.db, s.tz, s.caller, query, rt.clock()));
  });
  r.get(
    `${API}/getMyTodoCount`,
    {
      auth: { perm: ['approve_todo', 'approve_done', 'approve_finish', 'approve_launch'] },
      summary: '待办数量',
      query: nothing,
      data: z.looseObject({ count: z.number().int(), warning: z.number().int(), overdue: z.number().int() }),
    },
    async ({ req }) => ok(await todoCount(ctx.db, scopeOf(req).caller, rt.clock())),
  );
  r.post(
    `${API}/getMyTodoDoneList`,
    { auth: { perm: 'approve_done' }, summary: '已办事项', params: postList, data: pageShape(Obj) },
    async ({ req, params }) => {
      const s = scopeOf(req);
      return ok(await doneList(ctx.db, s.tz, s.caller, { ...params, ...params.param }, rt.clock(), false));
    },
  );
  r.post(
    `${API}/getMyTodoFinishList`,
    { auth: { perm: 'approve_finish' }, summary: '办结事项', params: postList, data: pageShape(Obj) },
    async ({ req, params }) => {
      const s = scopeOf(req);
      return ok(await doneList(ctx.db, s.tz, s.caller, { ...params, ...params.param }, rt.clock(), true));
    },
  );
  r.post(
    `${API}/getMyTodoFinishCount`,
    { auth: { perm: 'approve_finish' }, summary: '办结数量', params: postList, data: z.object({ count: z.number().int() }) },
    async ({ req }) => ok(await finishCount(ctx.db, scopeOf(req).caller)),
  );
  r.get(
    `${API}/getMySuspendAuditList`,
    { auth: TODO, summary: '挂起待审核', query: todoQuery.omit({ warnState: true }), data: pageShape(Obj) },
    async ({ req, query }) => {
      const s = scopeOf(req);
      return ok(await suspendAuditList(ctx.db, s.tz, s.caller, query, rt.clock()));
    },
  );
  r.get(
    `${API}/getMySuspendAuditCount`,
    { auth: TODO, summary: '挂起待审核数量', query: nothing, data: z.object({ count: z.number().int() }) },
    async ({ req }) => ok(await suspendAuditCount(ctx.db, scopeOf(req).caller, rt.clock())),
  );
  r.get(
    `${API}/getAllNonDealPages`,
    { auth: TODO, summary: '本环节尚未保存的必填页签', query: z.object({ applyId: id, taskId: id }), data: z.array(Obj) },
    async ({ req, query }) => {
      const s = scopeOf(req);
      return ok(
        await onApply(rt, s, query.applyId, async (w) => nonDealPages(w.q, s.caller.tenantId, (await currentTask(w, query.taskId)).id)),
      );
    },
  );
  r.get(
    `${API}/doClaim`,
    { auth: { perm: 'approve_todo_claim' }, summary: '签收', query: z.object({ taskId: id }), data: z.object({ taskId: z.string() }) },
    async ({ req, query }) => {
      const s = scopeOf(req);
      const [t] = await ctx.db.query<{ applyId: string }>(
        `select ${A.c.id}::text as "applyId" from wf_task t join ${A.table} on ${A.c.processInstanceId} = t.instance_id::text and ${A.live('t.tenant_id')}
        where t.id = $1::bigint and t.tenant_id = $2`,
        [query.taskId, s.caller.tenantId],
      );
      if (!t) throw notFound('任务不存在');
      await onApply(rt, s, t.applyId, (w) => claim(w, query.taskId));
      return ok({ taskId: query.taskId }, '签收成功');
    },
  );
  r.get(
    `${API}/doRecall`,
    { auth: { perm: 'approve_todo_recall' }, summary: '撤回', query: applyQuery, data: z.object({ taskId: z.string().nullable() }) },
    async ({ req, query }) => ok(await onApply(rt, scopeOf(req), query.applyId, recallLast), '撤回成功'),
  );
  r.post(
    `${API}/batchHandle`,
    { auth: { perm: 'approve_todo_batch' }, summary: '批量办理', body: batchBody, data: z.object({ count: z.number().int() }) },
    async ({ req, body }) => {
      const s = scopeOf(req);
      // All or nothing: one transaction for the batch, each application locked in turn.
      const after: (() => void)[] = [];
      const hooks = { params: ctx.params, logs: app.logs };
      await ctx.db.tx(async (q) => {
        const inTx = Object.create(rt, { db: { value: { tx: (fn: (x: typeof q) => unknown) => fn(q) } } });
        for (const it of body.items)
          await onApply(
            inTx,
            s,
            it.applyId,
            (w) => submitButton(w, { ...it, buttonId: body.buttonId, content: body.content, batch: true }),
            {
              hooks,
              after,
            },
          );
      });
      for (const f of after) f();
      return ok({ count: body.items.length }, '批量办理成功');
    },
  );

  const job = new WarnJob(rt, (msg, err) => app.log.error({ err }, msg), ctx.tz);
  job.start(ctx.config.workflowPollMs > 0 ? 60_000 : 0);
  app.addHook('onClose', () => job.stop());
}
