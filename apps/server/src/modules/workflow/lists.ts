import type { Queryable } from '@civdesk/db';
import type { PageData } from '@civdesk/meta';
import type { Caller } from '../../core/caller.ts';
import { categoryName } from './definitions.ts';
import { realName, userJoin } from './people.ts';
import { fmt, zone } from './sql.ts';

export { fmt };

// The work lists (待签, 待办, 已发, 已办), the follow list and the history of one instance, each one
// statement for the page beside one count. Rows carry the BladeFlow shape the screens read.

/** Collects parameters while a statement is written: `s.p(value)` gives its placeholder. */
export class Params {
  readonly values: unknown[] = [];
  p(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
  /** The same, under the name the shared data-scope rules use. */
  add(v: unknown): string {
    return this.p(v);
  }
}

export type PageInput = { current: number; size: number };
export type ListFilter = PageInput & { processDefinitionName?: string; category?: string; beginDate?: string; endDate?: string };

export async function pageOf<T extends { category?: string | null }>(
  q: Queryable,
  s: Params,
  from: string,
  select: string,
  order: string,
  { current, size }: PageInput,
): Promise<PageData<T & { categoryName?: string }>> {
  const [{ n }] = await q.query<{ n: number }>(`select count(*)::int as n ${from}`, s.values);
  const rows = await q.query<T>(`select ${select} ${from} order by ${order} limit ${size} offset ${(current - 1) * size}`, s.values);
  const records = rows.map((r) => ('category' in r ? { ...r, categoryName: categoryName(r.category ?? null) } : r));
  return { records, total: n, size, current, pages: Math.ceil(n / size) };
}

const TASK_SELECT = (tz: string) => `t.id::text as "taskId", t.name as "taskName", t.node_id as "taskDefinitionKey", t.assignee,
  ${realName('ua')} as "assigneeName", d.category, ${fmt('t.created_at', tz)} as "createTime", ${fmt('t.end_time', tz)} as "endTime",
  ${fmt('t.claim_time', tz)} as "claimTime", i.id::text as "processInstanceId", d.id::text as "processDefinitionId",
  d.process_key as "processDefinitionKey", d.name as "processDefinitionName", d.version as "processDefinitionVersion",
  (i.status <> 'active') as "processIsFinished", i.business_table as "businessTable", i.business_key as "businessId",
  t.status, i.start_user as "startUser", i.start_user_name as "startUserName", t.form_key as "formKey", t.comment, t.flag,
  ${fmt('t.due_at', tz)} as "dueTime"`;

const TASK_FROM = `from wf_task t join wf_instance i on i.id = t.instance_id join wf_definition d on d.id = i.definition_id ${userJoin('ua', 't.assignee')}`;

/** The filters every work list takes: process name, category, and a date range on `timeCol`. */
function filters(s: Params, f: ListFilter, timeCol: string, tz: string): string {
  const w: string[] = [];
  if (f.processDefinitionName) w.push(`d.name ilike ${s.p(`%${f.processDefinitionName.replace(/[\\%_]/g, '\\$&')}%`)}`);
  if (f.category) w.push(`d.category = ${s.p(f.category)}`);
  if (f.beginDate) w.push(`${timeCol} >= (${s.p(f.beginDate)}::timestamp at time zone ${zone(tz)})`);
  if (f.endDate) w.push(`${timeCol} < (${s.p(f.endDate)}::date + 1)::timestamp at time zone ${zone(tz)}`);
  return w.map((x) => ` and ${x}`).join('');
}

/** The candidate rows matching a caller. */
export function candidateMatch(s: Params, c: Caller): string {
  return `select cd.task_id from wf_task_candidate cd where ${candidateWho(s, c)}`;
}

/**
 * The task in `taskCol` lists the caller as a candidate: a probe of that task's own candidate rows.
 * For checks on one instance's or a page's tasks; `t.id in (candidateMatch)` inside an `or` would
 * read every task the caller's roles may ever claim.
 */
export function candidateOf(s: Params, c: Caller, taskCol: string): string {
  return `exists (select 1 from wf_task_candidate cd where cd.task_id = ${taskCol} and ${candidateWho(s, c)})`;
}

function candidateWho(s: Params, c: Caller): string {
  return `cd.tenant_id = ${s.p(c.tenantId)} and (
    (cd.kind = 'user' and cd.value = ${s.p(c.userId)})
    or (cd.kind = 'role' and cd.value in (select jsonb_array_elements_text(${s.p(JSON.stringify([...c.roleIds, ...c.roleAliases]))}::jsonb)))
    or (cd.kind = 'dept' and cd.value in (select jsonb_array_elements_text(${s.p(JSON.stringify(c.deptIds))}::jsonb))))`;
}

export type WorkList = 'claim' | 'todo' | 'send' | 'done';

export function workList(q: Queryable, tz: string, c: Caller, list: WorkList, f: ListFilter) {
  const s = new Params();
  const z = tz;
  if (list === 'todo') {
    const from = `${TASK_FROM} where t.tenant_id = ${s.p(c.tenantId)} and t.status = 'open' and t.assignee = ${s.p(c.userId)}${filters(s, f, 't.created_at', z)}`;
    return pageOf(q, s, from, TASK_SELECT(z), 't.created_at desc, t.id desc', f);
  }
  if (list === 'claim') {
    const from = `${TASK_FROM} where t.tenant_id = ${s.p(c.tenantId)} and t.status = 'open' and t.assignee is null
      and t.id in (${candidateMatch(s, c)})${filters(s, f, 't.created_at', z)}`;
    return pageOf(q, s, from, TASK_SELECT(z), 't.created_at desc, t.id desc', f);
  }
  if (list === 'done') {
    const from = `${TASK_FROM} where t.tenant_id = ${s.p(c.tenantId)} and t.completed_by = ${s.p(c.userId)}${filters(s, f, 't.end_time', z)}`;
    return pageOf(q, s, from, TASK_SELECT(z), 't.end_time desc, t.id desc', f);
  }
  const from = `from wf_instance i join wf_definition d on d.id = i.definition_id
    where i.tenant_id = ${s.p(c.tenantId)} and i.start_user = ${s.p(c.userId)} and i.parent_instance_id is null${filters(s, f, 'i.started_at', z)}`;
  return pageOf(q, s, from, instanceSelect(z), 'i.started_at desc, i.id desc', f);
}

/** An instance as the send and follow lists show it. */
export const instanceSelect = (tz: string) => `i.id::text as "processInstanceId", d.id::text as "processDefinitionId",
  d.process_key as "processDefinitionKey", d.name as "processDefinitionName", d.version as "processDefinitionVersion", d.category,
  i.business_table as "businessTable", i.business_key as "businessId", i.start_user as "startUser", i.start_user_name as "startUserName",
  ${fmt('i.started_at', tz)} as "createTime", ${fmt('i.ended_at', tz)} as "endTime", (i.status <> 'active') as "processIsFinished",
  case when i.status <> 'active' then i.status when i.suspended_at is not null then 'suspended' else 'running' end as status,
  case when i.suspended_at is null then 1 else 2 end as "suspensionState",
  (select string_agg(distinct ot.name, ',') from wf_task ot where ot.instance_id = i.id and ot.status = 'open') as "currentActivityNames"`;

/** The counts for the shell's badge; `copy` and `notice` count the unread copies and workflow notices. */
export async function workCounts(q: Queryable, c: Caller) {
  const s = new Params();
  const t = s.p(c.tenantId);
  const u = s.p(c.userId);
  const [r] = await q.query<Record<string, number>>(
    `select (select count(*)::int from wf_task t where t.tenant_id = ${t} and t.status = 'open' and t.assignee = ${u}) as todo,
            (select count(*)::int from wf_task t where t.tenant_id = ${t} and t.status = 'open' and t.assignee is null and t.id in (${candidateMatch(s, c)})) as claim,
            (select count(*)::int from wf_instance i where i.tenant_id = ${t} and i.start_user = ${u} and i.parent_instance_id is null) as send,
            (select count(*)::int from wf_task t where t.tenant_id = ${t} and t.completed_by = ${u}) as done,
            (select count(*)::int from wf_cc c where c.tenant_id = ${t} and c.user_id = ${u} and c.read_time is null) as "copy",
            (select count(*)::int from wf_notice n where n.tenant_id = ${t} and n.user_id = ${u} and n.read_time is null) as notice`,
    s.values,
  );
  return r;
}

/** Duration text: 2天3小时, 2小时5分, 5分, 30秒. */
export function durationText(ms: number | null): string {
  if (ms === null || ms < 0) return '';
  const sec = Math.floor(ms / 1000);
  const d = Math.floor(sec / 86400);
  const h = Math.floor((sec % 86400) / 3600);
  const m = Math.floor((sec % 3600) / 60);
  if (d) return `${d}天${h ? `${h}小时` : ''}`;
  if (h) return `${h}小时${m ? `${m}分` : ''}`;
  if (m) return `${m}分`;
  return `${sec}秒`;
}

type HistoryRow = {
  historyActivityId: string;
  historyActivityName: string | null;
  historyActivityType: string | null;
  assignee: string | null;
  assigneeName: string | null;
  createTime: string;
  endTime: string | null;
  ms: number | null;
  comment: string | null;
  flag: string | null;
  taskId: string | null;
  at: unknown;
  o: number;
};

/**
 * The steps of an instance in time order: its start and end, each task (open or closed, with who,
 * when, opinion and how long) and the other nodes it passed.
 */
export async function historyFlow(q: Queryable, tz: string, tenantId: string, instanceId: string) {
  const rows = await q.query<HistoryRow>(
    `select * from (
       select t.node_id as "historyActivityId", t.name as "historyActivityName", 'userTask' as "historyActivityType",
              coalesce(t.completed_by, t.assignee) as assignee, ${realName('u')} as "assigneeName", ${fmt('t.created_at', tz)} as "createTime",
              ${fmt('t.end_time', tz)} as "endTime", (extract(epoch from t.end_time - t.created_at) * 1000)::bigint as ms,
              t.comment, coalesce(t.flag, case when t.status not in ('open', 'completed') then t.status end) as flag, t.id::text as "taskId", t.created_at as at, 1 as o
         from wf_task t ${userJoin('u', 'coalesce(t.completed_by, t.assignee)')} where t.instance_id = $1 and t.tenant_id = $2
       union all
       select h.node_id, coalesce(h.node_name, case h.type when 'start' then '开始' else '结束' end), coalesce(h.node_type, case h.type when 'start' then 'startEvent' else 'endEvent' end),
              h.actor, ${realName('u')}, ${fmt('h.at', tz)}, ${fmt('h.at', tz)}, 0, h.opinion, h.type, null, h.at, case h.type when 'start' then 0 else 2 end
         from wf_history h ${userJoin('u', 'h.actor')}
        where h.instance_id = $1 and h.tenant_id = $2 and (h.type = 'start' or (h.type in ('end', 'terminate') and h.node_id is not null) or (h.type = 'pass' and h.node_type <> 'userTask'))
     ) x order by at, o`,
    [instanceId, tenantId],
  );
  return rows.map(({ ms, at: _at, o: _o, ...r }) => ({ ...r, historyActivityDurationTime: durationText(ms === null ? null : Number(ms)) }));
}
