import type { Queryable } from '@civdesk/db';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Obj, pageShape } from '../../core/answers.ts';
import type { Caller } from '../../core/caller.ts';
import type { AppContext } from '../../core/context.ts';
import { ok } from '../../core/envelope.ts';
import { optional } from '../../core/input.ts';
import { callerOf } from '../../core/request.ts';
import { routes } from '../../core/route.ts';
import { fmt, Params, pageOf } from './lists.ts';
import { realName, userJoin } from './people.ts';
import { idCsv, paging, searchText } from './schemas.ts';

// 抄送: the copies sent to the caller, newest first, with their read state. Anyone signed in reads
// and marks their own copies; the instance's diagram and history open to them as a participant.

const API = '/api/blade-flow/work';

const copySelect = (tz: string) => `c.id::text as id, c.task_id::text as "taskId", t.name as "taskName",
  i.id::text as "processInstanceId", d.id::text as "processDefinitionId", d.process_key as "processDefinitionKey",
  d.name as "processDefinitionName", d.category, i.business_table as "businessTable", i.business_key as "businessId",
  i.start_user as "startUser", i.start_user_name as "startUserName", c.from_user as "fromUser", ${realName('uf')} as "fromUserName",
  ${fmt('c.create_time', tz)} as "createTime", ${fmt('c.read_time', tz)} as "readTime", (c.read_time is not null) as "isRead",
  case when i.status <> 'active' then i.status when i.suspended_at is not null then 'suspended' else 'running' end as status`;

export const readFilter = optional(z.enum(['0', '1'], { error: 'isRead 应为 0 或 1' }));

export function registerCopyRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, ['Workflow']);

  r.get(
    `${API}/copy-list`,
    {
      auth: 'signed-in',
      summary: '抄送事务',
      query: z.object({ ...paging, processDefinitionName: searchText, isRead: readFilter }),
      data: pageShape(Obj),
    },
    ({ req, query }) => {
      const c = callerOf(req);
      const s = new Params();
      let from = `from wf_cc c join wf_instance i on i.id = c.instance_id join wf_definition d on d.id = i.definition_id
        left join wf_task t on t.id = c.task_id ${userJoin('uf', 'c.from_user')}
        where c.tenant_id = ${s.p(c.tenantId)} and c.user_id = ${s.p(c.userId)}`;
      if (query.processDefinitionName) from += ` and d.name ilike ${s.p(`%${query.processDefinitionName.replace(/[\\%_]/g, '\\$&')}%`)}`;
      if (query.isRead) from += ` and c.read_time is ${query.isRead === '1' ? 'not ' : ''}null`;
      return pageOf(ctx.db, s, from, copySelect(ctx.tz), 'c.create_time desc, c.id desc', query).then(ok);
    },
  );

  r.post(
    `${API}/copy-read`,
    { auth: 'signed-in', summary: '抄送标记已读', params: z.object({ ids: idCsv('抄送') }), data: z.number().int() },
    async ({ req, params }) => ok(await markOwnRead(ctx.db, 'wf_cc', callerOf(req), params.ids)),
  );
}

/** Marks the caller's own unread rows among `ids` read; another user's id changes nothing. Answers how many. */
export async function markOwnRead(q: Queryable, table: 'wf_cc' | 'wf_notice', c: Caller, ids: string[]): Promise<number> {
  const rows = await q.query(
    `update ${table} set read_time = now() where tenant_id = $1 and user_id = $2 and read_time is null
       and id in (select jsonb_array_elements_text($3::jsonb)::bigint) returning id`,
    [c.tenantId, c.userId, JSON.stringify(ids)],
  );
  return rows.length;
}
