import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Obj, pageShape } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { ok } from '../../core/envelope.ts';
import { callerOf } from '../../core/request.ts';
import { routes } from '../../core/route.ts';
import { markOwnRead, readFilter } from './copies.ts';
import { candidateOf, fmt, Params, pageOf } from './lists.ts';
import { idCsv, paging } from './schemas.ts';

// The caller's workflow notices (待办/待签 of each new task) for the shell's bell: a page, newest
// first, with the read state kept on the server; work/counts carries the unread ones as `notice`.

const API = '/api/blade-flow/work';

const noticeSelect = (tz: string) => `n.id::text as id, n.title, ${fmt('n.create_time', tz)} as "createTime",
  ${fmt('n.read_time', tz)} as "readTime", (n.read_time is not null) as "isRead", n.task_id::text as "taskId",
  t.status as "taskStatus", t.form_key as "formKey", t.name as "taskName", i.id::text as "processInstanceId",
  i.business_table as "businessTable", i.business_key as "businessId", (i.status <> 'active') as "processIsFinished",
  d.name as "processDefinitionName"`;

type Notice = { taskId: string | null; taskStatus: string | null; category?: string | null };

export function registerNoticeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, ['Workflow']);

  r.get(
    `${API}/notice-list`,
    { auth: 'signed-in', summary: '流程消息', query: z.object({ ...paging, isRead: readFilter }), data: pageShape(Obj) },
    async ({ req, query }) => {
      const c = callerOf(req);
      const s = new Params();
      let from = `from wf_notice n left join wf_task t on t.id = n.task_id left join wf_instance i on i.id = n.instance_id
        left join wf_definition d on d.id = i.definition_id where n.tenant_id = ${s.p(c.tenantId)} and n.user_id = ${s.p(c.userId)}`;
      if (query.isRead) from += ` and n.read_time is ${query.isRead === '1' ? 'not ' : ''}null`;
      const page = await pageOf<Notice>(ctx.db, s, from, noticeSelect(ctx.tz), 'n.create_time desc, n.id desc', query);
      // Whether the message's task is the caller's to handle (held, or unclaimed with the caller a
      // candidate): the message then opens the task, else a read-only view (a notice goes to
      // others too, such as the step's leader role).
      const open = page.records.filter((n) => n.taskStatus === 'open' && n.taskId).map((n) => n.taskId as string);
      const mine = new Set<string>();
      if (open.length) {
        const p = new Params();
        const rows = await ctx.db.query<{ id: string }>(
          `select t.id::text as id from wf_task t where t.id in (select jsonb_array_elements_text(${p.p(JSON.stringify(open))}::jsonb)::bigint)
              and (t.assignee = ${p.p(c.userId)} or (t.assignee is null and ${candidateOf(p, c, 't.id')}))`,
          p.values,
        );
        for (const r of rows) mine.add(r.id);
      }
      return ok({ ...page, records: page.records.map((n) => ({ ...n, canHandle: Boolean(n.taskId && mine.has(n.taskId)) })) });
    },
  );

  r.post(
    `${API}/notice-read`,
    { auth: 'signed-in', summary: '流程消息标记已读', params: z.object({ ids: idCsv('消息') }), data: z.number().int() },
    async ({ req, params }) => ok(await markOwnRead(ctx.db, 'wf_notice', callerOf(req), params.ids)),
  );
}
