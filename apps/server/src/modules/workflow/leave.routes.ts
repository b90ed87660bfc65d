import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Obj } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, notFound, ok } from '../../core/envelope.ts';
import { id } from '../../core/input.ts';
import { callerOf } from '../../core/request.ts';
import { routes } from '../../core/route.ts';
import { newId } from '../../crud/ids.ts';
import { fmt, historyFlow } from './lists.ts';
import { isUser } from './people.ts';
import { workflowOf } from './runtime.ts';

// The leave-request example business: the form starts an instance of the Leave process with the
// request as its business row; the handle and detail pages read it back with its steps.

const API = '/api/blade-desk/process/leave';
const VIEWERS = ['work_start', 'work_claim', 'work_todo', 'work_send', 'work_done', 'flow_follow'];

const time = (name: string) =>
  z
    .string({ error: `请选择${name}` })
    .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, { error: `${name}格式应为 yyyy-MM-dd HH:mm:ss` });

const startBody = z.object({
  processDefinitionId: id,
  leaveType: z.string().max(32).optional().nullable(),
  startTime: time('开始时间'),
  endTime: time('结束时间'),
  reason: z.string({ error: '请输入请假理由' }).trim().min(1, { error: '请输入请假理由' }).max(1000, { error: '请假理由最长1000个字符' }),
  taskUser: id.optional(),
});

export function registerLeaveRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, ['Workflow']);
  const rt = workflowOf(ctx);

  r.post(
    `${API}/start-process`,
    { auth: { perm: 'work_start_start' }, summary: '发起请假', body: startBody, data: Obj },
    async ({ req, body }) => {
      const c = callerOf(req);
      if (!body.taskUser) throw badRequest('请选择审批人');
      const result = await ctx.db.tx(async (q) => {
        const [times] = await q.query<{ s: string; e: string; ok: boolean; days: number }>(
          `select s::text, e::text, s <= e as ok, (e::date - s::date + 1) as days
           from (select ($1::timestamp at time zone $3) as s, ($2::timestamp at time zone $3) as e) x`,
          [body.startTime, body.endTime, ctx.tz],
        );
        if (!times.ok) throw badRequest('结束时间不能早于开始时间');
        if (!(await isUser(q, c.tenantId, body.taskUser as string))) throw badRequest('审批人不存在');
        const businessId = newId();
        await q.query(
          `insert into wf_leave (id, tenant_id, process_definition_id, leave_type, start_time, end_time, days, reason, task_user, apply_user, apply_user_name)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
          [
            businessId,
            c.tenantId,
            body.processDefinitionId,
            body.leaveType ?? null,
            times.s,
            times.e,
            times.days,
            body.reason,
            body.taskUser,
            c.userId,
            c.userName,
          ],
        );
        const processInstanceId = await rt.start(
          {
            tenantId: c.tenantId,
            definitionId: body.processDefinitionId,
            starter: c.userId,
            starterName: c.userName,
            starterDept: c.deptId === '0' ? null : c.deptId,
            businessTable: 'wf_leave',
            businessKey: businessId,
            variables: { taskUser: body.taskUser, days: times.days, leaveType: body.leaveType ?? null, reason: body.reason },
          },
          q,
        );
        await q.query('update wf_leave set process_instance_id = $2 where id = $1', [businessId, processInstanceId]);
        return { businessId, processInstanceId };
      });
      return ok(result, '发起成功');
    },
  );

  r.get(
    `${API}/detail`,
    { auth: { perm: VIEWERS }, summary: '请假详情', query: z.object({ businessId: id }), data: Obj },
    async ({ req, query }) => {
      const c = callerOf(req);
      const [row] = await ctx.db.query<{ processInstanceId: string | null }>(
        `select l.id::text as id, l.process_definition_id::text as "processDefinitionId", l.process_instance_id::text as "processInstanceId",
              ${fmt('l.start_time', ctx.tz)} as "startTime", ${fmt('l.end_time', ctx.tz)} as "endTime", l.days, l.reason, l.leave_type as "leaveType",
              l.task_user as "taskUser", l.apply_user as "applyUser", l.apply_user_name as "applyUserName", ${fmt('l.create_time', ctx.tz)} as "createTime"
         from wf_leave l where l.id = $1 and l.tenant_id = $2`,
        [query.businessId, c.tenantId],
      );
      if (!row) throw notFound('请假单不存在');
      const flow = row.processInstanceId ? await historyFlow(ctx.db, ctx.tz, c.tenantId, row.processInstanceId) : [];
      return ok({ ...row, flow });
    },
  );
}
