import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Obj, pageShape } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { ok } from '../../core/envelope.ts';
import { callerOf } from '../../core/request.ts';
import { routes } from '../../core/route.ts';
import { markOwnRead, readFilter } from './copies.ts';
import { fmt, Params, pageOf } from './lists.ts';
import { idCsv, paging } from './schemas.ts';

// The caller's workflow notices (待办/待签 of each new task) for the shell's bell: a page, newest
// first, with the read state kept on the server; work/counts carries the unread ones as `notice`.

const API = '/api/blade-flow/work';

const noticeSelect = (tz: string) => `n.id::text as id, n.title, ${fmt('n.create_time', tz)} as "createTime",
  ${fmt('n.read_time', tz)} as "readTime", (n.read_time is not null) as "isRead", n.task_id::text as "taskId",
  t.status as "taskStatus", t.form_key as "formKey", i.id::text as "processInstanceId", i.business_key as "businessId",
  d.name as "processDefinitionName"`;

export function registerNoticeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, ['Workflow']);

  r.get(
    `${API}/notice-list`,
    { auth: 'signed-in', summary: '流程消息', query: z.object({ ...paging, isRead: readFilter }), data: pageShape(Obj) },
    ({ req, query }) => {
      const c = callerOf(req);
      const s = new Params();
      let from = `from wf_notice n left join wf_task t on t.id = n.task_id left join wf_instance i on i.id = n.instance_id
        left join wf_definition d on d.id = i.definition_id where n.tenant_id = ${s.p(c.tenantId)} and n.user_id = ${s.p(c.userId)}`;
      if (query.isRead) from += ` and n.read_time is ${query.isRead === '1' ? 'not ' : ''}null`;
      return pageOf(ctx.db, s, from, noticeSelect(ctx.tz), 'n.create_time desc, n.id desc', query).then(ok);
    },
  );

  r.post(
    `${API}/notice-read`,
    { auth: 'signed-in', summary: '流程消息标记已读', params: z.object({ ids: idCsv('消息') }), data: z.number().int() },
    async ({ req, params }) => ok(await markOwnRead(ctx.db, 'wf_notice', callerOf(req), params.ids)),
  );
}
