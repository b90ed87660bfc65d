import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Done, Obj, pageShape } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { ok } from '../../core/envelope.ts';
import { id, nothing } from '../../core/input.ts';
import { callerOf } from '../../core/request.ts';
import { routes } from '../../core/route.ts';
import { registerCopyRoutes } from './copies.ts';
import { flowProcessColumns } from './definitions.ts';
import { Params, pageOf, type WorkList, workCounts, workList } from './lists.ts';
import { registerNoticeRoutes } from './notice.routes.ts';
import { workflowOf } from './runtime.ts';
import { listFilter as filter, idCsv, paging, searchText, taskId } from './schemas.ts';
import { TaskCommands } from './tasks.ts';

// 我的事务: what I may start, the four work lists with their counts, and the commands on a task.

const API = '/api/blade-flow/work';
const comment = z
  .string()
  .max(2000, { error: '意见最长2000个字符' })
  .optional()
  .nullable()
  .transform((v) => v ?? undefined);

export function registerWorkRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, ['Workflow']);
  const tasks = new TaskCommands(workflowOf(ctx));
  registerCopyRoutes(app, ctx);
  registerNoticeRoutes(app, ctx);

  r.get(
    `${API}/start-list`,
    {
      auth: { perm: 'work_start' },
      summary: '可发起的流程',
      query: z.object({ ...paging, category: searchText, name: searchText }),
      data: pageShape(Obj),
    },
    ({ req, query }) => {
      const s = new Params();
      const z1 = ctx.tz;
      // The newest active version of each key.
      let from = `from wf_definition d where d.tenant_id = ${s.p(callerOf(req).tenantId)} and d.suspension_state = 1
        and d.version = (select max(v.version) from wf_definition v where v.tenant_id = d.tenant_id and v.process_key = d.process_key)`;
      if (query.category) from += ` and d.category = ${s.p(query.category)}`;
      if (query.name) from += ` and d.name ilike ${s.p(`%${query.name}%`)}`;
      return pageOf(ctx.db, s, from, flowProcessColumns(z1), 'd.deploy_time desc, d.id desc', query).then(ok);
    },
  );

  const lists: [WorkList, string, string][] = [
    ['claim', 'work_claim', '待签事务'],
    ['todo', 'work_todo', '待办事务'],
    ['send', 'work_send', '已发事务'],
    ['done', 'work_done', '已办事务'],
  ];
  for (const [list, perm, summary] of lists) {
    r.get(`${API}/${list}-list`, { auth: { perm }, summary, query: filter, data: pageShape(Obj) }, ({ req, query }) =>
      workList(ctx.db, ctx.tz, callerOf(req), list, query).then(ok),
    );
  }

  r.get(`${API}/counts`, { auth: 'signed-in', summary: '事务数量', query: nothing, data: Obj }, async ({ req }) =>
    ok(await workCounts(ctx.db, callerOf(req))),
  );

  r.post(
    `${API}/claim-task`,
    { auth: { perm: 'work_claim_claim' }, summary: '签收', params: taskId, data: Done },
    async ({ req, params }) => {
      await tasks.claim(callerOf(req), params.taskId);
      return ok(true, '签收成功');
    },
  );

  r.post(
    `${API}/unclaim-task`,
    { auth: { perm: 'work_todo_handle' }, summary: '取消签收', params: taskId, data: Done },
    async ({ req, params }) => {
      await tasks.unclaim(callerOf(req), params.taskId);
      return ok(true);
    },
  );

  r.post(
    `${API}/complete-task`,
    {
      auth: { perm: 'work_todo_handle' },
      summary: '办理',
      body: z.object({
        taskId: id,
        processInstanceId: id.optional(),
        flag: z.enum(['ok', 'reject'], { error: 'flag 应为 ok 或 reject' }).optional(),
        comment,
        variables: z.record(z.string(), z.unknown()).optional(),
      }),
      data: Done,
    },
    async ({ req, body }) => {
      await tasks.complete(callerOf(req), body);
      return ok(true, '办理成功');
    },
  );

  r.get(
    `${API}/return-targets`,
    { auth: { perm: 'work_todo_handle' }, summary: '可退回的步骤', query: taskId, data: z.array(Obj) },
    async ({ req, query }) => ok(await tasks.returnTargets(callerOf(req), query.taskId)),
  );

  r.post(
    `${API}/return-task`,
    {
      auth: { perm: 'work_todo_handle' },
      summary: '退回',
      body: z.object({
        taskId: id,
        targetNodeId: z.string({ error: '请选择退回的步骤' }).min(1, { error: '请选择退回的步骤' }).max(255),
        comment,
      }),
      data: Done,
    },
    async ({ req, body }) => {
      await tasks.returnTask(callerOf(req), body);
      return ok(true, '退回成功');
    },
  );

  r.post(
    `${API}/recall-task`,
    { auth: { perm: 'work_done_recall' }, summary: '撤回', params: z.object({ taskId: id, processInstanceId: id.optional() }), data: Done },
    async ({ req, params }) => {
      await tasks.recall(callerOf(req), params);
      return ok(true, '撤回成功');
    },
  );

  for (const mode of ['delegate', 'transfer'] as const) {
    r.post(
      `${API}/${mode}-task`,
      {
        auth: { perm: 'work_todo_delegate' },
        summary: mode === 'delegate' ? '委派' : '转办',
        params: z.object({ taskId: id, userId: id }),
        data: Done,
      },
      async ({ req, params }) => {
        await tasks.handOver(callerOf(req), { ...params, mode });
        return ok(true);
      },
    );
  }

  r.post(
    `${API}/cc`,
    { auth: { perm: 'work_todo_cc' }, summary: '抄送', params: z.object({ taskId: id, userIds: idCsv('抄送人') }), data: Done },
    async ({ req, params }) => {
      await tasks.cc(callerOf(req), params);
      return ok(true, '抄送成功');
    },
  );

  r.post(
    `${API}/add-sign`,
    {
      auth: { perm: 'work_todo_sign' },
      summary: '加签',
      body: z.object({
        taskId: id,
        position: z.enum(['before', 'after'], { error: 'position 应为 before 或 after' }),
        userIds: idCsv('加签人'),
      }),
      data: Done,
    },
    async ({ req, body }) => {
      await tasks.addSign(callerOf(req), body);
      return ok(true, '加签成功');
    },
  );
}
